// The policy at f16 precision on Dawn + lavapipe (shader-f16): the whole Policy spec, and one training step equal to
// the CPU twin emulating f16 (CpuOps { f16 }) within the cross-backend tolerance, while differing from f32.
import { expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { CpuOps } from '../../src/cpu/ops';
import { acquireDevice } from '../../src/gpu/device';
import { createPolicy, type CreatedPolicy } from '../../src/model/create';
import { TransformerPolicy } from '../../src/model/policy';
import { presetConfig } from '../../src/model/presets';
import { policySpec, GRPO } from './specs/policy.spec';
import { STEP_TOL, batchFor, expectStepsAgree } from './specs/cross.spec';
import { tok } from './fixtures';

let dev: Promise<GPUDevice> | null = null;
const device = () =>
  (dev ??= acquireDevice().then((g) => {
    if (g.kind !== 'webgpu') throw new Error(g.reason);
    return g.device;
  }));
const f16Policy = async (seed: number, f16 = true) => (await createPolicy({ model: 'tiny', vocab: tok.size, seed, backend: 'webgpu', device: await device(), f16 })).policy;

policySpec('webgpu f16 (Dawn on lavapipe)', (seed) => f16Policy(seed), 10);

it('createPolicy says when the forward products run in f16', async () => {
  const r = await createPolicy({ model: 'tiny', vocab: tok.size, seed: 1, backend: 'webgpu', device: await device(), f16: true });
  expect(r.note).toContain('f16 forward matrix products');
  r.policy.dispose();
});

it(`one GRPO step at f16 equals the CPU twin emulating f16 within ${STEP_TOL} lr, and its log-probs differ from f32's`, async () => {
  const gpu = await f16Policy(11);
  const f32 = await f16Policy(11, false);
  const twin: CreatedPolicy = new TransformerPolicy(new CpuOps({ f16: true }), presetConfig('tiny', tok.size), Rng.fromSeed(11));
  const b = await batchFor(twin);
  const lpT = await twin.logprobs(b, 1);
  const lpG = await gpu.logprobs(b, 1);
  const lp32 = await f32.logprobs(b, 1);
  // Tiny f32 differences in the other ops can flip an f16 rounding (one f16 ulp, ~5e-4 relative), so compare means:
  // measured 1.1e-5 against the twin, 6.3e-4 against f32.
  const meanDiff = (x: Float32Array) => x.reduce((s, v, i) => s + Math.abs(lpG[i] - v), 0) / x.length;
  const maxDiff = (x: Float32Array) => x.reduce((s, v, i) => Math.max(s, Math.abs(lpG[i] - v)), 0);
  expect(meanDiff(lpT)).toBeLessThan(5e-5);
  expect(maxDiff(lpT)).toBeLessThan(2e-3);
  expect(meanDiff(lp32)).toBeGreaterThan(2e-4);
  expect(maxDiff(lp32)).toBeLessThan(0.05);
  await expectStepsAgree(gpu, twin, b, GRPO);
  for (const p of [gpu, f32, twin]) p.dispose();
});
