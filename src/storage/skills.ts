// The skill library's store: save, list, rename, delete, and replace the whole library in one transaction.

import type { GreenhouseDB } from './db';
import { issueAll, writeTx } from './tx';
import type { SkillRecord } from './schema';

/** Puts skills (insert or overwrite by id) in one transaction. */
export async function saveSkills(db: GreenhouseDB, skills: readonly SkillRecord[]): Promise<void> {
  const tx = db.transaction('skills', 'readwrite');
  await writeTx(tx, () => issueAll(skills, (s) => tx.store.put(s)));
}

export interface SkillFilter {
  family?: string;
  agent?: string;
}

/** The stored skills, all or those of one family or one agent, ordered by id. */
export function listSkills(db: GreenhouseDB, filter: SkillFilter = {}): Promise<SkillRecord[]> {
  if (filter.family !== undefined && filter.agent !== undefined) {
    const agent = filter.agent;
    return db.getAllFromIndex('skills', 'family', filter.family).then((all) => all.filter((s) => s.agent === agent));
  }
  if (filter.family !== undefined) return db.getAllFromIndex('skills', 'family', filter.family);
  if (filter.agent !== undefined) return db.getAllFromIndex('skills', 'agent', filter.agent);
  return db.getAll('skills');
}

export function getSkill(db: GreenhouseDB, id: string): Promise<SkillRecord | undefined> {
  return db.get('skills', id);
}

/** Renames a skill; throws when it does not exist or the name is blank. */
export async function renameSkill(db: GreenhouseDB, id: string, name: string): Promise<SkillRecord> {
  const trimmed = name.trim();
  if (trimmed === '') throw new Error('a skill name cannot be empty');
  const tx = db.transaction('skills', 'readwrite');
  return writeTx(tx, async () => {
    const skill = await tx.store.get(id);
    if (!skill) throw new Error(`no skill '${id}'`);
    const next = { ...skill, name: trimmed };
    await tx.store.put(next);
    return next;
  });
}

/** Deletes one skill; skills that extend it keep their parent id (the tree shows them as roots). */
export function deleteSkill(db: GreenhouseDB, id: string): Promise<void> {
  return db.delete('skills', id);
}

/** Replaces the whole library (clear, then put) all or nothing: on any failure the old library stays. */
export async function replaceLibrary(db: GreenhouseDB, skills: readonly SkillRecord[]): Promise<void> {
  const tx = db.transaction('skills', 'readwrite');
  await writeTx(tx, async () => {
    await tx.store.clear();
    await issueAll(skills, (s) => tx.store.put(s));
  });
}
