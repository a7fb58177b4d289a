// GRPO starts with AdamW's first moments at zero after behaviour cloning (src/rl/learner.ts clearMomentum): on a real
// tiny CPU policy, BC's momentum is gone when the warm-up ends (its scale and step count stay), and an update with no
// signal then leaves the weights as they are.
import { describe, expect, it } from 'vitest';
import { createPolicy } from '../../src/model/create';
import type { TrainBatch } from '../../src/model/policy-api';
import type { Demonstrations } from '../../src/rl/bc';
import { Learner } from '../../src/rl/learner';
import type { EpisodeRecord } from '../../src/rl/rollout';
import { tok } from '../model/fixtures';
import { config } from './scripted';

/** One demonstration row: a 3-token prompt, then a 2-token action the loss is on. */
const DEMO: TrainBatch = {
  rows: 1, width: 5, tokens: new Int32Array([5, 6, 7, 10, 2]), lengths: new Int32Array([5]), weight: new Float32Array([0, 0, 0, 0.5, 0.5]),
  advantage: new Float32Array(1), oldLogp: new Float32Array(5), refLogp: null,
};
const DEMOS = { next: () => DEMO } as unknown as Demonstrations;

/** Four one-turn episodes in two groups of two; with rewards [1, 1, 0, 0] each group's are equal: no signal. */
const episodes = (): EpisodeRecord[] =>
  [0, 0, 1, 1].map((task, i) => ({
    task, member: i % 2, seed: task, goal: 'g', success: false, progress: 0, truncated: false, envReturn: 0,
    turns: [{ prompt: [5, 6, 7], action: [10, 2], logp: [-1, -1], entropy: [1, 1], text: 'click(1)' }],
  }));

const policy = async () => (await createPolicy({ model: 'tiny', vocab: tok.size, seed: 3, backend: 'cpu' })).policy;

describe("Learner.warmUp: GRPO starts without BC's momentum", () => {
  it("zeroes AdamW's first moments after BC, keeping the second moments, the step count and the cloned weights", async () => {
    const p = await policy();
    const before = await p.getParams();
    await Learner.warmUp(config({ bcSteps: 3, bcLr: 0.01 }), p, policy, DEMOS);
    const s = await p.getState();
    expect(s.step).toBe(3);
    expect(s.adamM.every((x) => x === 0)).toBe(true);
    expect(s.adamV.some((x) => x > 0)).toBe(true);
    expect(s.params.some((x, i) => x !== before[i])).toBe(true); // BC did move the weights
    p.dispose();
  });

  it('so an update whose groups all lack signal leaves the weights unmoved (no weight decay, no KL, no entropy bonus)', async () => {
    const p = await policy();
    const c = config({ bcSteps: 3, bcLr: 0.01, group: 2, beta: 0, weightDecay: 0, entropyCoef: 0, mu: 1 });
    const learner = await Learner.warmUp(c, p, policy, DEMOS);
    const cloned = await p.getParams();
    const out = await learner.update(episodes(), [1, 1, 0, 0], [true, true, true, true], c, 0, 8);
    expect(out.fracZeroStd).toBe(1);
    const after = await p.getParams();
    expect(after.filter((x, i) => x !== cloned[i]).length, 'weights moved').toBe(0);
    p.dispose();
  });
});
