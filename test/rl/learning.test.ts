// Learning, judged on held-out tasks: after the BC warm-up the greedy policy's success on the test split is measured,
// then GRPO must lift it to 0.9 within a few updates (CPU backend; the learning bench times the real targets). login's
// test split holds page layouts (heading and link pairs) training never shows, with the fields in either order.
import { describe, expect, it } from 'vitest';
import { firstReaching, trainCurve, type Curve } from '../../src/rl/curve';
import { getPreset, presetConfig } from '../../src/rl/presets';

const show = (c: Curve) => `eval success (test split) by update: ${c.evals.map((p) => `${p.update}:${p.metrics['eval/success'].toFixed(2)}`).join(' ')}`;

/** Preset, what it shows, and the most BC alone may reach on the test split (the issue's bounds: 0.6 and 0.5). */
const CASES = [
  ['first-steps', 'click-button: one BC step on 2 demonstrations', 0.6],
  ['login', 'login-user, three turns: 11 BC steps', 0.5],
] as const;

describe('learning, on the test split', () => {
  it.each(CASES)('%s (%s) leaves the test tasks at most %f, GRPO then reaches 0.9 eval success', async (preset, _what, bcMax) => {
    const config = presetConfig(getPreset(preset)!, undefined, { backend: 'cpu', evalEvery: 5, evalTasks: 50 });
    const curve = await trainCurve(config, { seconds: Infinity, stopAt: 0.9 });
    expect(curve.evals[0].metrics['eval/success'], show(curve)).toBeLessThanOrEqual(bcMax);
    expect(firstReaching(curve, 0.9), show(curve)).not.toBeNull();
  }, 600_000);
});
