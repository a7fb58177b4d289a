// Library files: a round trip keeps every skill; a bad file is rejected with a message that names the problem.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LIBRARY_BYTES, MAX_SKILLS, exportLibrary, parseLibrary } from '../../src/skills/io';
import { skillId } from '../../src/skills/library';
import type { Skill } from '../../src/skills/types';
import { skillRecord } from '../storage/fixtures';

const good = (id: string): Skill => {
  const s = skillRecord(id);
  return { ...s, id: skillId(s.family, s.steps) };
};

function rejected(text: string): string {
  const r = parseLibrary(text);
  if (r.ok) throw new Error('expected the file to be rejected');
  return r.error;
}

describe('library files', () => {
  it('round-trips a library', () => {
    const skills = [good('a'), { ...good('b'), steps: [{ verb: 'fill', args: [{ kind: 'ref', role: 'textbox', name: { kind: 'literal', value: 'Name' } }, { kind: 'text', text: { kind: 'goal', anchor: 'for', words: 1 } }] }] } as Skill];
    const fixed = skills.map((s) => ({ ...s, id: skillId(s.family, s.steps) }));
    const r = parseLibrary(exportLibrary(fixed, new Date(0)));
    expect(r).toEqual({ ok: true, skills: fixed });
  });

  it('rejects what is not a library, naming what was wrong', () => {
    expect(rejected('{"format": "greenhouse-skills", ')).toMatch(/^the file is not JSON/);
    expect(rejected('[]')).toMatch(/^not a valid skill library/);
    expect(rejected(JSON.stringify({ format: 'other', version: 1, exportedAt: '', skills: [] }))).toContain("format must be 'greenhouse-skills'");
    const file = JSON.parse(exportLibrary([good('a'), good('b')]));
    file.skills[1].fitness = 2;
    expect(rejected(JSON.stringify(file))).toBe('not a valid skill library: skills.1.fitness must be from 0 to 1');
    file.skills[1].fitness = 0.5;
    file.skills[1].steps[0].args[0].kind = 'eval';
    expect(rejected(JSON.stringify(file))).toContain('skills.1.steps.0.args.0.kind');
    file.skills[1].steps[0].args[0].kind = 'ref';
    file.skills[1].successes = 9;
    expect(rejected(JSON.stringify(file))).toContain('successes must not exceed uses');
    file.skills[1].successes = 1;
    file.skills[1].extra = true;
    expect(rejected(JSON.stringify(file))).toContain('skills.1.extra');
  });

  it('bounds the size and the number of skills', () => {
    expect(rejected(' '.repeat(MAX_LIBRARY_BYTES + 1))).toMatch(/at most 1048576 bytes/);
    const many = { format: 'greenhouse-skills', version: 1, exportedAt: '', skills: Array.from({ length: MAX_SKILLS + 1 }, () => 0) };
    expect(rejected(JSON.stringify(many))).toContain(`skills must hold at most ${MAX_SKILLS} skills`);
  });

  it('never throws on mangled files', () => {
    const text = exportLibrary([good('a')]);
    fc.assert(
      fc.property(fc.nat(text.length - 1), fc.string({ maxLength: 8 }), (at, junk) => {
        const r = parseLibrary(text.slice(0, at) + junk + text.slice(at + 1));
        return r.ok || r.error.length > 0;
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (v) => !parseLibrary(JSON.stringify(v)).ok),
      { numRuns: 200 },
    );
  });
});
