// The skill library in IndexedDB: load, merge discovered or imported skills in, import a file (validated first,
// so a bad file changes nothing), export the stored library.

import type { GreenhouseDB } from '../storage/db';
import { listSkills, replaceLibrary, type SkillFilter } from '../storage/skills';
import { depthError, exportLibrary, parseLibrary } from './io';
import { mergeLibraries } from './library';
import type { Skill } from './types';

export function loadLibrary(db: GreenhouseDB, filter?: SkillFilter): Promise<Skill[]> {
  return listSkills(db, filter);
}

/** Merges skills into the stored library (deduplicated by action sequence, stats combined); returns the new library. */
export async function mergeIntoLibrary(db: GreenhouseDB, skills: readonly Skill[]): Promise<Skill[]> {
  const merged = mergeLibraries([await listSkills(db), skills]);
  await replaceLibrary(db, merged);
  return merged;
}

export type ImportOutcome = { ok: true; imported: number; library: number } | { ok: false; error: string };

/** Imports a library file, merged into the stored one or replacing it; a file that fails validation leaves the library untouched. */
export async function importLibraryFile(db: GreenhouseDB, text: string, mode: 'merge' | 'replace' = 'merge'): Promise<ImportOutcome> {
  const parsed = parseLibrary(text);
  if (!parsed.ok) return parsed;
  if (mode === 'replace') {
    await replaceLibrary(db, parsed.skills);
    return { ok: true, imported: parsed.skills.length, library: parsed.skills.length };
  }
  const merged = mergeLibraries([await listSkills(db), parsed.skills]);
  const deep = depthError(merged);
  if (deep) return { ok: false, error: `merged with the stored library, ${deep}` };
  await replaceLibrary(db, merged);
  return { ok: true, imported: parsed.skills.length, library: merged.length };
}

/** The stored library as a JSON file. */
export async function exportStoredLibrary(db: GreenhouseDB): Promise<string> {
  return exportLibrary(await listSkills(db));
}
