// The in-memory library: content ids, dedupe, stats, merging several agents' libraries, the tree by parents.

import { describe, expect, it } from 'vitest';
import { Library, combineSkills, mergeLibraries, skillId, skillTree } from '../../src/skills/library';
import type { Skill, SkillStep } from '../../src/skills/types';

const click = (name: string): SkillStep => ({ verb: 'click', args: [{ kind: 'ref', role: 'button', name: { kind: 'literal', value: name } }] });

function skill(steps: SkillStep[], over: Partial<Skill> = {}): Skill {
  return {
    id: skillId('f', steps),
    name: steps.map((s) => JSON.stringify(s.args)).join(' '),
    description: '',
    family: 'f',
    precondition: { cluster: 'c' },
    steps,
    fitness: 0.5,
    uses: 2,
    successes: 1,
    parents: [],
    agent: 'a',
    createdAt: 10,
    ...over,
  };
}

describe('library', () => {
  it('gives equal action sequences one id and combines their stats', () => {
    expect(skillId('f', [click('A')])).toBe(skillId('f', [click('A')]));
    expect(skillId('f', [click('A')])).not.toBe(skillId('g', [click('A')]));
    const lib = new Library();
    lib.add(skill([click('A')], { fitness: 1, uses: 1, successes: 1 }));
    const both = lib.add(skill([click('A')], { fitness: 0, uses: 3, successes: 0, createdAt: 5, agent: 'b' }));
    expect(lib.size).toBe(1);
    expect(both).toMatchObject({ uses: 4, successes: 1, fitness: 0.25, createdAt: 5, agent: 'a' });
    lib.recordUse(both.id, 1, { consistent: true, progressive: true });
    expect(lib.get(both.id)).toMatchObject({ uses: 5, successes: 2, consistent: 1, fitness: 0.4 });
    lib.recordUse(both.id, 0, { consistent: true, progressive: false });
    expect(lib.get(both.id)).toMatchObject({ uses: 6, successes: 2, consistent: 2 });
  });

  it('recomputes ids from content, so a record with a wrong id still dedupes', () => {
    const lib = new Library([skill([click('A')], { id: 'forged' }), skill([click('A')])]);
    expect(lib.all().map((s) => s.id)).toEqual([skillId('f', [click('A')])]);
  });

  it('merges libraries of several agents: deduplicated, stats combined, parents rewritten', () => {
    const a1 = skill([click('A')], { id: 'x1', agent: 'a1', uses: 2, successes: 2, fitness: 1 });
    const a2 = skill([click('A'), click('B')], { id: 'x2', agent: 'a1', parents: ['x1'] });
    const b1 = skill([click('A')], { id: 'y1', agent: 'b1', uses: 2, successes: 0, fitness: 0 });
    const b2 = skill([click('C')], { id: 'y2', agent: 'b1' });
    const merged = mergeLibraries([[a1, a2], [b1, b2]]);
    expect(merged).toHaveLength(3);
    const a = merged.find((s) => s.id === skillId('f', [click('A')]));
    expect(a).toMatchObject({ uses: 4, successes: 2, fitness: 0.5, agent: 'a1' });
    const ab = merged.find((s) => s.steps.length === 2);
    expect(ab?.parents).toEqual([a?.id]);
  });

  it('combines fitness by plain mean when neither record has uses', () => {
    expect(combineSkills(skill([click('A')], { uses: 0, successes: 0, fitness: 1 }), skill([click('A')], { uses: 0, successes: 0, fitness: 0 })).fitness).toBe(0.5);
  });

  it('builds a tree by parents, survives missing parents and cycles', () => {
    const root = skill([click('R')], { id: 'r' });
    const kid = skill([click('R'), click('K')], { id: 'k', parents: ['r'] });
    const orphan = skill([click('O')], { id: 'o', parents: ['gone'] });
    const c1 = skill([click('C1')], { id: 'c1', parents: ['c2'] });
    const c2 = skill([click('C2')], { id: 'c2', parents: ['c1'] });
    const tree = skillTree([kid, root, orphan, c1, c2]);
    const flat = (nodes: ReturnType<typeof skillTree>): string[] => nodes.flatMap((n) => [n.skill.id, ...flat(n.children)]);
    expect(flat(tree).sort()).toEqual(['c1', 'c2', 'k', 'o', 'r']);
    expect(tree.find((n) => n.skill.id === 'r')?.children.map((n) => n.skill.id)).toEqual(['k']);
  });
});
