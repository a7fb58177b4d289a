// Learning, judged on held-out tasks: after the BC warm-up the greedy policy's success on the test split is measured,
// then GRPO must lift it to 0.9 within a few updates (CPU backend; the learning bench times the real targets). login's
// test split holds page layouts (heading and link pairs) training never shows, with the fields in either order.
import { describe, expect, it } from 'vitest';
import { firstReaching, trainCurve, type Curve } from '../../src/rl/curve';
import { getPreset, presetConfig } from '../../src/rl/presets';

const show = (c: Curve) => `eval success (test split) by update: ${c.evals.map((p) => `${p.update}:${p.metrics['eval/success'].toFixed(2)}`).join(' ')}`;

describe('learning, on the test split', () => {
  it('first-steps (click-button): BC alone does not solve the test tasks, GRPO then reaches 0.9 eval success', async () => {
    const config = presetConfig(getPreset('first-steps')!, undefined, { backend: 'cpu', evalEvery: 5, evalTasks: 50 });
    const curve = await trainCurve(config, { seconds: Infinity, stopAt: 0.9 });
    expect(curve.evals[0].metrics['eval/success'], show(curve)).toBeLessThan(0.9);
    expect(firstReaching(curve, 0.9), show(curve)).not.toBeNull();
  }, 600_000);

  it('login (login-user, three turns): 12 BC steps leave the test split at most 0.6, GRPO then reaches 0.9', async () => {
    const config = presetConfig(getPreset('login')!, undefined, { backend: 'cpu', evalEvery: 5, evalTasks: 50 });
    const curve = await trainCurve(config, { seconds: Infinity, stopAt: 0.9 });
    expect(curve.evals[0].metrics['eval/success'], show(curve)).toBeLessThanOrEqual(0.6);
    expect(firstReaching(curve, 0.9), show(curve)).not.toBeNull();
  }, 600_000);
});
