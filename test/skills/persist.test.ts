// The stored skill library over fake-indexeddb: loading (all, or one family's), merging skills in, importing a file
// (merged or replacing, a bad file or a too-deep merge changing nothing) and exporting what is stored.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { exportLibrary, MAX_TREE_DEPTH, parseLibrary } from '../../src/skills/io';
import { skillId } from '../../src/skills/library';
import { exportStoredLibrary, importLibraryFile, loadLibrary, mergeIntoLibrary } from '../../src/skills/persist';
import type { Skill } from '../../src/skills/types';
import { openGreenhouseDb } from '../../src/storage/db';
import { skillRecord } from '../storage/fixtures';

const record = (name: string, over: Partial<Skill> = {}): Skill => {
  const s = skillRecord(name, over);
  return { ...s, id: skillId(s.family, s.steps) };
};
/** A chain of `n` skills, each the parent of the next, named from `prefix`. */
function chain(prefix: string, n: number): Skill[] {
  const out: Skill[] = [];
  for (let i = 0; i < n; i++) out.push(record(`${prefix}${i}`, { parents: i > 0 ? [out[i - 1].id] : [] }));
  return out;
}
const open = (name: string) => openGreenhouseDb({ factory: new IDBFactory(), name });
const names = (skills: readonly Skill[]) => skills.map((s) => s.name).sort();

describe('the stored library', () => {
  it('merges skills in, stats combined, and loads all or one family', async () => {
    const db = await open('merge');
    const a = record('a', { uses: 2 });
    expect(await mergeIntoLibrary(db, [a, record('b', { family: 'login-user' })])).toHaveLength(2);
    const merged = await mergeIntoLibrary(db, [record('a', { uses: 3, agent: 'other' })]);
    expect(merged.find((s) => s.id === a.id)?.uses).toBe(5);
    expect(names(await loadLibrary(db))).toEqual(['skill a', 'skill b']);
    expect(names(await loadLibrary(db, { family: 'login-user' }))).toEqual(['skill b']);
    db.close();
  });

  it('imports a file merged or replacing, and says how many skills it read and the library holds', async () => {
    const db = await open('import');
    await mergeIntoLibrary(db, [record('old')]);
    expect(await importLibraryFile(db, exportLibrary([record('new1'), record('new2')]))).toEqual({ ok: true, imported: 2, library: 3 });
    expect(await importLibraryFile(db, exportLibrary([record('only')]), 'replace')).toEqual({ ok: true, imported: 1, library: 1 });
    expect(names(await loadLibrary(db))).toEqual(['skill only']);
    db.close();
  });

  it('a bad file, or a merge deeper than the limit, changes nothing', async () => {
    const db = await open('refuse');
    const half = Math.ceil(MAX_TREE_DEPTH / 2) + 1;
    const stored = chain('s', half);
    await mergeIntoLibrary(db, stored);
    expect(await importLibraryFile(db, '{"format": 1}')).toMatchObject({ ok: false });
    expect(await importLibraryFile(db, '{"format": 1}', 'replace')).toMatchObject({ ok: false });
    // The file's chain hangs under the stored chain's last skill: together deeper than MAX_TREE_DEPTH.
    const more = chain('t', half).map((s, i) => (i === 0 ? { ...s, parents: [stored[half - 1].id] } : s));
    expect(await importLibraryFile(db, exportLibrary(more))).toEqual({
      ok: false, error: `merged with the stored library, its skills form a chain ${2 * half} deep by parents; at most ${MAX_TREE_DEPTH} levels are allowed`,
    });
    expect(names(await loadLibrary(db))).toEqual(names(stored));
    db.close();
  });

  it('exports the stored library as a file that imports again', async () => {
    const db = await open('export');
    const skills = chain('e', 3);
    await mergeIntoLibrary(db, skills);
    const text = await exportStoredLibrary(db);
    const back = parseLibrary(text);
    expect(back.ok && names(back.skills)).toEqual(names(skills));
    db.close();
  });
});
