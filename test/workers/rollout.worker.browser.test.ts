// The rollout worker in Chromium: an async run whose batches are played in the worker (on the CPU twin, and
// on a WebGPU device of the worker's own) equals the same run played in-process.
import { expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import { createTrainer } from '../../src/rl/setup';
import { startRolloutWorker } from '../../src/workers/rollout-client';
import { numbers, tinyConfig } from '../rl/helpers';

/**
 * One run on `device` (the page's, for webgpu). Its trainer is left open in `open` until the test ends: a device
 * hands back a pipeline it already holds instead of compiling it again, and on SwiftShader compiling is most of a
 * run (the in-process run took 11-13 s on a fresh device, under 2 s beside the first run's open trainer).
 */
async function run(backend: 'cpu' | 'webgpu', inWorker: boolean, device: GPUDevice | null, open: { dispose(): void }[]) {
  const config = tinyConfig({ async: true, backend, bcSteps: 0, updates: 2 });
  const { trainer } = await createTrainer(config, device ? { device } : {});
  open.push(trainer);
  expect(trainer.backend).toBe(backend);
  const worker = inWorker ? await startRolloutWorker({ ...config, backend: trainer.backend }, (await trainer.checkpoint()).vocab) : null;
  trainer.useRollouts(worker);
  const out = [];
  for (let k = 0; k < config.updates; k++) out.push(numbers(await trainer.step()));
  const { rng, pending } = await trainer.checkpoint();
  worker?.dispose();
  return { out, rng, pending };
}

for (const backend of ['cpu', 'webgpu'] as const) {
  it(`async batches played in the rollout worker equal in-process ones (${backend})`, async () => {
    const got = backend === 'webgpu' ? await acquireDevice() : null;
    if (got && got.kind !== 'webgpu') throw new Error(`no WebGPU in this page: ${got.reason}`);
    const device = got?.kind === 'webgpu' ? got.device : null;
    const open: { dispose(): void }[] = [];
    try {
      const inWorker = await run(backend, true, device, open);
      const inProcess = await run(backend, false, device, open);
      expect(inWorker.out).toEqual(inProcess.out);
      expect(inWorker.rng).toEqual(inProcess.rng);
      expect(inWorker.pending).toEqual(inProcess.pending);
    } finally {
      for (const trainer of open) trainer.dispose();
    }
  }, 300_000);
}
