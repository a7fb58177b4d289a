// Discovery from zero under both selection rules, naming, MCTS and the flat random baseline on a tiny two-page task
// defined for tests.

import { describe, expect, it } from 'vitest';
import { discover } from '../../src/skills/discovery';
import { DEFAULT_PLAN, evaluateAgent, runMctsEpisode, runRandomEpisode } from '../../src/skills/mcts';
import { prunable } from '../../src/skills/select';
import { unseenSeeds } from '../../src/skills/seeds';
import type { Skill } from '../../src/skills/types';
import { tinySettings } from './tiny-env';

describe('discovery on a tiny two-page task', () => {
  const found = discover(tinySettings, { budget: 1500, seed: 3, select: 'uct-argmax', now: 0 });

  it('starts from zero and keeps named skills that transfer across seeds', () => {
    expect(found.steps).toBeGreaterThanOrEqual(1500);
    expect(found.explored).toBeGreaterThan(0);
    expect(found.kept).toBe(found.skills.length);
    const names = found.skills.map((s) => s.name);
    expect(names).toContain('open the Settings page');
    expect(names).toContain('fill Name then submit');
    expect(found.skills.find((s) => s.name === 'fill Name')?.description).toMatch(/^e\.g\. type "\w+" into Name \(found at /);
    for (const s of found.skills) {
      expect(s.family).toBe('tiny-settings');
      expect(s.agent).toBe('agent-3');
      expect(s.uses).toBeGreaterThanOrEqual(s.successes);
      expect(s.fitness).toBeGreaterThanOrEqual(0);
      expect(s.fitness).toBeLessThanOrEqual(1);
      for (const p of s.parents) expect(found.skills.some((x) => x.id === p)).toBe(true);
    }
    expect(found.skills.some((s) => s.parents.length > 0 && s.steps.length > 1)).toBe(true);
  });

  it('is deterministic for a seed', () => {
    const again = discover(tinySettings, { budget: 1500, seed: 3, select: 'uct-argmax', now: 0 });
    expect(again.skills).toEqual(found.skills);
  });

  it('gives an MCTS agent that solves seeds discovery never saw, better than flat random exploration', () => {
    const seeds = unseenSeeds(3, 30);
    expect(seeds[0]).toBeGreaterThan(found.seeds[1]);
    const mcts = evaluateAgent(seeds, (s) => runMctsEpisode(tinySettings, found.skills, s, DEFAULT_PLAN, { split: 'test' }));
    const flat = evaluateAgent(seeds, (s) => runRandomEpisode(tinySettings, s, 8, 2, { split: 'test' }));
    expect(mcts.successRate).toBeGreaterThanOrEqual(0.9);
    expect(mcts.successRate).toBeGreaterThan(flat.successRate);
  });

  it('falls back to atomic actions with an empty library', () => {
    const r = runMctsEpisode(tinySettings, [], 5, { ...DEFAULT_PLAN, simulations: 4 });
    expect(r.chosen.every((c) => c === 'atomic')).toBe(true);
    expect(r.turns).toBeGreaterThan(0);
  });
});

/** Every skill with a parent in the library extends it: the parent's steps, then one or two more. */
function extensions(skills: readonly Skill[]): number[] {
  const byId = new Map(skills.map((s) => [s.id, s]));
  return skills.flatMap((s) => {
    const parent = byId.get(s.parents[0] ?? '');
    if (!parent || JSON.stringify(s.steps.slice(0, parent.steps.length)) !== JSON.stringify(parent.steps)) return [];
    return [s.steps.length - parent.steps.length];
  });
}

describe("discovery under Bottom-Up Agent's rule", () => {
  const found = discover(tinySettings, { budget: 1500, seed: 3, select: 'bottom-up', now: 0 });

  it('keeps named skills, prunes by its rule, and extends a parent by at most 2 operations', () => {
    const names = found.skills.map((s) => s.name);
    expect(names).toContain('open the Settings page');
    expect(names).toContain('fill Name then submit');
    expect(found.pruned).toBeGreaterThan(0);
    for (const s of found.skills) expect(prunable(s)).toBe(false);
    const grown = extensions(found.skills);
    expect(grown.length).toBeGreaterThan(0);
    for (const k of grown) expect([1, 2]).toContain(k);
    for (const s of found.skills) expect((s.consistent ?? 0) + s.successes).toBeLessThanOrEqual(2 * (s.uses - 1)); // the finding use is not judged
  });

  it('is deterministic for a seed and differs from our rule', () => {
    expect(discover(tinySettings, { budget: 1500, seed: 3, select: 'bottom-up', now: 0 }).skills).toEqual(found.skills);
    expect(found.skills).not.toEqual(discover(tinySettings, { budget: 1500, seed: 3, select: 'uct-argmax', now: 0 }).skills);
  });

  it('gives an MCTS agent that solves test seeds discovery never saw', () => {
    const mcts = evaluateAgent(unseenSeeds(3, 30), (s) => runMctsEpisode(tinySettings, found.skills, s, DEFAULT_PLAN, { split: 'test' }));
    expect(mcts.successRate).toBeGreaterThanOrEqual(0.9);
  });
});
