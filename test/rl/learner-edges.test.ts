// The Learner's rules at their edges with the scripted stand-in policy and hand-built episodes: which parameters the KL
// reference keeps (ref = init or bc), the one row an all-zero-advantage batch keeps, which rows carry signal, and
// aggregation weights where an episode has no action tokens (it is not an episode in grpo's or dr_grpo's count).
import { describe, expect, it } from 'vitest';
import type { Demonstrations } from '../../src/rl/bc';
import { Learner, samplingEntropy } from '../../src/rl/learner';
import type { EpisodeRecord, TurnRecord } from '../../src/rl/rollout';
import { aggregationWeights } from '../../src/rl/weights';
import { config, ScriptedPolicy } from './scripted';

const DEMOS: Demonstrations = { next: () => ({ rows: 1, width: 2, tokens: new Int32Array([5, 10]), weight: new Float32Array([0, 1]) }) } as unknown as Demonstrations;

const turn = (entropy = [0.5, 0]): TurnRecord => ({ prompt: [5, 6], action: [10, 2], logp: [-1, -0.01], entropy, text: 'click(1)' });
/** An episode of `turns` turns for group b, member i. */
const episode = (b: number, i: number, turns = 1): EpisodeRecord => ({
  task: b, member: i, seed: b, goal: 'g', turns: Array.from({ length: turns }, () => turn()), success: false, progress: 0, truncated: false, envReturn: 0,
});

describe('Learner.warmUp: the KL reference', () => {
  it('keeps the parameters from before BC with ref = init, and those after BC with ref = bc', async () => {
    for (const [ref, version] of [['init', 0], ['bc', 3]] as const) {
      const policy = new ScriptedPolicy(); // each trainStep adds 1 to params[0]
      const steps: number[] = [];
      const learner = await Learner.warmUp(config({ ref, bcSteps: 3 }), policy, async () => new ScriptedPolicy(), DEMOS, (s) => steps.push(s));
      expect(steps).toEqual([0, 1, 2]);
      expect(policy.batches.map((b) => b.hyper.objective)).toEqual(['ce', 'ce', 'ce']);
      expect(learner.referenceParams[0]).toBe(version);
      expect(policy.params[0]).toBe(3);
    }
  });

  it('warms the BC learning rate up linearly over config.warmup steps', async () => {
    const policy = new ScriptedPolicy();
    const lrs: number[] = [];
    const trainStep = policy.trainStep.bind(policy);
    policy.trainStep = (batch, hyper) => (lrs.push(hyper.lr), trainStep(batch, hyper)); // warmUp reuses one hyper object
    await Learner.warmUp(config({ bcSteps: 3, bcLr: 0.3, warmup: 2 }), policy, async () => new ScriptedPolicy(), DEMOS);
    expect(lrs[0]).toBeCloseTo(0.15, 12);
    expect(lrs[1]).toBeCloseTo(0.3, 12);
    expect(lrs[2]).toBeCloseTo(0.3, 12);
  });
});

describe('Learner.update: the rows it trains on', () => {
  const learner = (policy: ScriptedPolicy) => new Learner(policy, async () => new ScriptedPolicy(), new Float32Array([0, 0.5]));
  // Two groups of two, one turn each; episode 1 of group 0 has two turns.
  const eps = () => [episode(0, 0), episode(0, 1, 2), episode(1, 0), episode(1, 1)];

  it('keeps exactly one row (row 0) of an all-zero-advantage batch with beta = 0, weighted by the whole batch', async () => {
    const policy = new ScriptedPolicy();
    const out = await learner(policy).update(eps(), [1, 1, 0, 0], [true, true, true, true], config({ group: 2, beta: 0, entropyCoef: 0, agg: 'bnpo', mu: 1 }), 0, 4);
    expect(Array.from(out.advantages)).toEqual([0, 0, 0, 0]);
    expect(out.fracZeroStd).toBe(1);
    expect(policy.batches).toHaveLength(1);
    const { batch } = policy.batches[0];
    expect(batch.rows).toBe(1);
    // bnpo: 1 / (5 turns * 2 action tokens) on the kept row's two action tokens, after its 2-token prompt.
    expect(Array.from(batch.weight)).toEqual([0, 0, 0.1, 0.1].map(Math.fround));
  });

  it('trains only on the rows of episodes with a non-zero advantage when beta = 0 and no entropy bonus', async () => {
    const policy = new ScriptedPolicy();
    // Group 0 has signal (1 vs 0), group 1 none: rows 0, 1, 2 (episode 1's two turns) stay, rows 3 and 4 go.
    const out = await learner(policy).update(eps(), [1, 0, 1, 1], [true, true, true, true], config({ group: 2, beta: 0, entropyCoef: 0, adv: 'none', mu: 2 }), 0, 4);
    expect(Array.from(out.advantages)).toEqual([0.5, -0.5, 0, 0]);
    expect(policy.batches).toHaveLength(2); // mu passes
    for (const { batch } of policy.batches) {
      expect(batch.rows).toBe(3);
      expect(Array.from(batch.advantage)).toEqual([0.5, -0.5, -0.5]);
    }
  });

  it('trains on every row when beta > 0 (the KL has a gradient) or with an entropy bonus', async () => {
    for (const over of [{ beta: 0.04, entropyCoef: 0 }, { beta: 0, entropyCoef: 0.01 }]) {
      const policy = new ScriptedPolicy();
      const made: ScriptedPolicy[] = [];
      const l = new Learner(policy, async () => (made.push(new ScriptedPolicy()), made.at(-1)!), new Float32Array([7, 0.5]));
      await l.update(eps(), [1, 1, 0, 0], [true, true, true, true], config({ group: 2, mu: 1, ...over }), 0, 4);
      expect(policy.batches[0].batch.rows).toBe(5);
      expect(policy.batches[0].batch.refLogp === null).toBe(over.beta === 0);
      expect(made.length).toBe(over.beta > 0 ? 1 : 0);
      if (over.beta > 0) expect(made[0].params[0]).toBe(7); // the reference holds referenceParams
    }
  });

  it('uses the warmed-up learning rate of the update it is given', async () => {
    const policy = new ScriptedPolicy();
    const out = await learner(policy).update(eps(), [1, 0, 1, 0], [true, true, true, true], config({ group: 2, lr: 0.4, warmup: 4, mu: 1 }), 1, 4);
    expect(out.lr).toBeCloseTo(0.2, 12);
    expect(policy.batches[0].hyper.lr).toBeCloseTo(0.2, 12);
  });
});

describe('Learner.update: what it reports', () => {
  const eps = () => [episode(0, 0), episode(0, 1)];
  const all = [true, true];

  it('averages the optimiser steps over the mu passes', async () => {
    const policy = new ScriptedPolicy();
    const trainStep = policy.trainStep.bind(policy);
    let pass = 0;
    policy.trainStep = async (b, h) => ({ ...(await trainStep(b, h)), loss: [0.2, 0.6][pass], lowClipped: [1, 3][pass++] });
    const out = await new Learner(policy, async () => new ScriptedPolicy(), new Float32Array(2)).update(eps(), [1, 0], all, config({ group: 2, mu: 2 }), 0, 4);
    expect(out.step.loss).toBeCloseTo(0.4, 12);
    expect(out.step.lowClipped).toBe(2);
    // grpo weights both episodes' 2 action tokens: 4 mask tokens, 2 clipped below on average.
    expect(out.clip).toEqual({ low: 0.5, high: 0, region: 0.5 });
  });

  it('gives clip shares of 0, not NaN, when every episode is left out', async () => {
    const policy = new ScriptedPolicy();
    const out = await new Learner(policy, async () => new ScriptedPolicy(), new Float32Array(2)).update(eps(), [1, 0], [false, false], config({ group: 2, mu: 1 }), 0, 4);
    expect(Array.from(out.advantages)).toEqual([0, 0]);
    expect(out.clip).toEqual({ low: 0, high: 0, region: 0 });
    expect(Array.from(policy.batches[0].batch.weight).every((w) => w === 0)).toBe(true);
  });

  it('reads the log-probs after the update only when asked', async () => {
    const policy = new ScriptedPolicy();
    const learner = new Learner(policy, async () => new ScriptedPolicy(), new Float32Array(2));
    expect((await learner.update(eps(), [1, 0], all, config({ group: 2, mu: 1 }), 0, 4)).after).toBeNull();
    const out = await learner.update(eps(), [1, 0], all, config({ group: 2, mu: 1 }), 0, 4, true);
    expect(out.width).toBe(4);
    expect(Array.from(out.after!)).toEqual(new Array(8).fill(-0.5)); // (2 rows, width 4)
  });

  it('makes the frozen reference once, and disposes of it with the policy', async () => {
    const policy = new ScriptedPolicy();
    const made: ScriptedPolicy[] = [];
    const disposed: string[] = [];
    policy.dispose = () => void disposed.push('policy');
    const learner = new Learner(policy, async () => {
      const ref = new ScriptedPolicy();
      ref.dispose = () => void disposed.push('reference');
      made.push(ref);
      return ref;
    }, new Float32Array(2));
    for (let u = 0; u < 2; u++) await learner.update(eps(), [1, 0], all, config({ group: 2, mu: 1, beta: 0.04 }), u, 4);
    expect(made).toHaveLength(1);
    learner.dispose();
    expect(disposed).toEqual(['policy', 'reference']);
  });
});

describe('samplingEntropy', () => {
  it('is the plain mean over every generated token, 0 with none', () => {
    const e = episode(0, 0, 2);
    e.turns[1] = turn([1, 1, 0.5]);
    expect(samplingEntropy([e])).toBeCloseTo(3 / 5, 12);
    expect(samplingEntropy([{ ...e, turns: [] }])).toBe(0);
  });

  it('skips turns without recorded entropies (checkpoints from before they were kept)', () => {
    const e = episode(0, 0, 2);
    delete (e.turns[0] as Partial<TurnRecord>).entropy;
    expect(samplingEntropy([e])).toBeCloseTo(0.25, 12); // turn 1's [0.5, 0]
  });
});

describe('aggregationWeights: an episode without action tokens', () => {
  // Episode 0: 2 action tokens; episode 1: a row with none.
  const spans = [{ episode: 0, start: 1, count: 2 }, { episode: 1, start: 0, count: 0 }];

  it('is not an episode of grpo\'s or dr_grpo\'s count', () => {
    expect(Array.from(aggregationWeights(spans, 3, 'grpo', 4))).toEqual([0, 0.5, 0.5, 0, 0, 0]); // 1 / (2 tokens * 1 episode)
    expect(Array.from(aggregationWeights(spans, 3, 'dr_grpo', 4))).toEqual([0, 0.25, 0.25, 0, 0, 0]); // 1 / (1 * maxLen 4)
    expect(Array.from(aggregationWeights(spans, 3, 'bnpo', 4))).toEqual([0, 0.5, 0.5, 0, 0, 0]);
  });

  it('gives a batch with no action tokens at all zero weight', () => {
    expect(Array.from(aggregationWeights([{ episode: 0, start: 0, count: 0 }], 2, 'grpo', 4))).toEqual([0, 0]);
  });
});
