// Learning: BC warm-up then GRPO reaches 0.9 success on the CPU backend within a fixed number of updates.
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/core/config-table';
import { validateConfig } from '../../src/core/config';
import { getPreset, presetConfig } from '../../src/rl/presets';
import { createTrainer } from '../../src/rl/setup';

/** Trains until the mean success of the last 3 updates is >= 0.9 or config.updates are done; returns the curve. */
async function successCurve(config: Config): Promise<number[]> {
  const { trainer } = await createTrainer(config);
  const success: number[] = [];
  for (let k = 0; k < config.updates; k++) {
    success.push((await trainer.step()).metrics['episode/success']);
    if (lastMean(success) >= 0.9) break;
  }
  trainer.dispose();
  return success;
}

const lastMean = (xs: number[]) => (xs.length < 3 ? 0 : xs.slice(-3).reduce((a, b) => a + b, 0) / 3);
const show = (xs: number[]) => `success per update: ${xs.map((s) => s.toFixed(2)).join(' ')}`;

describe('learning', () => {
  it('first-steps (click-button): BC alone does not solve it, GRPO then reaches 0.9 success within its updates', async () => {
    const curve = await successCurve(presetConfig(getPreset('first-steps')!, undefined, { backend: 'cpu' }));
    expect(curve[0], 'BC alone should not already solve it').toBeLessThan(0.9);
    expect(lastMean(curve), show(curve)).toBeGreaterThanOrEqual(0.9);
  }, 600_000);

  // A longer action to learn: type the goal's word, then Submit.
  it('enter-text: GRPO after a short BC warm-up reaches 0.9 success within 30 updates', async () => {
    const r = validateConfig({ env: 'enter-text', model: 'tiny', bcSteps: 60, lr: 0.005, updates: 30, backend: 'cpu', seed: 1 });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const curve = await successCurve(r.config);
    expect(curve[0], 'BC alone should not already solve it').toBeLessThan(0.9);
    expect(lastMean(curve), show(curve)).toBeGreaterThanOrEqual(0.9);
  }, 600_000);
});
