// Learning: the first-steps preset (click-button, tiny model, BC warm-up then GRPO) reaches 0.9 success on
// the CPU backend within its fixed number of updates.
// SKIPPED for now: with the current tiny model the policy does not learn to match the goal's label to the
// button's id (BC loss stays at the chance level of the id token for 200+ steps; RL then collapses to one
// id). Unskip when the model learns click-button; see the RL report of 2026-11-29.
import { describe, expect, it } from 'vitest';
import { getPreset, presetConfig } from '../../src/rl/presets';
import { createTrainer } from '../../src/rl/setup';

describe('learning', () => {
  it.skip('first-steps reaches 0.9 success (mean of the last 3 updates) within its updates on the CPU', async () => {
    const config = presetConfig(getPreset('first-steps')!, undefined, { backend: 'cpu' });
    const { trainer } = await createTrainer(config);
    const success: number[] = [];
    for (let k = 0; k < config.updates; k++) {
      success.push((await trainer.step()).metrics['episode/success']);
      const last = success.slice(-3);
      if (last.length === 3 && last.reduce((a, b) => a + b, 0) / 3 >= 0.9) break;
    }
    trainer.dispose();
    const last = success.slice(-3);
    expect(last.reduce((a, b) => a + b, 0) / last.length, `success per update: ${success.map((s) => s.toFixed(2)).join(' ')}`).toBeGreaterThanOrEqual(0.9);
  }, 600_000);
});
