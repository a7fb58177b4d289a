// Learning at f16 precision (WebGPU on lavapipe, forward products in f16): first-steps still reaches 0.9 success.
import { expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import { getPreset, presetConfig } from '../../src/rl/presets';
import { lastMean, showCurve, successCurve } from './helpers';

it('first-steps on WebGPU with f16 forward products reaches 0.9 success within its updates', async () => {
  const got = await acquireDevice();
  if (got.kind !== 'webgpu') throw new Error(got.reason);
  const config = presetConfig(getPreset('first-steps')!, undefined, { backend: 'webgpu', f16: true });
  const { curve, note } = await successCurve(config, { device: got.device });
  expect(note).toContain('f16 forward matrix products');
  expect(lastMean(curve), showCurve(curve)).toBeGreaterThanOrEqual(0.9);
}, 600_000);
