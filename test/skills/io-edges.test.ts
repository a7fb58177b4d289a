// Skill library files at every bound: the byte limit exactly (UTF-8 bytes, not characters), the count limit on
// export, and each field's limit with the message that names it.
import { describe, expect, it } from 'vitest';
import { ExportTooLargeError, LIBRARY_FORMAT, LIBRARY_VERSION, MAX_LIBRARY_BYTES, MAX_SKILLS, MAX_STEPS, exportLibrary, parseLibrary } from '../../src/skills/io';
import { MAX_USES, skillId } from '../../src/skills/library';
import type { Skill } from '../../src/skills/types';
import { skillRecord } from '../storage/fixtures';

const good = (id: string, over: Partial<Skill> = {}): Skill => {
  const s = skillRecord(id, over);
  return { ...s, id: skillId(s.family, s.steps) };
};
const bytes = (text: string) => new TextEncoder().encode(text).length;
const errorOf = (text: string) => {
  const r = parseLibrary(text);
  return r.ok ? '' : r.error;
};
/** A file of one skill with `edit` applied to that skill's JSON. */
const fileWith = (edit: (s: Record<string, unknown>) => void) => {
  const file = JSON.parse(exportLibrary([good('a')]));
  edit(file.skills[0]);
  return JSON.stringify(file);
};

describe('the byte limit', () => {
  it(`reads a file of exactly ${MAX_LIBRARY_BYTES} bytes and refuses one byte more`, () => {
    const text = exportLibrary([good('a')]);
    const padded = text + ' '.repeat(MAX_LIBRARY_BYTES - bytes(text));
    expect(bytes(padded)).toBe(MAX_LIBRARY_BYTES);
    expect(parseLibrary(padded).ok).toBe(true);
    expect(errorOf(`${padded} `)).toBe(`the file is ${MAX_LIBRARY_BYTES + 1} bytes; a skill library may be at most ${MAX_LIBRARY_BYTES} bytes (1 MiB)`);
  });

  it('counts UTF-8 bytes, not characters', () => {
    const text = exportLibrary([good('a', { name: 'é'.repeat(100) })]);
    const padded = text + ' '.repeat(MAX_LIBRARY_BYTES - text.length);
    expect(padded.length).toBe(MAX_LIBRARY_BYTES);
    expect(errorOf(padded)).toBe(`the file is ${MAX_LIBRARY_BYTES + 100} bytes; a skill library may be at most ${MAX_LIBRARY_BYTES} bytes (1 MiB)`);
  });

  it('takes a byte order mark at the start only', () => {
    const text = exportLibrary([good('a')]);
    expect(parseLibrary(`\uFEFF${text}`).ok).toBe(true);
    expect(errorOf(`${text}\uFEFF`)).toMatch(/^the file is not JSON: /);
  });
});

describe('exportLibrary', () => {
  it(`refuses more than ${MAX_SKILLS} skills by count, and a library past the byte limit by size`, () => {
    const tooMany = Array.from({ length: MAX_SKILLS + 1 }, () => good('a'));
    expect(() => exportLibrary(tooMany)).toThrow(
      new ExportTooLargeError(`the library holds ${MAX_SKILLS + 1} skills; a file may hold at most ${MAX_SKILLS}: export one family at a time`),
    );
    const atCount = tooMany.slice(1);
    expect(() => exportLibrary(atCount)).toThrow(/bytes as JSON; a file may be at most 1048576 bytes \(1 MiB\): export one family at a time$/);
  });

  it('writes the format, the version, the time and the skills', () => {
    expect(JSON.parse(exportLibrary([good('a')], new Date(86_400_000)))).toEqual({
      format: LIBRARY_FORMAT,
      version: LIBRARY_VERSION,
      exportedAt: '1970-01-02T00:00:00.000Z',
      skills: [good('a')],
    });
    expect([LIBRARY_FORMAT, LIBRARY_VERSION]).toEqual(['greenhouse-skills', 1]);
  });
});

describe('parseLibrary field limits', () => {
  const invalid = (why: string) => `not a valid skill library: ${why}`;

  it('names the file-level problems', () => {
    expect(errorOf('null')).toBe(invalid('Invalid type: Expected Object but received null'));
    const base = JSON.parse(exportLibrary([]));
    expect(errorOf(JSON.stringify({ ...base, version: 2 }))).toBe(invalid('version must be 1'));
    expect(errorOf(JSON.stringify({ ...base, exportedAt: 'x'.repeat(41) }))).toBe(invalid('exportedAt must be at most 40 characters'));
    expect(parseLibrary(JSON.stringify({ ...base, exportedAt: 'x'.repeat(40) })).ok).toBe(true);
  });

  it('bounds each text field, at its limit and one past it', () => {
    for (const [field, max] of [['id', 64], ['name', 200], ['description', 2000], ['family', 64], ['agent', 64]] as const) {
      expect(parseLibrary(fileWith((s) => (s[field] = 'x'.repeat(max)))).ok, field).toBe(true);
      expect(errorOf(fileWith((s) => (s[field] = 'x'.repeat(max + 1)))), field).toBe(invalid(`skills.0.${field} must be at most ${max} characters`));
    }
    expect(errorOf(fileWith((s) => (s.name = '')))).toBe(invalid('skills.0.name must not be empty'));
    expect(errorOf(fileWith((s) => (s.family = '')))).toBe(invalid('skills.0.family must not be empty'));
    expect(errorOf(fileWith((s) => (s.precondition = { cluster: 'x'.repeat(401) })))).toBe(invalid('skills.0.precondition.cluster must be at most 400 characters'));
  });

  it('bounds steps, their verbs and arguments', () => {
    const step = { verb: 'click', args: [{ kind: 'int', value: 1 }] };
    expect(errorOf(fileWith((s) => (s.steps = [])))).toBe(invalid('skills.0.steps must have at least one step'));
    expect(parseLibrary(fileWith((s) => (s.steps = Array(MAX_STEPS).fill(step)))).ok).toBe(true);
    expect(errorOf(fileWith((s) => (s.steps = Array(MAX_STEPS + 1).fill(step))))).toBe(invalid(`skills.0.steps must have at most ${MAX_STEPS} steps`));
    expect(errorOf(fileWith((s) => (s.steps = [{ ...step, args: Array(5).fill(step.args[0]) }])))).toBe(invalid('skills.0.steps.0.args must have at most 4 arguments'));
    for (const verb of ['Click', '1click', '', 'a'.repeat(21), 'cl ick']) {
      expect(errorOf(fileWith((s) => (s.steps = [{ ...step, verb }]))), verb).toBe(invalid('skills.0.steps.0.verb must be a lower-case verb such as click'));
    }
    for (const verb of ['a', 'a'.repeat(20), 'go_to', 'go-to']) expect(parseLibrary(fileWith((s) => (s.steps = [{ ...step, verb }]))).ok, verb).toBe(true);
    expect(errorOf(fileWith((s) => (s.steps = [{ verb: 'play', args: [{ kind: 'int', value: 1.5 }] }])))).toBe(invalid('skills.0.steps.0.args.0.value must be a whole number'));
    expect(errorOf(fileWith((s) => (s.steps = [{ verb: 'move', args: [{ kind: 'dir', value: 'x'.repeat(21) }] }])))).toBe(invalid('skills.0.steps.0.args.0.value must be at most 20 characters'));
    const goal = (words: number) => fileWith((s) => (s.steps = [{ verb: 'fill', args: [{ kind: 'text', text: { kind: 'goal', anchor: 'for', words } }] }]));
    expect(parseLibrary(goal(1)).ok).toBe(true);
    expect(parseLibrary(goal(4)).ok).toBe(true);
    expect(errorOf(goal(0))).toBe(invalid('skills.0.steps.0.args.0.text.words must be at least 1'));
    expect(errorOf(goal(5))).toBe(invalid('skills.0.steps.0.args.0.text.words must be at most 4'));
    const ref = (value: string, role = 'button') => fileWith((s) => (s.steps = [{ verb: 'click', args: [{ kind: 'ref', role, name: { kind: 'literal', value } }] }]));
    expect(parseLibrary(ref('x'.repeat(200))).ok).toBe(true);
    expect(errorOf(ref('x'.repeat(201)))).toBe(invalid('skills.0.steps.0.args.0.name.value must be at most 200 characters'));
    expect(errorOf(ref('x', 'r'.repeat(41)))).toBe(invalid('skills.0.steps.0.args.0.role must be at most 40 characters'));
  });

  it('bounds fitness, counts, parents and the creation time', () => {
    for (const fitness of [0, 1]) expect(parseLibrary(fileWith((s) => (s.fitness = fitness))).ok).toBe(true);
    for (const fitness of [-0.01, 1.01]) expect(errorOf(fileWith((s) => (s.fitness = fitness)))).toBe(invalid('skills.0.fitness must be from 0 to 1'));
    expect(parseLibrary(fileWith((s) => Object.assign(s, { uses: MAX_USES, successes: 0 }))).ok).toBe(true);
    expect(errorOf(fileWith((s) => Object.assign(s, { uses: MAX_USES + 1, successes: 0 })))).toBe(invalid(`skills.0.uses must be at most ${MAX_USES}`));
    expect(errorOf(fileWith((s) => Object.assign(s, { uses: -1, successes: 0 })))).toBe(invalid('skills.0.uses must not be negative'));
    expect(errorOf(fileWith((s) => Object.assign(s, { uses: 2.5, successes: 0 })))).toBe(invalid('skills.0.uses must be a whole number'));
    expect(parseLibrary(fileWith((s) => Object.assign(s, { uses: 3, successes: 3 }))).ok).toBe(true);
    expect(errorOf(fileWith((s) => Object.assign(s, { uses: 3, successes: 4 })))).toBe(invalid('skills.0 successes must not exceed uses'));
    expect(parseLibrary(fileWith((s) => (s.parents = Array(8).fill('p')))).ok).toBe(true);
    expect(errorOf(fileWith((s) => (s.parents = Array(9).fill('p'))))).toBe(invalid('skills.0.parents must have at most 8 parents'));
    for (const createdAt of [0, 8.64e15]) expect(parseLibrary(fileWith((s) => (s.createdAt = createdAt))).ok).toBe(true);
    expect(errorOf(fileWith((s) => (s.createdAt = -1)))).toBe(invalid('skills.0.createdAt must be a time after 1970'));
    expect(errorOf(fileWith((s) => (s.createdAt = 8.64e15 + 1)))).toBe(invalid('skills.0.createdAt must be a time a Date can hold'));
  });

  it('recomputes ids from content and combines duplicates', () => {
    const a = good('a');
    const text = JSON.stringify({ ...JSON.parse(exportLibrary([])), skills: [{ ...a, id: 'wrong' }, { ...a, id: 'other', agent: 'a1' }] });
    const r = parseLibrary(text);
    expect(r.ok && r.skills.map((s) => s.id)).toEqual([a.id]);
  });
});
