// Skill library files at the edges earlier mutation runs left open: an export of exactly the byte limit (which
// must import again), and `consistent` bounded by `uses` like `successes`.
import { describe, expect, it } from 'vitest';
import { exportLibrary, MAX_LIBRARY_BYTES, parseLibrary } from '../../src/skills/io';
import { skillId } from '../../src/skills/library';
import type { Skill } from '../../src/skills/types';
import { skillRecord } from '../storage/fixtures';

const skill = (i: number, description = ''): Skill => {
  const s = skillRecord(`x${i}`, { description });
  return { ...s, id: skillId(s.family, s.steps) };
};

describe('the export byte limit', () => {
  it(`exports a library of exactly ${MAX_LIBRARY_BYTES} bytes, which imports again, and refuses one byte more`, () => {
    const skills = Array.from({ length: 600 }, (_, i) => skill(i));
    // Pad descriptions (at most 2000 characters each) with ASCII until the export is exactly the limit.
    let missing = MAX_LIBRARY_BYTES - exportLibrary(skills).length;
    for (let i = 0; missing > 0; i++) {
      const add = Math.min(2000, missing);
      skills[i] = skill(i, 'd'.repeat(add));
      missing -= add;
    }
    const text = exportLibrary(skills);
    expect(new TextEncoder().encode(text).length).toBe(MAX_LIBRARY_BYTES);
    expect(parseLibrary(text).ok).toBe(true);
    const over = skills.map((s, i) => (i === 599 ? skill(599, 'd') : s));
    expect(() => exportLibrary(over)).toThrow(`the library is ${MAX_LIBRARY_BYTES + 1} bytes as JSON; a file may be at most ${MAX_LIBRARY_BYTES} bytes (1 MiB): export one family at a time`);
  });
});

describe('consistent', () => {
  it('may equal uses and not exceed it', () => {
    const file = (consistent: number) => exportLibrary([{ ...skill(0), uses: 3, successes: 1, consistent }]);
    expect(parseLibrary(file(3))).toMatchObject({ ok: true, skills: [{ consistent: 3 }] });
    expect(parseLibrary(file(4))).toEqual({ ok: false, error: 'not a valid skill library: skills.0 consistent must not exceed uses' });
  });
});
