// src/rl/rollout.ts by hand, with a policy that plays a script: the lockstep rollout over PressOne (click(1) wins,
// click(2) is refused at progress 0.4, three turns at most), what each turn records, when an episode is done and
// truncated, what generate() is asked; then turnRows and pickRows on small batches.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Config } from '../../src/core/config-table';
import { Rng } from '../../src/core/rng';
import { getEnvSpec } from '../../src/envs/registry';
import type { GenerateOptions, Generation, TrainBatch } from '../../src/model/policy-api';
import { END } from '../../src/model/tokenizer';
import { maxTurnsOf, rollout, rolloutOptionsFor, turnRows, pickRows, type AgentIO, type EpisodeRecord } from '../../src/rl/rollout';
import { CLICK1, CLICK2, IO, PressOne, SPEC } from './scripted';

/** Generates, turn after turn, the scripted action of each row still playing (rows in episode order). */
class ScriptPolicy {
  calls: { prompts: number[][]; o: GenerateOptions }[] = [];
  constructor(private readonly script: (call: number, row: number) => number) {}
  async generate(prompts: readonly (readonly number[])[], o: GenerateOptions): Promise<Generation> {
    const call = this.calls.push({ prompts: prompts.map((p) => [...p]), o }) - 1;
    const tokens = prompts.map((_, row) => [this.script(call, row), END]);
    return { tokens, logp: tokens.map((t, row) => t.map((_, k) => -(row + 1) - k / 10)), entropy: tokens.map(() => [0.5, 0]) };
  }
}

const options = (maxTurns: number, grammar = false) => ({ spec: SPEC, envOptions: { n: 1 }, split: 'test' as const, maxTurns, temperature: 0.7, topP: 0.9, grammar, rng: Rng.fromSeed(3) });

describe('rolloutOptionsFor and maxTurnsOf', () => {
  it("copies the sampling settings, plays the config's level (or the one given), and the config's turn limit or the env's", () => {
    const spec = getEnvSpec('click-button');
    const c: Config = { ...DEFAULT_CONFIG, env: 'click-button', difficulty: 2, split: 'test', maxTurns: 0, temperature: 1.5, topP: 0.8, grammar: false };
    const rng = Rng.fromSeed(1);
    const o = rolloutOptionsFor(spec, c, rng);
    expect(o).toEqual({ spec, envOptions: spec.levels?.[2], split: 'test', maxTurns: spec.maxTurns, temperature: 1.5, topP: 0.8, grammar: false, skipRefused: false, rng });
    expect(rolloutOptionsFor(spec, { ...c, skipRefused: true }, rng).skipRefused).toBe(true);
    expect(rolloutOptionsFor(spec, c, rng, 0).envOptions).toEqual(spec.levels?.[0]);
    expect(maxTurnsOf(spec, { ...c, maxTurns: 1 })).toBe(1);
    expect(maxTurnsOf(spec, c)).toBe(spec.maxTurns);
  });
});

describe('rollout, scripted', () => {
  beforeEach(() => {
    PressOne.resets = [];
  });

  it('G episodes per seed in order, reset on the split and options given, each turn recorded with the env\'s answer', async () => {
    // episode 0 wins at once; 1 misses once then wins; 2 and 3 (seed 9) always miss and run out at 3 turns
    const policy = new ScriptPolicy((call, row) => (call === 0 ? (row === 0 ? CLICK1 : CLICK2) : call === 1 && row === 0 ? CLICK1 : CLICK2));
    const { episodes, stats } = await rollout(policy, IO, [5, 9], 2, options(3));
    expect(PressOne.resets).toEqual([5, 5, 9, 9].map((seed) => ({ seed, options: { n: 1 }, split: 'test' })));
    expect(episodes.map((e) => [e.task, e.member, e.seed, e.goal])).toEqual([[0, 0, 5, 'press 5'], [0, 1, 5, 'press 5'], [1, 0, 9, 'press 2'], [1, 1, 9, 'press 2']]);
    expect(episodes.map((e) => e.turns.map((t) => t.text))).toEqual([['click(1)'], ['click(2)', 'click(1)'], Array(3).fill('click(2)'), Array(3).fill('click(2)')]);
    expect(episodes.map((e) => [e.success, e.progress, e.truncated, e.envReturn])).toEqual([[true, 1, false, 1], [true, 1, false, 1], [false, 0.4, true, 0], [false, 0.4, true, 0]]);
    const [won, missedThenWon] = episodes;
    expect(won.turns[0]).toStrictEqual({ prompt: [5, 6], action: [CLICK1, END], logp: [-1, -1.1], entropy: [0.5, 0], text: 'click(1)', progress: 1 }); // no error key
    expect(missedThenWon.turns[0]).toEqual({ prompt: [5, 6], action: [CLICK2, END], logp: [-2, -2.1], entropy: [0.5, 0], text: 'click(2)', error: 'wrong', progress: 0.4 });
    expect(missedThenWon.turns[1].prompt).toEqual([5, 6, 7]); // the earlier action is in the context
    expect(missedThenWon.turns[1].logp).toEqual([-1, -1.1]); // the second call's row 0: the first episode is done
    // rows per call: 4 playing, then 3 (episode 0 won), then 2; 9 env steps, 2 tokens each
    expect(policy.calls.map((c) => c.prompts.length)).toEqual([4, 3, 2]);
    expect(stats).toEqual({ tokens: 18, envSteps: 9 });
  });

  it("the config's turn limit ends an episode as truncated though the env would go on; no call once all are done", async () => {
    const policy = new ScriptPolicy(() => CLICK2);
    const { episodes, stats } = await rollout(policy, IO, [5], 2, options(2));
    expect(episodes.map((e) => [e.turns.length, e.truncated, e.success])).toEqual([[2, true, false], [2, true, false]]);
    expect(policy.calls).toHaveLength(2);
    expect(stats.envSteps).toBe(4);
    const none = new ScriptPolicy(() => CLICK1);
    expect((await rollout(none, IO, [5], 1, options(0))).episodes[0]).toMatchObject({ turns: [], success: false, progress: 0, truncated: false });
    expect(none.calls).toEqual([]);
  });

  it('stops calling generate once every episode is done, before the turn limit', async () => {
    const policy = new ScriptPolicy(() => CLICK1);
    const { episodes } = await rollout(policy, IO, [5], 2, options(3));
    expect(episodes.map((e) => e.turns.length)).toEqual([1, 1]);
    expect(policy.calls).toHaveLength(1);
  });

  it('an episode the env ends in failure (terminated, no success) is not truncated', async () => {
    /** PressOne where click(2) loses the game at once. */
    class LoseOnTwo extends PressOne {
      override step(action: string) {
        const r = super.step(action);
        return action === 'click(2)' ? { ...r, terminated: true, truncated: false } : r;
      }
      override clone() {
        return Object.assign(new LoseOnTwo(), this);
      }
    }
    const o = { ...options(3), spec: { ...SPEC, create: () => new LoseOnTwo() } };
    const { episodes } = await rollout(new ScriptPolicy((_call, row) => (row === 0 ? CLICK1 : CLICK2)), IO, [5], 2, o);
    expect(episodes.map((e) => [e.turns.length, e.success, e.truncated])).toEqual([[1, true, false], [1, false, false]]);
  });

  it('passes the sampling settings to generate, and the grammar row by row only when grammar is on', async () => {
    const asked: [string, number][] = [];
    const io: AgentIO = { ...IO, allowed: (goal, _obs, context) => (soFar) => (asked.push([goal, context.tokens.length + soFar.length]), [CLICK1]) };
    const o = options(1, true);
    const policy = new ScriptPolicy(() => CLICK1);
    await rollout(policy, io, [5, 9], 1, o);
    const [{ o: given }] = policy.calls;
    expect([given.temperature, given.topP, given.maxNewTokens, given.rng]).toEqual([0.7, 0.9, IO.maxActionTokens, o.rng]);
    expect(given.allowed?.(1, [CLICK1])).toEqual([CLICK1]);
    expect(asked).toEqual([['press 2', 3]]); // row 1 is seed 9's episode
    const plain = new ScriptPolicy(() => CLICK1);
    await rollout(plain, io, [5], 1, options(1, false));
    expect(plain.calls[0].o.allowed).toBeUndefined();
  });

  it('under skipRefused, the grammar no longer offers the action refused since the last accepted one', async () => {
    const io: AgentIO = { ...IO, allowed: () => (soFar) => (soFar.length === 0 ? [CLICK1, CLICK2] : [END]) };
    // turn 1: click(2) refused; turn 2: click(2) is no longer offered; without skipRefused it still is
    for (const skipRefused of [true, false]) {
      const policy = new ScriptPolicy(() => CLICK2);
      await rollout(policy, io, [5], 1, { ...options(2, true), skipRefused });
      const [first, second] = policy.calls.map((c) => Array.from(c.o.allowed?.(0, []) ?? []));
      expect(first).toEqual([CLICK1, CLICK2]);
      expect(second).toEqual(skipRefused ? [CLICK1] : [CLICK1, CLICK2]);
    }
  });
});

function episode(turns: [number[], number[]][]): EpisodeRecord {
  return { task: 0, member: 0, seed: 1, goal: '', success: false, progress: 0, truncated: false, envReturn: 0, turns: turns.map(([prompt, action]) => ({ prompt, action, logp: [], entropy: [], text: '' })) };
}

describe('turnRows', () => {
  it('one row per turn (context then action), right-padded to the longest, with its episode and action span', () => {
    const { batch, spans } = turnRows([episode([[[5, 6], [10, 2]], [[5, 6, 7], [11, 12, 2]]]), episode([[[5], [2]]])]);
    expect([batch.rows, batch.width]).toEqual([3, 6]);
    expect([...batch.lengths]).toEqual([4, 6, 2]);
    expect([...batch.tokens]).toEqual([5, 6, 10, 2, 0, 0, 5, 6, 7, 11, 12, 2, 5, 2, 0, 0, 0, 0]);
    expect(spans).toEqual([{ episode: 0, start: 2, count: 2 }, { episode: 0, start: 3, count: 3 }, { episode: 1, start: 1, count: 1 }]);
  });

  it('no turns: no rows, width 1', () => {
    const { batch, spans } = turnRows([episode([])]);
    expect([batch.rows, batch.width, batch.tokens.length, batch.lengths.length, spans.length]).toEqual([0, 1, 0, 0, 0]);
  });
});

describe('pickRows', () => {
  // 3 rows of width 4, lengths 4, 2, 3; every per-token array numbers its cells 10 * row + column
  const cells = (base: number) => Float32Array.from({ length: 12 }, (_, k) => base + 10 * Math.floor(k / 4) + (k % 4));
  const batch = (refLogp: Float32Array | null): TrainBatch => ({
    rows: 3, width: 4, tokens: Int32Array.from(cells(100)), lengths: Int32Array.from([4, 2, 3]),
    weight: cells(200), advantage: Float32Array.from([0.5, -1, 2]), oldLogp: cells(300), refLogp,
  });

  it('keeps the rows asked for, in that order, cut to the longest of them', () => {
    const got = pickRows(batch(cells(400)), [2, 1]);
    expect([got.rows, got.width]).toEqual([2, 3]);
    expect([...got.tokens]).toEqual([120, 121, 122, 110, 111, 112]);
    expect([...got.lengths]).toEqual([3, 2]);
    expect([...got.weight]).toEqual([220, 221, 222, 210, 211, 212]);
    expect([...got.advantage]).toEqual([2, -1]);
    expect([...got.oldLogp]).toEqual([320, 321, 322, 310, 311, 312]);
    expect([...(got.refLogp ?? [])]).toEqual([420, 421, 422, 410, 411, 412]);
  });

  it('the widest row kept sets the width; no reference stays none; no rows keep width 1', () => {
    const got = pickRows(batch(null), [1, 0]);
    expect(got.width).toBe(4);
    expect([...got.tokens]).toEqual([110, 111, 112, 113, 100, 101, 102, 103]);
    expect(got.refLogp).toBeNull();
    const empty = pickRows(batch(null), []);
    expect([empty.rows, empty.width, empty.tokens.length, empty.weight.length]).toEqual([0, 1, 0, 0]);
  });
});
