// What the library panel says: an import on a full quota says the library is unchanged (not that "training goes on
// unsaved"); a new import clears the old success notice; importing the library's own export changes no count.
import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore as FakeStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { skillId } from '../../src/skills/library';
import { exportLibrary } from '../../src/skills/io';
import { openGreenhouseDb } from '../../src/storage/db';
import { listSkills } from '../../src/storage/skills';
import { SkillLibraryState } from '../../src/ui/skills/skill-library.svelte';
import { skillRecord } from '../storage/fixtures';

afterEach(() => vi.restoreAllMocks());

const library = exportLibrary(['a', 'b'].map((n) => skillRecord(n, { uses: 6, successes: 3 })).map((s) => ({ ...s, id: skillId(s.family, s.steps) })));

describe('skill library panel messages', () => {
  it('reports a full quota on import as an unchanged library, clears old notices, and self-imports change nothing', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    const lib = new SkillLibraryState(async () => db);
    await lib.importText(library, 'replace');
    expect(lib.notice).toBe('imported 2 skills; the library now holds 2');
    await lib.importText((await lib.exportText()) as string, 'merge');
    expect((await listSkills(db)).map((s) => s.uses)).toEqual([6, 6]);

    await lib.importText('not json', 'merge');
    expect(lib.notice).toBeNull();
    expect(lib.error).toMatch(/^import rejected: the file is not JSON/);

    vi.spyOn(FakeStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    await lib.importText(library.replace(/"uses":6/g, '"uses":7'), 'replace');
    expect(lib.error).toBe('storage full: the browser refused to save more data: the library is unchanged');
    vi.restoreAllMocks();
    expect((await listSkills(db)).map((s) => s.uses)).toEqual([6, 6]);
    db.close();
  });
});
