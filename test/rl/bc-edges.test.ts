// Behaviour cloning's pieces on the scripted press-one env, counted by hand: one demonstration's record (split,
// prompts, tokens, return, success, truncation), the noisy expert's stream and its empty-legal fallback, the
// cross-entropy batch's weights, and how Demonstrations refills (fresh seeds) or replays a budget.
import { beforeEach, describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { EnvSpec, StepResult } from '../../src/envs/api';
import { END } from '../../src/model/tokenizer';
import { bcBatch, BC_ROWS, Demonstrations, demonstrate, expertDemonstrator } from '../../src/rl/bc';
import type { AgentIO, EpisodeRecord } from '../../src/rl/rollout';
import { CLICK1, CLICK2, IO, PressOne, SPEC } from './scripted';

beforeEach(() => void (PressOne.resets = []));

/** click(2) ends the episode at once, a failure (terminated, not truncated). */
class WrongEnds extends PressOne {
  override step(action: string): StepResult {
    const r = super.step(action);
    return action === 'click(2)' ? { ...r, terminated: true, truncated: false } : r;
  }
}
const WRONG_ENDS: EnvSpec = { ...SPEC, create: () => new WrongEnds() };
const alwaysWrong = { share: 1, legal: () => ['click(2)'] };

describe('demonstrate', () => {
  it("records the expert's episode on the train split as a rollout would", () => {
    const e = demonstrate(SPEC, { n: 1 }, IO, 5, 3);
    expect(PressOne.resets).toEqual([{ seed: 5, options: { n: 1 }, split: 'train' }]);
    expect(e).toEqual({
      task: 0, member: 0, seed: 5, goal: 'press 5', success: true, progress: 1, truncated: false, envReturn: 1,
      turns: [{ prompt: [5, 6], action: [CLICK1, END], logp: [], entropy: [], text: 'click(1)' }],
    });
  });

  it('stops at maxTurns or when the env ends; truncated means out of turns without success, as in a rollout', () => {
    const cut = demonstrate(SPEC, {}, IO, 5, 2, { noise: alwaysWrong });
    expect(cut.turns.map((t) => t.prompt)).toEqual([[5, 6], [5, 6, 7]]);
    expect([cut.success, cut.progress, cut.envReturn, cut.truncated]).toEqual([false, 0.4, 0, true]);
    const envLimit = demonstrate(SPEC, {}, IO, 5, 9, { noise: alwaysWrong }); // PressOne truncates after 3 turns
    expect(envLimit.turns).toHaveLength(3);
    expect(envLimit.truncated).toBe(true);
    const failed = demonstrate(WRONG_ENDS, {}, IO, 5, 9, { noise: alwaysWrong });
    expect(failed.turns.map((t) => t.text)).toEqual(['click(2)']);
    expect([failed.success, failed.truncated]).toEqual([false, false]);
  });

  it('with no turn allowed: no turn, out of turns without success', () => {
    expect(demonstrate(SPEC, {}, IO, 5, 0)).toMatchObject({ turns: [], success: false, truncated: true, envReturn: 0 });
  });

  it("appends the context to the goal in every prompt, and keeps the expert's action when nothing is legal", () => {
    const goals: string[] = [];
    const io: AgentIO = { ...IO, prompt: (goal, obs, past) => (goals.push(goal), IO.prompt(goal, obs, past)) };
    const e = demonstrate(SPEC, {}, io, 3, 3, { context: (env) => ` | plan for ${env.goal}`, noise: { share: 1, legal: () => [] } });
    expect(goals).toEqual(['press 3 | plan for press 3']);
    expect(e.goal).toBe('press 3');
    expect(e.turns.map((t) => t.text)).toEqual(['click(1)']);
  });

  it("swaps actions on the seed's own bc-noise stream", () => {
    const noise = { share: 0.5, legal: () => ['click(2)'] };
    const swapped = (seed: number) => demonstrate(SPEC, {}, IO, seed, 3, { noise }).turns.map((t) => t.text).join(' ');
    /** The expert's click(1) wins, so an episode is the swaps drawn (a chance, then a pick) until one is kept. */
    const expected = (seed: number) => {
      const rng = Rng.fromSeed(seed).split('bc-noise');
      const texts: string[] = [];
      while (texts.length < 3 && rng.chance(0.5)) texts.push(rng.pick(['click(2)']));
      return (texts.length < 3 ? [...texts, 'click(1)'] : texts).join(' ');
    };
    const outcomes = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => {
      expect(swapped(seed)).toBe(expected(seed));
      return swapped(seed);
    });
    expect(new Set(outcomes).size).toBeGreaterThan(1);
  });

  it('expertDemonstrator plays demonstrate with its options on each seed', () => {
    const play = expertDemonstrator(SPEC, { n: 2 }, IO, 2, alwaysWrong);
    expect(play(9)).toEqual(demonstrate(SPEC, { n: 2 }, IO, 9, 2, { noise: alwaysWrong }));
    expect(play(9).turns).toHaveLength(2);
    expect(PressOne.resets.map((r) => [r.seed, r.options])).toEqual([[9, { n: 2 }], [9, { n: 2 }], [9, { n: 2 }]]);
  });
});

describe('bcBatch', () => {
  it('one row per turn, every action token weighted 1 / (action tokens), no advantage, no reference', () => {
    const a = demonstrate(SPEC, {}, IO, 5, 2, { noise: alwaysWrong }); // rows [5 6 | 11 2], [5 6 7 | 11 2]
    const b = demonstrate(SPEC, {}, IO, 6, 2); // row [5 6 | 10 2]
    const batch = bcBatch([a, b]);
    expect([batch.rows, batch.width]).toEqual([3, 5]);
    expect(Array.from(batch.tokens)).toEqual([5, 6, CLICK2, END, 0, 5, 6, 7, CLICK2, END, 5, 6, CLICK1, END, 0]);
    const w = 1 / 6;
    expect(Array.from(batch.weight)).toEqual([0, 0, w, w, 0, 0, 0, 0, w, w, 0, 0, w, w, 0].map(Math.fround));
    expect(Array.from(batch.advantage)).toEqual([0, 0, 0]);
    expect(Array.from(batch.oldLogp)).toEqual(Array(15).fill(0));
    expect(batch.refLogp).toBeNull();
  });
});

describe('Demonstrations', () => {
  /** Expert episodes (one turn; three with `noise`); the seeds it was asked for land in `seeds`. */
  const recording = (noise?: typeof alwaysWrong) => {
    const seeds: number[] = [];
    return { seeds, play: (seed: number): EpisodeRecord => (seeds.push(seed), demonstrate(SPEC, {}, IO, seed, 3, { noise })) };
  };

  it('without a budget, plays fresh seeds from its stream, four batches of turns at a time', () => {
    const { seeds, play } = recording();
    const demos = new Demonstrations(play, Rng.fromSeed(4).split('bc'));
    expect(demos.next().rows).toBe(BC_ROWS);
    expect(BC_ROWS).toBe(16);
    expect(seeds).toHaveLength(64); // 4 x 16 one-turn episodes
    for (let k = 0; k < 3; k++) demos.next();
    expect(seeds).toHaveLength(64);
    demos.next(3);
    expect(seeds).toHaveLength(64 + 12);
    const stream = Rng.fromSeed(4).split('bc');
    expect(seeds.slice(0, 64)).toEqual(Array.from({ length: 64 }, () => stream.nextU32()));
  });

  it('with a budget, plays that many seeds once and serves every turn once per epoch, in shuffled order', () => {
    const { seeds, play } = recording(alwaysWrong);
    const demos = new Demonstrations(play, Rng.fromSeed(4).split('bc'), 2);
    const served = () => {
      const b = demos.next(3);
      return Array.from({ length: 3 }, (_, n) => b.lengths[n]);
    };
    // Two episodes of three turns: prompts of 2, 3 and 4 tokens, rows of 4, 5 and 6.
    for (let epoch = 0; epoch < 3; epoch++) expect([...served(), ...served()].sort()).toEqual([4, 4, 5, 5, 6, 6]);
    expect(seeds).toHaveLength(2);
  });

  it('refuses a budget whose demonstrations have no turns', () => {
    const empty = (seed: number): EpisodeRecord => ({ ...demonstrate(SPEC, {}, IO, seed, 3), turns: [] });
    expect(() => new Demonstrations(empty, Rng.fromSeed(1), 3).next()).toThrow('behaviour cloning: the expert demonstrations have no turns');
  });
});
