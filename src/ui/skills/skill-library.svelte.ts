// The skill library panel's state: the stored skills, their tree by parents, edits written through to
// IndexedDB, import and export, and the replay being watched. Storage errors become a message, never a crash.

import type { GreenhouseDB } from '../../storage/db';
import { StorageFullError } from '../../storage/errors';
import { deleteSkill, renameSkill } from '../../storage/skills';
import { ENV_SPECS } from '../../envs/registry';
import { ExportTooLargeError, MAX_LIBRARY_BYTES } from '../../skills/io';
import { skillTree, type SkillNode } from '../../skills/library';
import { exportStoredLibrary, importLibraryFile, loadLibrary } from '../../skills/persist';
import { replaySkill, type Replay } from '../../skills/replay';
import type { Skill } from '../../skills/types';

function message(e: unknown): string {
  if (e instanceof StorageFullError) return `${e.message}: the library is unchanged`;
  if (e instanceof ExportTooLargeError) return `export refused: ${e.message}`;
  return `storage error: ${e instanceof Error ? e.message : String(e)}`;
}

export class SkillLibraryState {
  skills = $state.raw<Skill[]>([]);
  family = $state('');
  error = $state<string | null>(null);
  notice = $state<string | null>(null);
  busy = $state(false);
  replay = $state.raw<(Replay & { skill: Skill }) | null>(null);
  frame = $state(0);
  families: string[] = $derived([...new Set(this.skills.map((s) => s.family))].sort());
  tree: SkillNode[] = $derived(skillTree(this.family ? this.skills.filter((s) => s.family === this.family) : this.skills));

  constructor(private readonly db: () => Promise<GreenhouseDB>) {}

  private async run(work: (db: GreenhouseDB) => Promise<void>): Promise<void> {
    this.busy = true;
    this.error = null;
    this.notice = null;
    try {
      await work(await this.db());
    } catch (e) {
      this.error = message(e);
    } finally {
      this.busy = false;
    }
  }

  load(): Promise<void> {
    return this.run(async (db) => {
      this.skills = await loadLibrary(db);
    });
  }

  rename(id: string, name: string): Promise<void> {
    return this.run(async (db) => {
      const next = await renameSkill(db, id, name);
      this.skills = this.skills.map((s) => (s.id === id ? next : s));
    });
  }

  remove(id: string): Promise<void> {
    return this.run(async (db) => {
      await deleteSkill(db, id);
      this.skills = this.skills.filter((s) => s.id !== id);
      if (this.replay?.skill.id === id) this.replay = null;
    });
  }

  /** The stored library as JSON text (for a download). */
  async exportText(): Promise<string | null> {
    let text: string | null = null;
    await this.run(async (db) => {
      text = await exportStoredLibrary(db);
    });
    return text;
  }

  /** Imports a file (too big a file is refused before it is read); any earlier message is cleared first. */
  importFile(file: File, mode: 'merge' | 'replace'): Promise<void> {
    if (file.size <= MAX_LIBRARY_BYTES) return file.text().then((text) => this.importText(text, mode));
    return this.run(async () => {
      this.error = `import rejected: the file is ${file.size} bytes; a skill library may be at most ${MAX_LIBRARY_BYTES} bytes (1 MiB)`;
    });
  }

  /** Imports a file's text; a bad file is reported and nothing changes. */
  importText(text: string, mode: 'merge' | 'replace'): Promise<void> {
    return this.run(async (db) => {
      const r = await importLibraryFile(db, text, mode);
      if (!r.ok) {
        this.error = `import rejected: ${r.error}`;
        return;
      }
      this.skills = await loadLibrary(db);
      this.notice = `imported ${r.imported} skills; the library now holds ${r.library}`;
    });
  }

  /** Starts watching a skill on a seed of its environment family. */
  watch(skill: Skill, seed: number): void {
    const spec = ENV_SPECS.find((s) => s.family === skill.family);
    try {
      if (!spec) throw new Error(`no environment of family '${skill.family}' is registered`);
      this.replay = { ...replaySkill(spec, skill, seed), skill };
      this.frame = 0;
    } catch (e) {
      this.replay = { ok: false, error: e instanceof Error ? e.message : String(e), skill };
    }
  }
}
