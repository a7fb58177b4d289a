// Learning at f16 precision (WebGPU on lavapipe, forward products in f16): first-steps still reaches 0.9 success.
import { expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import { getPreset, presetConfig } from '../../src/rl/presets';
import { createTrainer } from '../../src/rl/setup';

it('first-steps on WebGPU with f16 forward products reaches 0.9 success within its updates', async () => {
  const got = await acquireDevice();
  if (got.kind !== 'webgpu') throw new Error(got.reason);
  const config = presetConfig(getPreset('first-steps')!, undefined, { backend: 'webgpu', f16: true });
  const { trainer, note } = await createTrainer(config, { device: got.device });
  expect(note).toContain('f16 forward matrix products');
  const success: number[] = [];
  const lastMean = () => (success.length < 3 ? 0 : success.slice(-3).reduce((a, b) => a + b, 0) / 3);
  for (let k = 0; k < config.updates && lastMean() < 0.9; k++) success.push((await trainer.step()).metrics['episode/success']);
  trainer.dispose();
  expect(lastMean(), `success per update: ${success.map((s) => s.toFixed(2)).join(' ')}`).toBeGreaterThanOrEqual(0.9);
}, 600_000);
