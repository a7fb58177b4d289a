// The rollout worker in Chromium: an async run whose batches are played in the worker (on the CPU twin, and
// on a WebGPU device of the worker's own) equals the same run played in-process.
import { expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import { createTrainer } from '../../src/rl/setup';
import { startRolloutWorker } from '../../src/workers/rollout-client';
import { numbers, tinyConfig } from '../rl/helpers';

async function run(backend: 'cpu' | 'webgpu', inWorker: boolean) {
  const config = tinyConfig({ async: true, backend, bcSteps: 0, updates: 2 });
  const device = backend === 'webgpu' ? await acquireDevice() : null;
  if (device && device.kind !== 'webgpu') throw new Error(`no WebGPU in this page: ${device.reason}`);
  const { trainer } = await createTrainer(config, device?.kind === 'webgpu' ? { device: device.device } : {});
  expect(trainer.backend).toBe(backend);
  const worker = inWorker ? await startRolloutWorker({ ...config, backend: trainer.backend }, (await trainer.checkpoint()).vocab) : null;
  trainer.useRollouts(worker);
  const out = [];
  for (let k = 0; k < config.updates; k++) out.push(numbers(await trainer.step()));
  const { rng, pending } = await trainer.checkpoint();
  trainer.dispose();
  worker?.dispose();
  return { out, rng, pending };
}

for (const backend of ['cpu', 'webgpu'] as const) {
  it(`async batches played in the rollout worker equal in-process ones (${backend})`, async () => {
    const inWorker = await run(backend, true);
    const inProcess = await run(backend, false);
    expect(inWorker.out).toEqual(inProcess.out);
    expect(inWorker.rng).toEqual(inProcess.rng);
    expect(inWorker.pending).toEqual(inProcess.pending);
  }, 300_000);
}
