// Bottom-Up Agent's selection rule, computed by hand: its UCT scores with c = 5 and the Explore arm, the softmax
// at its temperature, the fitness of consistent / progressive uses, the pruning rule, and the environment's verdicts.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { Observation, StepInfo } from '../../src/envs/api';
import type { SkillRun } from '../../src/skills/execute';
import { Library, skillId } from '../../src/skills/library';
import { BOTTOM_UP, ClusterUct, bottomUpFitness, bottomUpScores, bottomUpTemperature, judgeRun, prunable, sampleIndex, selectBottomUp, softmax } from '../../src/skills/select';
import type { Skill, SkillStep } from '../../src/skills/types';

const click = (name: string): SkillStep => ({ verb: 'click', args: [{ kind: 'ref', role: 'button', name: { kind: 'literal', value: name } }] });

function skill(name: string, over: Partial<Skill> = {}): Skill {
  const steps = [click(name)];
  return { id: skillId('f', steps), name, description: '', family: 'f', precondition: { cluster: 'c' }, steps, fitness: 0, uses: 1, successes: 0, consistent: 0, parents: [], agent: 'a', createdAt: 0, ...over };
}

describe("Bottom-Up Agent's selection", () => {
  it('has its published constants', () => {
    expect(BOTTOM_UP).toEqual({ c: 5, threshold: 0, observations: 4, minFitness: 2 });
  });

  it('cools as max(0.1, e^(-0.1 N))', () => {
    expect(bottomUpTemperature(0)).toBe(1);
    expect(bottomUpTemperature(5)).toBeCloseTo(0.6065307, 6); // e^-0.5
    expect(bottomUpTemperature(10)).toBeCloseTo(0.3678794, 6); // e^-1
    expect(bottomUpTemperature(23)).toBeCloseTo(0.1002588, 6); // e^-2.3, just above the floor
    expect(bottomUpTemperature(30)).toBe(0.1); // e^-3 = 0.0498 is floored
  });

  // Two skills, A (fitness 2, 3 uses) and B (fitness 0, 1 use), and a cluster explored twice:
  // N = 2 + 3 + 1 = 6, ln 6 = 1.7917595;
  // A: 2 + 5 sqrt(1.7917595 / 3) = 5.8641078; B: 0 + 5 sqrt(1.7917595 / 1) = 6.6928310;
  // Explore: 0 + 5 sqrt(1.7917595 / 2) = 4.7325462; tau = e^-0.6 = 0.5488116;
  // softmax of the scores / tau: A 0.1768629, B 0.8006366, Explore 0.0225005.
  const cands = [skill('A', { consistent: 1, successes: 1, uses: 3 }), skill('B', { uses: 1 })];

  it('scores each skill fitness + c sqrt(ln N / n) and Explore 0 + c sqrt(ln N / n_explore)', () => {
    const { scores, total } = bottomUpScores(cands.map((s) => ({ fitness: bottomUpFitness(s), uses: s.uses })), 2);
    expect(total).toBe(6);
    expect(scores[0]).toBeCloseTo(5.8641078, 6);
    expect(scores[1]).toBeCloseTo(6.692831, 6);
    expect(scores[2]).toBeCloseTo(4.7325462, 6);
  });

  it('chooses by a softmax at that temperature, sampled from the seeded stream, not by argmax', () => {
    const { probs, temperature } = selectBottomUp(Rng.fromSeed(1), cands, 2);
    expect(temperature).toBeCloseTo(0.5488116, 6);
    expect(probs[0]).toBeCloseTo(0.1768629, 6);
    expect(probs[1]).toBeCloseTo(0.8006366, 6);
    expect(probs[2]).toBeCloseTo(0.0225005, 6);
    const rng = Rng.fromSeed(7);
    const counts = [0, 0, 0];
    for (let i = 0; i < 20_000; i++) counts[selectBottomUp(rng, cands, 2).index]++;
    expect(counts[0] / 20_000).toBeCloseTo(0.177, 1);
    expect(counts[1] / 20_000).toBeCloseTo(0.801, 1);
    expect(counts[2]).toBeGreaterThan(300); // Explore, 2.25% of 20,000 = 450 expected
    const again = Rng.fromSeed(7);
    const first = Array.from({ length: 50 }, () => selectBottomUp(again, cands, 2).index);
    const replay = Rng.fromSeed(7);
    expect(Array.from({ length: 50 }, () => selectBottomUp(replay, cands, 2).index)).toEqual(first);
  });

  it('with N = 1 (nothing used yet) has no bonus: scores are the fitnesses and Explore 0', () => {
    const { scores, total } = bottomUpScores([{ fitness: 1, uses: 0 }], 1);
    expect(total).toBe(1);
    expect(scores).toEqual([1, 0]);
    // tau = e^-0.1 = 0.9048374: p = 1 / (1 + e^(-1 / 0.9048374)) = 0.7512277
    expect(softmax(scores, bottomUpTemperature(total))[0]).toBeCloseTo(0.7512277, 6);
  });

  it('samples an index by the probabilities', () => {
    expect(sampleIndex(Rng.fromSeed(3), [0, 1, 0])).toBe(1);
    expect(sampleIndex(Rng.fromSeed(3), [0, 0, 1])).toBe(2);
    // A draw exactly at a boundary belongs to the next index: u = 0.5 with [0.5, 0.5] is index 1.
    const at = (u: number) => ({ next: () => u }) as unknown as Rng;
    expect(sampleIndex(at(0.5), [0.5, 0.5])).toBe(1);
    expect(sampleIndex(at(0.4999), [0.5, 0.5])).toBe(0);
  });

  it('with nothing used and nothing explored counts N as 1, not 0 (ln 0 would make every bonus NaN)', () => {
    const { scores, total } = bottomUpScores([{ fitness: 1, uses: 0 }], 0);
    expect(total).toBe(1);
    expect(scores).toEqual([1, 0]);
  });

  it('softmax subtracts the largest score and floors each term at 1e-10', () => {
    // e^((-1000 - 0) / 1) underflows to 0 and is floored: p = [1, 1e-10] / (1 + 1e-10).
    const p = softmax([0, -1000], 1);
    expect(p[0]).toBeCloseTo(1, 9);
    expect(p[1]).toBeGreaterThan(9.99e-11);
    expect(p[1]).toBeLessThan(1.001e-10);
    expect(softmax([1000, 999], 1)[0]).toBeCloseTo(1 / (1 + Math.exp(-1)), 9); // e^1000 would overflow
  });

  it('adds 1 to fitness for a consistent use and 1 for a progressive one', () => {
    const lib = new Library([skill('A', { uses: 1 })]);
    const id = skillId('f', [click('A')]);
    lib.recordUse(id, 1, { consistent: true, progressive: true });
    expect(bottomUpFitness(lib.get(id) as Skill)).toBe(2);
    lib.recordUse(id, 0.1, { consistent: true, progressive: false });
    expect(bottomUpFitness(lib.get(id) as Skill)).toBe(3);
    lib.recordUse(id, 0, { consistent: false, progressive: false });
    expect(lib.get(id)).toMatchObject({ uses: 4, consistent: 2, successes: 1 });
    expect(bottomUpFitness(lib.get(id) as Skill)).toBe(3);
    expect(bottomUpFitness(skill('old', { consistent: undefined, successes: 1 }))).toBe(1); // records from before the field
  });

  it('prunes a skill used more than 4 times with fitness below 2', () => {
    expect(prunable(skill('x', { uses: 5, consistent: 1, successes: 0 }))).toBe(true);
    expect(prunable(skill('x', { uses: 4, consistent: 0, successes: 0 }))).toBe(false); // not more than 4 uses
    expect(prunable(skill('x', { uses: 5, consistent: 1, successes: 1 }))).toBe(false); // fitness 2
    expect(prunable(skill('x', { uses: 50, consistent: 2, successes: 0 }))).toBe(false);
  });
});

describe("the environment's verdict in place of the LLM evaluator", () => {
  const obs = (text: string): Observation => ({ text, elements: [] });
  const info = (progress: number, success = false): StepInfo => ({ progress, success, turn: 0 });
  const run = (over: Partial<SkillRun>): SkillRun => ({ ok: true, trace: [{ action: 'click(1)', obs: obs('after'), info: info(0) }], obs: obs('after'), info: info(0), reward: 0, done: false, terminated: false, ...over });
  const start = obs('before');

  it('is consistent when the skill ran without an error and changed the page', () => {
    expect(judgeRun(start, info(0), run({}))).toEqual({ acted: true, consistent: true, progressive: false });
    expect(judgeRun(start, info(0), run({ ok: false, error: 'no button here' }))).toMatchObject({ acted: true, consistent: false });
  });

  it('has not acted when nothing changed (Bottom-Up Agent then counts no use)', () => {
    expect(judgeRun(start, info(0), run({ obs: start }))).toEqual({ acted: false, consistent: false, progressive: false });
    expect(judgeRun(start, info(0), run({ trace: [], obs: start }))).toEqual({ acted: false, consistent: false, progressive: false });
  });

  it('has not acted when no step ran, whatever the observation says', () => {
    expect(judgeRun(start, info(0), run({ trace: [] }))).toEqual({ acted: false, consistent: false, progressive: false });
  });

  it('is progressive when progress rose or the task was solved, and neither when it failed the task', () => {
    expect(judgeRun(start, info(0.2), run({ info: info(0.5) }))).toMatchObject({ consistent: true, progressive: true });
    expect(judgeRun(start, info(0.5), run({ info: info(0.5) }))).toMatchObject({ consistent: true, progressive: false }); // progress held, not risen
    expect(judgeRun(start, info(0.5), run({ info: info(0.2) }))).toMatchObject({ progressive: false });
    expect(judgeRun(start, info(0.5), run({ obs: start, info: info(0.5, true), done: true, terminated: true }))).toEqual({ acted: true, consistent: true, progressive: true });
    expect(judgeRun(start, info(0), run({ done: true, terminated: true }))).toMatchObject({ consistent: false, progressive: false });
    expect(judgeRun(start, info(0.2), run({ info: info(0.5), done: true, terminated: true }))).toMatchObject({ consistent: false, progressive: false }); // progress, then failed
  });
});

describe('our rule: UCT per state cluster (uct-argmax)', () => {
  // score = (prior + w) / (1 + n) + c sqrt(ln(visits + 2) / (1 + n)), visits counted per cluster.
  it('scores an untried arm by its prior and the bonus of a fresh cluster', () => {
    expect(new ClusterUct().score('s', 'x', 0.5, 1)).toBeCloseTo(1.3325546, 6); // 0.5 + sqrt(ln 2)
  });

  it('counts a recorded use in its arm and in its cluster only', () => {
    const uct = new ClusterUct();
    uct.record('s', 'x', 1);
    expect(uct.score('s', 'x', 0.5, 1)).toBeCloseTo(1.4911519, 6); // 1.5 / 2 + sqrt(ln 3 / 2)
    expect(uct.score('s', 'y', 0.2, 1)).toBeCloseTo(1.2481471, 6); // 0.2 + sqrt(ln 3)
    expect(uct.score('t', 'x', 0.5, 1)).toBeCloseTo(1.3325546, 6); // another cluster: untouched
    uct.record('s', 'x', 0);
    expect(uct.score('s', 'x', 0.5, 2)).toBeCloseTo(1.859556, 6); // 1.5 / 3 + 2 sqrt(ln 4 / 3)
  });

  it('keeps cluster and arm apart in its keys', () => {
    const uct = new ClusterUct();
    uct.record('a', 'bc', 1);
    expect(uct.score('ab', 'c', 0, 1)).toBeCloseTo(0.8325546, 6); // sqrt(ln 2): nothing recorded for ('ab', 'c')
  });
});
