// Skill files are bounded in depth, size and values, and every export imports again: compact JSON, round trips at
// the limits, a too-big library refused at export (not at the next import); a byte order mark is accepted as the
// page accepts it; importing a library into itself changes nothing (not even the stored one).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ExportTooLargeError, MAX_LIBRARY_BYTES, MAX_TREE_DEPTH, exportLibrary, parseLibrary } from '../../src/skills/io';
import { MAX_USES, mergeLibraries, skillId, treeDepth } from '../../src/skills/library';
import { exportStoredLibrary, importLibraryFile, loadLibrary } from '../../src/skills/persist';
import type { Skill } from '../../src/skills/types';
import { openGreenhouseDb } from '../../src/storage/db';
import { skillRecord } from '../storage/fixtures';

/** A chain of `n` skills, each extending the one before (its parent). */
function chain(n: number, over: Partial<Skill> = {}): Skill[] {
  const out: Skill[] = [];
  for (let i = 0; i < n; i++) {
    const s = skillRecord(`s${i}`, { parents: i > 0 ? [out[i - 1].id] : [], ...over });
    out.push({ ...s, id: skillId(s.family, s.steps) });
  }
  return out;
}

const imported = (text: string): Skill[] => {
  const r = parseLibrary(text);
  if (!r.ok) throw new Error(r.error);
  return r.skills;
};

describe('skill import bounds', () => {
  it('refuses a chain deeper than the limit and round-trips one at the limit', () => {
    const deep = parseLibrary(exportLibrary(chain(MAX_TREE_DEPTH + 1)));
    expect(deep).toEqual({ ok: false, error: `not a valid skill library: its skills form a chain ${MAX_TREE_DEPTH + 1} deep by parents; at most ${MAX_TREE_DEPTH} levels are allowed` });
    const atLimit = chain(MAX_TREE_DEPTH);
    expect(treeDepth(imported(exportLibrary(atLimit)))).toBe(MAX_TREE_DEPTH);
    expect(imported(exportLibrary(atLimit))).toEqual(atLimit);
  });

  it('bounds uses and successes; counts merged past the bound stay at it and still export', () => {
    const huge = chain(1, { uses: 1e308, successes: 0 });
    expect(parseLibrary(exportLibrary(huge))).toEqual({ ok: false, error: `not a valid skill library: skills.0.uses must be at most ${MAX_USES}` });
    const top = chain(1, { uses: MAX_USES, successes: MAX_USES });
    const twice = mergeLibraries([top, chain(1, { uses: MAX_USES, successes: MAX_USES, agent: 'other' })]);
    expect(twice[0]).toMatchObject({ uses: MAX_USES, successes: MAX_USES });
    expect(imported(exportLibrary(twice))).toEqual(twice);
  });

  it('exports compact JSON up to the import limit and refuses past it, so every export imports again', () => {
    const one = exportLibrary(chain(1));
    expect(one).not.toContain('\n');
    const record = (i: number): Skill => {
      const s = skillRecord(`x${i}`);
      return { ...s, id: skillId(s.family, s.steps) };
    };
    // As many skills as fit in the import's byte limit, exactly: the export of one more is refused.
    const big: Skill[] = [];
    let size = exportLibrary([]).length;
    for (let i = 0; ; i++) {
      const grow = JSON.stringify(record(i)).length + (i > 0 ? 1 : 0);
      if (size + grow > MAX_LIBRARY_BYTES) break;
      size += grow;
      big.push(record(i));
    }
    const text = exportLibrary(big);
    expect(text.length).toBe(size);
    expect(imported(text)).toEqual(big);
    expect(() => exportLibrary([...big, record(big.length)])).toThrow(ExportTooLargeError);
    expect(() => exportLibrary([...big, record(big.length)])).toThrow(/bytes as JSON; a file may be at most 1048576 bytes/);
  });

  it('accepts a UTF-8 byte order mark, as the page does', () => {
    const skills = chain(2);
    expect(imported(`\uFEFF${exportLibrary(skills)}`)).toEqual(skills);
  });

  it('importing a library into itself changes nothing, in memory and in IndexedDB', async () => {
    const skills = chain(3, { uses: 6, successes: 3 });
    expect(mergeLibraries([skills, imported(exportLibrary(skills))])).toEqual(skills);
    const db = await openGreenhouseDb({ factory: new IDBFactory(), name: 'self-import' });
    await importLibraryFile(db, exportLibrary(skills), 'replace');
    const own = await exportStoredLibrary(db);
    const again = await importLibraryFile(db, own, 'merge');
    expect(again).toEqual({ ok: true, imported: 3, library: 3 });
    expect((await loadLibrary(db)).map((s) => s.uses)).toEqual([6, 6, 6]);
    db.close();
  });
});
