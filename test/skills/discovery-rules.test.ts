// Discovery's pure choices by hand: its defaults, the base skill an exploration extends, which exploration is kept,
// Explore's rate, uct-argmax's arm and outcome scores, and Go-Explore's weighted return (src/skills/discovery.ts).

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { DEFAULT_SKILL_SELECT, ExploreRate, better, drawArchived, explorationBase, keptExploration, outcomeScore, pickArm, withDefaults, type ExplorationSeen } from '../../src/skills/discovery';
import { ClusterUct } from '../../src/skills/select';
import type { Skill } from '../../src/skills/types';
import { lineSkill } from './line-env';

/** A line skill clicking `labels` with Bottom-Up Agent's counts: `judged` uses judged consistent and progressive each. */
function skill(name: string, labels: string[], judged = 0, parents: string[] = []): Skill {
  return { ...lineSkill(name, labels, 0.5), successes: judged, consistent: judged, parents };
}

/** What explorationBase returns over seeds 0..99, by skill name ('none' for undefined). */
function bases(cands: Skill[], select: 'uct-argmax' | 'bottom-up', maxLength: number, library: Skill[] = cands): Set<string> {
  const byId = new Map(library.map((s) => [s.id, s]));
  const out = new Set<string>();
  for (let seed = 0; seed < 100; seed++) out.add(explorationBase(cands, select, maxLength, Rng.fromSeed(seed), (id) => byId.get(id))?.name ?? 'none');
  return out;
}

describe('withDefaults', () => {
  it('fills in the config rule, c 0.7, maxLength 4, 32 candidates, agent-<seed> and the clock', () => {
    const before = Date.now();
    const d = withDefaults({ budget: 1, seed: 9 });
    expect(d).toMatchObject({ select: DEFAULT_SKILL_SELECT, c: 0.7, maxLength: 4, maxCandidates: 32, agent: 'agent-9' });
    expect(d.now).toBeGreaterThanOrEqual(before);
    expect(d.now).toBeLessThanOrEqual(Date.now());
  });

  it('keeps what is given, zeros included', () => {
    const given = { select: 'bottom-up', c: 0, maxLength: 1, maxCandidates: 0, agent: 'a', now: 0 } as const;
    expect(withDefaults({ budget: 1, seed: 9, ...given })).toEqual(given);
  });
});

describe('explorationBase', () => {
  const one = skill('one', ['Forward']);
  const two = skill('two', ['Forward', 'Stay']);
  const three = skill('three', ['Forward', 'Stay', 'Stay']);
  const four = skill('four', ['Stay', 'Forward', 'Stay', 'Stay']);
  const five = skill('five', ['Stay', 'Stay']);

  it('ours: half the time one of the 4 fittest shorter than maxLength, else nothing', () => {
    expect(bases([one, two, three, five], 'uct-argmax', 4)).toEqual(new Set(['one', 'two', 'three', 'five', 'none']));
    // A skill of maxLength steps is not extended; the fifth extendable one is never reached.
    expect(bases([four, one, two, three, five, skill('six', ['Stay'])], 'uct-argmax', 4)).toEqual(new Set(['one', 'two', 'three', 'five', 'none']));
    expect(bases([three, two, one], 'uct-argmax', 3)).toEqual(new Set(['two', 'one', 'none']));
    expect(bases([four], 'uct-argmax', 4)).toEqual(new Set(['none']));
    expect(bases([], 'uct-argmax', 4)).toEqual(new Set(['none']));
  });

  it("Bottom-Up Agent's: the fittest by its count, the first on a tie; its parent half the time (none here)", () => {
    const [low, high, tie, mid] = [skill('low', ['Stay'], 1), skill('high', ['Forward'], 3), skill('tie', ['Leap'], 3), skill('mid', ['Stay', 'Stay'], 2)];
    expect(bases([low, high, tie, mid], 'bottom-up', 4)).toEqual(new Set(['high', 'none']));
    expect(bases([mid, low], 'bottom-up', 4)).toEqual(new Set(['mid', 'none']));
    expect(bases([], 'bottom-up', 4)).toEqual(new Set(['none']));
  });

  it("Bottom-Up Agent's: the parent when the library has it, and nothing when the chosen one is maxLength long", () => {
    const parent = skill('parent', ['Stay']);
    const child = skill('child', ['Stay', 'Forward'], 2, [parent.id]);
    expect(bases([child], 'bottom-up', 4, [child, parent])).toEqual(new Set(['child', 'parent']));
    expect(bases([child], 'bottom-up', 2, [child, parent])).toEqual(new Set(['parent', 'none']));
    expect(bases([child], 'bottom-up', 1, [child, parent])).toEqual(new Set(['none']));
  });
});

describe('keptExploration', () => {
  const kept: ExplorationSeen = { ok: true, added: 1, terminated: false, pageChanged: true, length: 1, progressive: false, knownCluster: true };

  it('keeps a single action that changed the page', () => {
    expect(keptExploration(kept)).toBe(true);
    expect(keptExploration({ ...kept, pageChanged: false })).toBe(false);
  });

  it('keeps a longer sequence that changed the page only when it progressed or reached a new cluster', () => {
    const longer = { ...kept, length: 2, added: 2 };
    expect(keptExploration(longer)).toBe(false);
    expect(keptExploration({ ...longer, progressive: true })).toBe(true);
    expect(keptExploration({ ...longer, knownCluster: false })).toBe(true);
    expect(keptExploration({ ...longer, progressive: true, knownCluster: false, pageChanged: false })).toBe(false);
  });

  it('keeps anything that ended the episode, changed or not', () => {
    expect(keptExploration({ ...kept, length: 3, pageChanged: false, terminated: true })).toBe(true);
  });

  it('keeps nothing that erred or added no step', () => {
    expect(keptExploration({ ...kept, ok: false })).toBe(false);
    expect(keptExploration({ ...kept, ok: false, terminated: true })).toBe(false);
    expect(keptExploration({ ...kept, added: 0 })).toBe(false);
    expect(keptExploration({ ...kept, added: 0, terminated: true })).toBe(false);
  });
});

describe('ExploreRate', () => {
  it('starts at 1 and is the plain mean of what the first 50 explorations found', () => {
    const rate = new ExploreRate();
    expect(rate.value).toBe(1);
    rate.record(false);
    expect(rate.value).toBe(0);
    rate.record(true);
    expect(rate.value).toBe(0.5);
    rate.record(true);
    expect(rate.value).toBeCloseTo(2 / 3, 12);
    for (let k = 4; k <= 50; k++) rate.record(false);
    expect(rate.value).toBeCloseTo(2 / 50, 12);
  });

  it('moves by 0.02 of the gap after 50', () => {
    const rate = new ExploreRate();
    for (let k = 1; k <= 50; k++) rate.record(false);
    rate.record(true);
    expect(rate.value).toBeCloseTo(0.02, 12);
  });
});

describe('pickArm', () => {
  // A fresh ClusterUct scores an arm prior + c sqrt(ln 2): only the priors (fitness, Explore's rate) differ.
  const a = { ...skill('a', ['Forward']), fitness: 0.5 };
  const b = { ...skill('b', ['Stay']), fitness: 0.9 };
  const c = { ...skill('c', ['Leap']), fitness: 0.6 };
  const b2 = { ...skill('b2', ['Stay', 'Stay']), fitness: 0.9 };
  const pick = (cands: Skill[], rate: number, tried: string[] = []) => pickArm(new ClusterUct(), 'x', cands, new Set(tried), rate, 0.7)?.name;

  it('takes the highest-scoring candidate above Explore', () => {
    expect(pick([a, b, c], 0.3)).toBe('b');
    expect(pick([a, c], 0.3)).toBe('c');
  });

  it('explores when no candidate scores above Explore, a tie included', () => {
    expect(pick([a, b, c], 0.95)).toBeUndefined();
    expect(pick([a], 0.5)).toBeUndefined();
    expect(pick([], 0)).toBeUndefined();
  });

  it('takes the earlier of two equal candidates, and skips those tried here', () => {
    expect(pick([b, b2], 0)).toBe('b');
    expect(pick([b, b2], 0, [b.id])).toBe('b2');
    expect(pick([b, c], 0, [b.id, c.id])).toBeUndefined();
  });

  it("reads the cluster's counts: an arm used here scores its mean with a smaller bonus", () => {
    const uct = new ClusterUct();
    uct.record('x', a.id, 0);
    // a: (0.5 + 0) / 2 + 0.7 sqrt(ln 3 / 2) = 0.769; Explore at rate 0.3: 0.3 + 0.7 sqrt(ln 3) = 1.034.
    expect(pickArm(uct, 'x', [a], new Set(), 0.3, 0.7)).toBeUndefined();
    expect(pickArm(uct, 'y', [a], new Set(), 0.3, 0.7)).toBe(a);
  });
});

describe("uct-argmax's outcome", () => {
  const run = (ok: boolean, text: string) => ({ ok, obs: { elements: [], text } });
  const visited = new Set(['seen']);

  it('scores its value, plus 0.5 for a page the walk has not shown, reached without error', () => {
    expect(outcomeScore(0.3, run(true, 'new'), visited)).toBeCloseTo(0.8, 12);
    expect(outcomeScore(0.3, run(true, 'seen'), visited)).toBe(0.3);
    expect(outcomeScore(0.3, run(false, 'new'), visited)).toBe(0.3);
    expect(outcomeScore(0, run(false, 'seen'), visited)).toBe(0);
  });

  it('keeps the best so far on a tie; a strictly higher score replaces it', () => {
    const [first, second, higher] = [{ score: 0.5, k: 1 }, { score: 0.5, k: 2 }, { score: 0.6, k: 3 }];
    expect(better(undefined, first)).toBe(first);
    expect(better(first, second)).toBe(first);
    expect(better(first, higher)).toBe(higher);
    expect(better(higher, first)).toBe(higher);
  });
});

describe('drawArchived', () => {
  /** A stream stand-in whose one draw is `x`. */
  const at = (x: number) => ({ next: () => x });
  /** Cells visited 0, 3 and 8 times: weights 1, 1/2 and 1/3, total 11/6. */
  const cells = () => [0, 3, 8].map((visits, k) => ({ k, visits }));

  it('draws in proportion to 1 / sqrt(1 + visits), in archive order', () => {
    // r = x * 11/6: below 1 the first, below 1.5 the second, else the third.
    expect(drawArchived(at(0.5), cells()).k).toBe(0);
    expect(drawArchived(at(0.6), cells()).k).toBe(1);
    expect(drawArchived(at(0.9), cells()).k).toBe(2);
    expect(drawArchived(at(0), cells()).k).toBe(0);
  });

  it('gives a draw exactly on a boundary to the next cell', () => {
    const even = [{ k: 0, visits: 0 }, { k: 1, visits: 0 }];
    expect(drawArchived(at(0.5), even).k).toBe(1);
  });

  it('falls back on the last cell when the draw is past every weight (rounding)', () => {
    const even = [{ k: 0, visits: 0 }, { k: 1, visits: 0 }];
    expect(drawArchived(at(1), even).k).toBe(1);
  });

  it('counts the visit on the cell drawn, which weighs less the next time', () => {
    const two = [{ k: 0, visits: 0 }, { k: 1, visits: 0 }];
    drawArchived(at(0.25), two);
    expect(two.map((c) => c.visits)).toEqual([1, 0]);
    // Weights now 1/sqrt(2) and 1: r = 0.4 * 1.707 = 0.683 < 0.707, the first again; then 1/sqrt(3) and 1:
    // r = 0.5 * 1.577 = 0.789 passes the first's 0.577.
    expect(drawArchived(at(0.4), two).k).toBe(0);
    expect(drawArchived(at(0.5), two).k).toBe(1);
    expect(two.map((c) => c.visits)).toEqual([2, 1]);
  });
});
