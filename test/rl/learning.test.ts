// Learning: BC warm-up then GRPO reaches 0.9 success on the CPU backend within a fixed number of updates.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/core/config';
import { getPreset, presetConfig } from '../../src/rl/presets';
import { lastMean, showCurve, successCurve } from './helpers';

describe('learning', () => {
  it('first-steps (click-button): BC alone does not solve it, GRPO then reaches 0.9 success within its updates', async () => {
    const { curve } = await successCurve(presetConfig(getPreset('first-steps')!, undefined, { backend: 'cpu' }));
    expect(curve[0], 'BC alone should not already solve it').toBeLessThan(0.9);
    expect(lastMean(curve), showCurve(curve)).toBeGreaterThanOrEqual(0.9);
  }, 600_000);

  // A longer action to learn: type the goal's word, then Submit.
  it('enter-text: GRPO after a short BC warm-up reaches 0.9 success within 30 updates', async () => {
    const r = validateConfig({ env: 'enter-text', model: 'tiny', bcSteps: 3, lr: 0.005, updates: 30, backend: 'cpu', seed: 1 });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const { curve } = await successCurve(r.config);
    expect(curve[0], 'BC alone should not already solve it').toBeLessThan(0.9);
    expect(lastMean(curve), showCurve(curve)).toBeGreaterThanOrEqual(0.9);
  }, 600_000);
});
