// `auto` with a WebGPU device (Dawn on SwiftShader, a software adapter some 50x slower than the wasm backend at
// this size): it times a step on both, keeps the CPU, says so with both timings, and builds the same policy
// (bit for bit) that backend 'cpu' builds, as the calibration puts the state back.
import { expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import { createPolicy } from '../../src/model/create';
import { tok } from '../model/fixtures';

it("auto calibrates on both backends, keeps the faster and says why; the kept policy is the one 'cpu' makes", async () => {
  const got = await acquireDevice();
  if (got.kind !== 'webgpu') throw new Error(got.reason);
  const model = { dim: 32, layers: 1, heads: 2, window: 32 };
  const auto = await createPolicy({ model, vocab: tok.size, seed: 9, backend: 'auto', device: got.device, rows: 4, threads: 1 });
  expect(auto.note).toMatch(/^cpu: wasm SIMD, 1 thread \(auto, calibrated 4 x 32 tokens: webgpu \d+ ms, cpu \d+ ms per step\)$/);
  const cpu = await createPolicy({ model, vocab: tok.size, seed: 9, backend: 'cpu', threads: 1 });
  const [a, b] = [await auto.policy.getState(), await cpu.policy.getState()];
  expect(a.step).toBe(0);
  expect(Buffer.from(a.params.buffer).equals(Buffer.from(b.params.buffer))).toBe(true);
  expect(a.adamM.every((x) => x === 0) && a.adamV.every((x) => x === 0)).toBe(true);
  // a second policy of the same shape on the same device reuses the verdict (the run's reference policy)
  const again = await createPolicy({ model, vocab: tok.size, seed: 10, backend: 'auto', device: got.device, rows: 4, threads: 1 });
  expect(again.note).toBe(auto.note);
  for (const p of [auto, cpu, again]) p.policy.dispose();
});
