// evaluate() on the scripted press-one env with a policy whose choices are known in advance: which tasks it plays
// (seeds pinned), where (test split, the difficulty's level, the turn limit), in which batches, with which sampling
// options and streams, and the metrics counted by hand.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { Generation, GenerateOptions } from '../../src/model/policy-api';
import { END } from '../../src/model/tokenizer';
import { evalSeeds, evaluate, GREEDY_TOP_P } from '../../src/rl/evaluate';
import type { AgentIO } from '../../src/rl/rollout';
import { CLICK1, CLICK2, config, IO, PressOne, SPEC } from './scripted';

/** The prompt starts with the task's number (PressOne's goal is `press <seed % 7>`). */
const NUMBERED_IO: AgentIO = { ...IO, prompt: (goal, _obs, past) => ({ tokens: [Number(goal.split(' ')[1]), ...past.map(() => 7)], words: [] }) };

/** Greedy (top-p 0): click(1) on even task numbers; sampled: click(1) on numbers below 3. Records every call. */
class KnownPolicy {
  calls: { rows: number; temperature: number; topP: number; grammar: boolean; firstDraw: number }[] = [];
  async generate(prompts: readonly (readonly number[])[], o: GenerateOptions): Promise<Generation> {
    this.calls.push({ rows: prompts.length, temperature: o.temperature, topP: o.topP, grammar: o.allowed !== undefined, firstDraw: o.rng.next() });
    const wins = (n: number) => (o.topP === GREEDY_TOP_P ? n % 2 === 0 : n < 3);
    const tokens = prompts.map((p) => [wins(p[0]) ? CLICK1 : CLICK2, END]);
    return { tokens, logp: tokens.map(() => [-1, -0.1]), entropy: tokens.map(() => [0, 0]) };
  }
}

// Seed 1's five evaluation tasks; their numbers (seed % 7) are 6, 2, 5, 0, 3.
const SEEDS_OF_1 = [2358847217, 3059935685, 846566152, 2085387038, 4113574881];

beforeEach(() => void (PressOne.resets = []));
afterEach(() => vi.restoreAllMocks());

describe('evalSeeds', () => {
  it("draws evalTasks seeds from the seed's own eval/tasks stream", () => {
    expect(evalSeeds({ seed: 1, evalTasks: 5 })).toEqual(SEEDS_OF_1);
    expect(evalSeeds({ seed: 1, evalTasks: 2 })).toEqual(SEEDS_OF_1.slice(0, 2));
    expect(evalSeeds({ seed: 2, evalTasks: 3 })).toEqual([3667341298, 2958554731, 217405971]);
    expect(SEEDS_OF_1.map((s) => s % 7)).toEqual([6, 2, 5, 0, 3]);
  });
});

describe('evaluate', () => {
  const c = config({ seed: 1, evalTasks: 5, group: 2, tasks: 2, temperature: 1.5, topP: 0.9, difficulty: 1 });

  it('counts greedy and sampled successes and the mean return by hand', async () => {
    vi.spyOn(performance, 'now').mockReturnValueOnce(1000).mockReturnValueOnce(1250);
    const { metrics, greedy } = await evaluate(new KnownPolicy(), NUMBERED_IO, SPEC, c);
    // Greedy wins on 6, 2 and 0 (3 of 5); sampled on 2 and 0 (2 of 5); a win is worth 1, a loss 0.
    expect(metrics).toEqual({ 'eval/success': 0.6, 'eval/success_sampled': 0.4, 'eval/return': 0.6, 'perf/eval_ms': 250 });
    expect(greedy.map((e) => [e.seed, e.success, e.turns.length])).toEqual([
      [SEEDS_OF_1[0], true, 1], [SEEDS_OF_1[1], true, 1], [SEEDS_OF_1[2], false, 3], [SEEDS_OF_1[3], true, 1], [SEEDS_OF_1[4], false, 3],
    ]);
  });

  it("plays the tasks in order on the test split at the difficulty's level, greedy then sampled", async () => {
    await evaluate(new KnownPolicy(), NUMBERED_IO, SPEC, c);
    expect(PressOne.resets).toEqual([...SEEDS_OF_1, ...SEEDS_OF_1].map((seed) => ({ seed, options: { n: 1 }, split: 'test' })));
  });

  it('batches G x B episodes by default, or o.rows, and stops each at the turn limit', async () => {
    const byDefault = new KnownPolicy();
    await evaluate(byDefault, NUMBERED_IO, SPEC, c);
    // Greedy: [6 2 5 0] then [3], losers (5; 3) play all 3 turns; sampled: [6 2 5 0] (6, 5 lose) then [3].
    expect(byDefault.calls.map((k) => k.rows)).toEqual([4, 1, 1, 1, 1, 1, 4, 2, 2, 1, 1, 1]);
    const inTwos = new KnownPolicy();
    await evaluate(inTwos, NUMBERED_IO, SPEC, { ...c, maxTurns: 2 }, { rows: 2 });
    expect(inTwos.calls.map((k) => k.rows)).toEqual([2, 2, 1, 1, 1, 2, 1, 2, 1, 1, 1]);
  });

  it('decodes greedily at temperature 1 then samples at the config temperature and top-p, each on a stream of its own', async () => {
    const policy = new KnownPolicy();
    await evaluate(policy, NUMBERED_IO, SPEC, c);
    const greedyDraws = Rng.fromSeed(1).split('eval/greedy');
    const sampledDraws = Rng.fromSeed(1).split('eval/sample');
    const expected = [4, 1, 1, 1, 1, 1].map(() => ({ temperature: 1, topP: 0, draw: greedyDraws.next() }));
    expected.push(...[4, 2, 2, 1, 1, 1].map(() => ({ temperature: 1.5, topP: 0.9, draw: sampledDraws.next() })));
    expect(policy.calls.map((k) => ({ temperature: k.temperature, topP: k.topP, draw: k.firstDraw }))).toEqual(expected);
    expect(policy.calls.every((k) => k.grammar)).toBe(true);
    const free = new KnownPolicy();
    await evaluate(free, NUMBERED_IO, SPEC, { ...c, grammar: false });
    expect(free.calls.some((k) => k.grammar)).toBe(false);
  });

  it('plays no sampled episodes when asked not to', async () => {
    const policy = new KnownPolicy();
    const { metrics } = await evaluate(policy, NUMBERED_IO, SPEC, c, { sampled: false });
    expect(Object.keys(metrics).sort()).toEqual(['eval/return', 'eval/success', 'perf/eval_ms']);
    expect(policy.calls.map((k) => k.topP)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(PressOne.resets).toHaveLength(5);
  });
});
