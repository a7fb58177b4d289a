// The library panel's state over fake-indexeddb, and watching a skill replay: edits reach the store, a bad
// import is reported and changes nothing, a replay reaches a state where the skill can start.

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { getEnvSpec } from '../../src/envs/registry';
import { openGreenhouseDb } from '../../src/storage/db';
import { listSkills, saveSkills } from '../../src/storage/skills';
import { skillId } from '../../src/skills/library';
import { replaySkill } from '../../src/skills/replay';
import type { Skill, SkillStep } from '../../src/skills/types';
import { SkillLibraryState } from '../../src/ui/skills/skill-library.svelte';

const steps: SkillStep[] = [{ verb: 'click', args: [{ kind: 'ref', role: 'button', name: { kind: 'literal', value: 'Pay' } }] }];
const pay: Skill = {
  id: skillId('shop-checkout', steps),
  name: "press 'Pay'",
  description: '',
  family: 'shop-checkout',
  precondition: { cluster: "'Payment' @0.7" },
  steps,
  fitness: 0.5,
  uses: 4,
  successes: 2,
  parents: [],
  agent: 'a',
  createdAt: 0,
};

describe('skill library panel state', () => {
  it('loads, renames, deletes, rejects a bad import and keeps the library', async () => {
    const db = await openGreenhouseDb({ factory: new IDBFactory() });
    await saveSkills(db, [pay]);
    const lib = new SkillLibraryState(async () => db);
    await lib.load();
    expect(lib.skills.map((s) => s.name)).toEqual(["press 'Pay'"]);
    expect(lib.tree).toHaveLength(1);
    await lib.rename(pay.id, 'pay now');
    expect((await listSkills(db))[0].name).toBe('pay now');
    await lib.importText('{"format":"greenhouse-skills"}', 'replace');
    expect(lib.error).toMatch(/^import rejected: not a valid skill library: /);
    expect(await listSkills(db)).toHaveLength(1);
    const text = await lib.exportText();
    await lib.remove(pay.id);
    expect(await listSkills(db)).toEqual([]);
    await lib.importText(text as string, 'merge');
    expect(lib.error).toBeNull();
    expect(lib.skills.map((s) => s.name)).toEqual(['pay now']);
    lib.watch(lib.skills[0], 3);
    expect(lib.replay?.ok).toBe(true);
    db.close();
  });
});

describe('replaySkill', () => {
  it('lets the expert reach a state where the skill starts, then shows each step', () => {
    const r = replaySkill(getEnvSpec('shop-checkout'), pay, 3);
    if (!r.ok) throw new Error(r.error);
    expect(r.setup.length).toBeGreaterThan(3);
    expect(r.frames).toHaveLength(2);
    expect(r.frames[0].text).toContain("button 'Pay'");
    expect(r.frames[0].action).toMatch(/^click\(\d+\)$/);
    // The skill starts as soon as Pay is shown, before the expert chose a payment method.
    expect(r.frames[0].error).toContain('choose a payment method first');
    expect(r.success).toBe(false);
  });

  it('refuses a skill of another family', () => {
    expect(replaySkill(getEnvSpec('grid-world'), pay, 0)).toEqual({ ok: false, error: 'the skill belongs to shop-checkout, not grid-world' });
  });
});
