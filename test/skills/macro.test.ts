// Skills as macro-actions: skill(k) joins the action language, the k-th skill that can start here is listed in the
// text as skill(k), and it runs as one turn.

import { describe, expect, it } from 'vitest';
import type { Env, StepInfo } from '../../src/envs/api';
import { expertRollout } from '../../src/envs/harness';
import { skillId } from '../../src/skills/library';
import { SkillEnv, macroSkills, withSkills } from '../../src/skills/macro';
import type { Skill, SkillStep } from '../../src/skills/types';
import { tinySettings } from './tiny-env';

const ref = (role: string, value: string) => ({ kind: 'ref' as const, role, name: { kind: 'literal' as const, value } });

function skill(name: string, fitness: number, steps: SkillStep[], family = 'tiny-settings'): Skill {
  return { id: skillId(family, steps), name, description: '', family, precondition: { cluster: '' }, steps, fitness, uses: 1, successes: 1, parents: [], agent: 't', createdAt: 0 };
}

const openSettings = skill("open the 'Settings' page", 0.9, [{ verb: 'click', args: [ref('link', 'Settings')] }]);
const setAndSave = skill('set the name and save', 0.5, [
  { verb: 'fill', args: [ref('textbox', 'Name'), { kind: 'text', text: { kind: 'goal', anchor: 'to', words: 1 } }] },
  { verb: 'click', args: [ref('button', 'Save')] },
]);
const other = skill('from another family', 1, [{ verb: 'click', args: [ref('link', 'Settings')] }], 'grid-world');

describe('withSkills', () => {
  const spec = withSkills(tinySettings, [setAndSave, other, openSettings]);

  it('adds skill(k) to the action language and keeps the family, fittest first', () => {
    expect(spec.actions.map((a) => a.verb)).toEqual([...tinySettings.actions.map((a) => a.verb), 'skill']);
    const env = spec.create() as SkillEnv;
    expect(env.skills.map((s) => s.name)).toEqual([openSettings.name, setAndSave.name]);
  });

  it("orders skill(k) by how often each worked (Bottom-Up Agent's fitness), then by mean value", () => {
    const proven = { ...setAndSave, fitness: 0.3, uses: 90, successes: 40, consistent: 50 };
    const lucky = { ...openSettings, fitness: 1, uses: 1, successes: 1, consistent: 1 };
    expect(macroSkills(tinySettings, [lucky, proven]).map((s) => s.name)).toEqual([proven.name, lucky.name]);
  });

  it('lists the skills that can start here and runs one as a single turn', () => {
    const env = spec.create();
    const r0 = env.reset({ seed: 4 });
    expect(r0.obs.text).toContain("skills:\nskill(0): open the 'Settings' page");
    expect(r0.obs.text).not.toContain('skill(1)');
    const r1 = env.step('skill(0)');
    expect(r1.info).toMatchObject({ turn: 1, success: false });
    expect(r1.info.lastActionError).toBeUndefined();
    // On the settings page the link is gone: the one skill that can start there is skill(0).
    expect(r1.obs.text).toContain('skills:\nskill(0): set the name and save');
    expect(r1.obs.text).not.toContain('skill(1)');
    const r2 = env.step('skill(0)');
    expect(r2).toMatchObject({ terminated: true, reward: 1, info: { success: true, turn: 2 } });
  });

  it('spends a turn with a message on a bad skill, and passes atomic actions through', () => {
    const env = spec.create();
    env.reset({ seed: 4 });
    const bad = env.step('skill(7)');
    expect(bad.info).toMatchObject({ turn: 1, lastActionError: 'skill(7): only skill(0) can start here' });
    const notHere = env.step('skill(1)'); // 'set the name and save' exists, but not on this page
    expect(notHere.info.lastActionError).toBe('skill(1): only skill(0) can start here');
    const atomic = env.step('click(4)');
    expect(atomic.info.turn).toBe(3);
    expect(atomic.info.lastActionError).toBeUndefined(); // an atomic action is not read as a skill
    expect(atomic.obs.text).toContain("textbox 'Name'");
  });

  it('clones independently and keeps the expert working', () => {
    const env = spec.create();
    env.reset({ seed: 9 });
    const copy = env.clone();
    env.step('skill(0)');
    expect(copy.step('skill(1)').info.lastActionError).toBeDefined();
    expect(expertRollout(spec, 11).success).toBe(true);
  });
});

describe('SkillEnv at its edges', () => {
  const noise = { verb: 'click', args: [ref('button', 'Noise')] } satisfies SkillStep;
  const stopAt2 = skill('open, then press Nope', 1, [{ verb: 'click', args: [ref('link', 'Settings')] }, { verb: 'click', args: [ref('button', 'Nope')] }]);

  it('names every bad skill(k): unparsable, none startable, one, or a range', () => {
    const env = withSkills(tinySettings, [openSettings]).create();
    env.reset({ seed: 4 });
    expect(env.step('skill(x)').info.lastActionError).toContain('must be an integer');
    const two = withSkills(tinySettings, [openSettings, { ...skill('also open', 0.1, [{ verb: 'click', args: [ref('link', 'Settings')] }, noise]) }]).create();
    two.reset({ seed: 4 });
    expect(two.step('skill(5)').info.lastActionError).toBe('skill(5): only skill(0) to skill(1) can start here');
    expect(two.step('skill(x)').info.lastActionError).toContain('must be an integer'); // no skill runs, not even skill(1)
    const listing = withSkills(tinySettings, [openSettings, skill('also open', 0.1, [{ verb: 'click', args: [ref('link', 'Settings')] }, noise])]).create();
    expect(listing.reset({ seed: 4 }).obs.text).toContain("\nskills:\nskill(0): open the 'Settings' page\nskill(1): also open");
    const none = withSkills(tinySettings, [setAndSave]).create();
    const r0 = none.reset({ seed: 4 });
    expect(r0.obs.text).not.toContain('skills:');
    expect(r0.obs.text).toBe(tinySettings.create().reset({ seed: 4 }).obs.text);
    expect(none.step('skill(0)').info.lastActionError).toBe('skill(0): no skill can start here');
  });

  it('reads skill(k) after leading spaces, and says which step stopped a skill', () => {
    const env = withSkills(tinySettings, [stopAt2]).create();
    env.reset({ seed: 4 });
    const r = env.step('  skill(0)');
    expect(r.info).toMatchObject({ turn: 1, lastActionError: "skill(0) 'open, then press Nope' stopped: step 2: no button 'Nope' here" });
    expect(r.obs.text).toContain("heading 'Settings'"); // its first step ran
    expect(r).toMatchObject({ terminated: false, truncated: false });
  });

  it('is truncated when a skill runs the inner episode out of turns, though its own turns are left', () => {
    const sevenNoises = skill('press Noise seven times', 1, Array.from({ length: 7 }, () => noise));
    const env = withSkills(tinySettings, [sevenNoises]).create();
    env.reset({ seed: 4 });
    const r = env.step('skill(0)');
    expect(r).toMatchObject({ terminated: false, truncated: true, info: { turn: 1, lastActionError: "skill(0) 'press Noise seven times' stopped: the episode ended before step 7" } });
  });

  it('is truncated after maxTurns of its own turns, and a clone keeps its turn count', () => {
    const env = withSkills(tinySettings, [openSettings]).create();
    env.reset({ seed: 4 });
    for (let t = 1; t < tinySettings.create().maxTurns - 1; t++) expect(env.step('click(3)')).toMatchObject({ truncated: false, info: { turn: t } });
    const copy = env.clone();
    expect(copy.step('click(3)')).toMatchObject({ truncated: false, info: { turn: 5 } });
    expect(copy.step('click(3)')).toMatchObject({ truncated: true, info: { turn: 6 } });
    expect(copy.step('skill(0)')).toMatchObject({ truncated: true, info: { turn: 7 } });
  });

  it("ends its own episode after maxTurns turns when the inner env would go on", () => {
    const info = (): StepInfo => ({ success: false, progress: 0, turn: 0 });
    const obs = { text: 'same', elements: [] };
    const endless: Env = { id: 'endless', goal: 'wait', maxTurns: 2, reset: () => ({ obs, info: info() }), step: () => ({ obs, info: info(), reward: 0, terminated: false, truncated: false }), clone: () => endless };
    const env = new SkillEnv(endless, []);
    env.reset({ seed: 1 });
    expect(env.step('wait()')).toMatchObject({ truncated: false, info: { turn: 1 } });
    expect(env.step('wait()')).toMatchObject({ truncated: true, info: { turn: 2 } });
  });

  it('lists the fittest max skills, ties broken by id; its expert needs a skill environment', () => {
    const a = skill('a', 0.5, [noise]);
    const b = skill('b', 0.5, [{ verb: 'click', args: [ref('link', 'Settings')] }]);
    const byId = [a, b].sort((p, q) => (p.id < q.id ? -1 : 1)).map((s) => s.name);
    expect(macroSkills(tinySettings, [a, b]).map((s) => s.name)).toEqual(byId);
    expect(macroSkills(tinySettings, [b, a]).map((s) => s.name)).toEqual(byId);
    expect(macroSkills(tinySettings, [setAndSave, openSettings], 1).map((s) => s.name)).toEqual([openSettings.name]);
    const spec = withSkills(tinySettings, [a]);
    expect(spec.description).toBe('Open Settings, set the name, save. Skills from the library run as skill(k).');
    expect(() => spec.expert(tinySettings.create())).toThrow('tiny-settings expert: not a skill-augmented environment');
  });
});
