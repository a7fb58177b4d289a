// The library at its edges, by hand: ids always 16 hex digits, counts capped at MAX_USES, uses recorded (or not),
// which skills apply and in what order, copies of one record merged once, and the tree's shape, order and depth.
import { describe, expect, it } from 'vitest';
import { hashString } from '../../src/core/rng';
import type { Observation } from '../../src/envs/api';
import { combineSkills, Library, MAX_USES, mergeLibraries, skillId, skillTree, treeDepth, treeRows } from '../../src/skills/library';
import type { Skill, SkillStep } from '../../src/skills/types';

const click = (name: string): SkillStep => ({ verb: 'click', args: [{ kind: 'ref', role: 'button', name: { kind: 'literal', value: name } }] });
function skill(steps: SkillStep[], over: Partial<Skill> = {}): Skill {
  return { id: skillId('f', steps), name: 'n', description: '', family: 'f', precondition: { cluster: 'c' }, steps, fitness: 0.5, uses: 2, successes: 1, parents: [], agent: 'a', createdAt: 10, ...over };
}

describe('skillId', () => {
  it('is sk- and two 32-bit string hashes of family and steps, each as 8 hex digits with leading zeros', () => {
    const text = `f\n${JSON.stringify([click('A')])}`;
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    expect(skillId('f', [click('A')])).toBe(`sk-${hex(hashString(text, 0x811c9dc5))}${hex(hashString(text, 0x01000193))}`);
    // Among 64 families some hash below 0x10000000: every id still has 16 digits.
    const ids = Array.from({ length: 64 }, (_, i) => skillId(`family${i}`, [click('A')]));
    expect(ids.every((id) => /^sk-[0-9a-f]{16}$/.test(id))).toBe(true);
    expect(ids.some((id) => id[3] === '0' || id[11] === '0')).toBe(true);
  });
});

describe('counts', () => {
  it('combines up to MAX_USES, successes and consistent uses never past uses, the earliest creation, parents without itself', () => {
    const a = skill([click('A')], { uses: MAX_USES - 1, successes: MAX_USES - 1, consistent: MAX_USES - 1, fitness: 1, createdAt: 30, parents: ['p', 'q'] });
    const b = skill([click('A')], { uses: 5, successes: 5, consistent: 5, fitness: 1, createdAt: 20, parents: ['q', a.id, 'r'] });
    expect(combineSkills(a, b)).toMatchObject({ uses: MAX_USES, successes: MAX_USES, consistent: MAX_USES, createdAt: 20, parents: ['p', 'q', 'r'] });
    expect(combineSkills(b, a).createdAt).toBe(20);
    const old = skill([click('A')], { consistent: undefined, uses: 3 });
    expect(combineSkills(old, skill([click('A')], { consistent: undefined, uses: 1 })).consistent).toBe(0);
    expect(combineSkills(old, skill([click('A')], { consistent: 2, uses: 1 })).consistent).toBe(2);
    // Fitness weighted by uses: (0.5 x 3 + 0.9 x 1) / 4, and (0.5 x 3 + 0.9 x 2) / 5.
    expect(combineSkills(old, skill([click('A')], { fitness: 0.9, uses: 1 })).fitness).toBeCloseTo(0.6, 12);
    expect(combineSkills(old, skill([click('A')], { fitness: 0.9, uses: 2 })).fitness).toBeCloseTo(0.66, 12);
    // Neither used: the plain mean (0.2 + 0.6) / 2.
    expect(combineSkills(skill([click('A')], { uses: 0, fitness: 0.2 }), skill([click('A')], { uses: 0, fitness: 0.6 })).fitness).toBeCloseTo(0.4, 12);
  });

  it('records a use as a running mean, not past MAX_USES, and not for an unknown id', () => {
    const lib = new Library([skill([click('A')], { uses: 1, successes: 0, consistent: undefined, fitness: 0 })]);
    const id = skillId('f', [click('A')]);
    lib.recordUse(id, 1, { consistent: false, progressive: true });
    expect(lib.get(id)).toMatchObject({ uses: 2, successes: 1, consistent: 0, fitness: 0.5 });
    lib.recordUse('sk-none', 1, { consistent: true, progressive: true });
    expect(lib.size).toBe(1);
    const full = new Library([skill([click('B')], { uses: MAX_USES, successes: 3, fitness: 0.25 })]);
    const fullId = skillId('f', [click('B')]);
    full.recordUse(fullId, 1, { consistent: true, progressive: true });
    expect(full.get(fullId)).toMatchObject({ uses: MAX_USES, successes: 3, fitness: 0.25 });
    const almost = new Library([skill([click('B')], { uses: MAX_USES - 1, successes: 0, fitness: 0 })]);
    almost.recordUse(fullId, 1, { consistent: true, progressive: true });
    expect(almost.get(fullId)).toMatchObject({ uses: MAX_USES, successes: 1 });
  });

  it('removes by id, saying whether it was there', () => {
    const lib = new Library([skill([click('A')])]);
    expect(lib.remove('sk-none')).toBe(false);
    expect(lib.remove(skillId('f', [click('A')]))).toBe(true);
    expect(lib.size).toBe(0);
  });
});

describe('applicable', () => {
  const obs: Observation = { text: '', elements: [{ id: 1, role: 'button', name: 'A' }, { id: 2, role: 'button', name: 'B' }] };
  const lib = new Library([
    skill([click('A')], { fitness: 0.2, name: 'a' }),
    skill([click('B'), click('A')], { fitness: 0.9, name: 'ba' }),
    skill([click('B')], { fitness: 0.9, name: 'b' }),
    skill([click('C')], { fitness: 1, name: 'c' }), // cannot start: no C here
    skill([click('A')], { family: 'g', fitness: 1, name: 'other family' }),
  ]);

  it('lists the family\'s skills that can start, by fitness, then fewer steps, at most `limit`', () => {
    expect(lib.applicable('f', obs, []).map((s) => s.name)).toEqual(['b', 'ba', 'a']);
    expect(lib.applicable('f', obs, [], 2).map((s) => s.name)).toEqual(['b', 'ba']);
    expect(lib.applicable('g', obs, []).map((s) => s.name)).toEqual(['other family']);
  });

  it('follows uses, additions and removals made after an earlier call (the order by fitness is kept between calls)', () => {
    const l = new Library([skill([click('A')], { fitness: 0.2, uses: 1, name: 'a' }), skill([click('B')], { fitness: 0.4, uses: 1, name: 'b' })]);
    const names = () => l.applicable('f', obs, []).map((s) => s.name);
    expect(names()).toEqual(['b', 'a']);
    // a's second use, worth 1: fitness 0.2 + (1 - 0.2) / 2 = 0.6, above b's 0.4.
    l.recordUse(skillId('f', [click('A')]), 1, { consistent: true, progressive: true });
    expect(names()).toEqual(['a', 'b']);
    l.add(skill([click('B'), click('A')], { fitness: 0.9, name: 'ba' }));
    expect(names()).toEqual(['ba', 'a', 'b']);
    l.remove(skillId('f', [click('A')]));
    expect(names()).toEqual(['ba', 'b']);
  });

  it('ranks by the given score first, fitness breaking ties, then the id', () => {
    expect(lib.applicable('f', obs, [], Infinity, (s) => -s.steps.length).map((s) => s.name)).toEqual(['b', 'a', 'ba']);
    const twins = new Library([skill([click('A')], { name: 'x' }), skill([click('B')], { name: 'y' })]);
    const byId = twins.all().sort((p, q) => (p.id < q.id ? -1 : 1)).map((s) => s.name);
    expect(twins.applicable('f', obs, [], Infinity, () => 0).map((s) => s.name)).toEqual(byId);
    expect(new Library([skill([click('B')], { name: 'y' }), skill([click('A')], { name: 'x' })]).applicable('f', obs, [], Infinity, () => 0).map((s) => s.name)).toEqual(byId);
  });
});

describe('mergeLibraries', () => {
  it('counts copies of one record (same agent and creation time) once, as the version with more uses', () => {
    const v1 = skill([click('A')], { uses: 2, successes: 1 });
    const v2 = skill([click('A')], { uses: 5, successes: 4 });
    expect(mergeLibraries([[v1], [v2]])).toEqual([v2]);
    expect(mergeLibraries([[v2], [v1]])).toEqual([v2]);
    // Another agent's record, or another finding of the same agent, is combined.
    expect(mergeLibraries([[v1], [{ ...v2, agent: 'b' }]])[0].uses).toBe(7);
    expect(mergeLibraries([[v1], [{ ...v2, createdAt: 11 }]])[0].uses).toBe(7);
    // Copies with equal uses: the first one read stays.
    const same = skill([click('A')], { uses: 2, successes: 1, fitness: 0.9 });
    expect(mergeLibraries([[v1], [same]])).toEqual([v1]);
  });

  it('keeps a parent id that names no merged skill', () => {
    expect(mergeLibraries([[skill([click('A')], { parents: ['elsewhere'] })]])[0].parents).toEqual(['elsewhere']);
  });
});

describe('the tree', () => {
  const s = (id: string, fitness: number, parents: string[] = [], name = id) => skill([click(id)], { id, fitness, parents, name });

  it('hangs a skill under its first present parent that is not itself, children and roots by fitness then name', () => {
    const skills = [s('r1', 0.1), s('r2', 0.9), s('k1', 0.3, ['self', 'gone', 'r1']), s('k2', 0.7, ['r1', 'r2']), s('k3', 0.7, ['r1'], 'a-k3'), s('g', 0, ['k2'])];
    skills[2].parents[0] = 'k1'; // its own id first: skipped
    const rows = treeRows(skillTree(skills)).map((r) => `${'  '.repeat(r.depth)}${r.skill.id}`);
    expect(rows).toEqual(['r2', 'r1', '  k3', '  k2', '    g', '  k1']);
    expect(treeDepth(skills)).toBe(3);
    expect(treeDepth([])).toBe(0);
    expect(treeDepth([s('solo', 1)])).toBe(1);
  });

  it('orders skills of equal fitness by name, whatever order they come in', () => {
    for (const order of [['b', 'c', 'a'], ['c', 'a', 'b'], ['a', 'c', 'b']]) {
      const roots = order.map((name) => s(`id-${name}`, 0.5, [], name));
      expect(treeRows(skillTree([s('top', 1), ...roots.map((r) => ({ ...r, parents: ['top'] }))])).map((r) => r.skill.name)).toEqual(['top', 'a', 'b', 'c']);
      expect(treeRows(skillTree(roots)).map((r) => r.skill.name)).toEqual(['a', 'b', 'c']);
    }
  });

  it('breaks a cycle: the skill that would close it stays a root', () => {
    const rows = treeRows(skillTree([s('a', 0.5, ['c']), s('b', 0.5, ['a']), s('c', 0.5, ['b'])])).map((r) => [r.skill.id, r.depth]);
    expect(rows).toEqual([['c', 0], ['a', 1], ['b', 2]]);
  });
});
