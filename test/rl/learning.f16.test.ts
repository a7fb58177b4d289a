// Learning at f16 precision (WebGPU on lavapipe, forward products in f16): first-steps still reaches 0.9 eval success.
import { expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import { firstReaching, trainCurve } from '../../src/rl/curve';
import { getPreset, presetConfig } from '../../src/rl/presets';

it('first-steps on WebGPU with f16 forward products reaches 0.9 eval success on the test split within its updates', async () => {
  const got = await acquireDevice();
  if (got.kind !== 'webgpu') throw new Error(got.reason);
  const config = presetConfig(getPreset('first-steps')!, undefined, { backend: 'webgpu', f16: true, evalEvery: 5, evalTasks: 50 });
  const curve = await trainCurve(config, { device: got.device, seconds: Infinity, stopAt: 0.9 });
  expect(curve.note).toContain('f16 forward matrix products');
  expect(firstReaching(curve, 0.9), curve.evals.map((p) => p.metrics['eval/success'].toFixed(2)).join(' ')).not.toBeNull();
}, 600_000);
