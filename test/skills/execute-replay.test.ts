// Running a skill's steps on the tiny settings task (seed 4: "Set the name to alice and save."), by hand: the
// trace, the reward, how a run stops (a reference that does not resolve, an action error, the episode's end), and
// replaySkill's setup by the expert, its frames, and each refusal.
import { describe, expect, it } from 'vitest';
import type { Env, EnvSpec, Observation, StepInfo } from '../../src/envs/api';
import { canStart, runSteps } from '../../src/skills/execute';
import { skillId } from '../../src/skills/library';
import { replaySkill } from '../../src/skills/replay';
import type { Skill, SkillStep } from '../../src/skills/types';
import { tinySettings } from './tiny-env';

const ref = (role: string, value: string) => ({ kind: 'ref' as const, role, name: { kind: 'literal' as const, value } });
const click = (role: string, label: string): SkillStep => ({ verb: 'click', args: [ref(role, label)] });
const fill = (text: string): SkillStep => ({ verb: 'fill', args: [ref('textbox', 'Name'), { kind: 'text', text: text === 'goal' ? { kind: 'goal', anchor: 'to', words: 1 } : { kind: 'literal', value: text } }] });
const OPEN = click('link', 'Settings');
const SAVE = click('button', 'Save');
const NOISE = click('button', 'Noise');

function started(seed = 4) {
  const env = tinySettings.create();
  const { obs, info } = env.reset({ seed });
  return { env, obs, info };
}
const skill = (steps: SkillStep[], family = 'tiny-settings'): Skill => ({
  id: skillId(family, steps), name: 'n', description: '', family, precondition: { cluster: '' }, steps, fitness: 0, uses: 0, successes: 0, parents: [], agent: 't', createdAt: 0,
});

describe('runSteps', () => {
  it('runs every step, keeping each action, its target, observation and info, and the summed reward', () => {
    const { env, obs, info } = started();
    const run = runSteps(env, [OPEN, fill('goal'), SAVE], obs, info);
    expect(run.trace.map((t) => [t.action, t.target, t.info.progress])).toEqual([
      ['click(4)', { role: 'link', name: 'Settings' }, 0],
      ['fill(2, "alice")', { role: 'textbox', name: 'Name' }, 0.5],
      ['click(3)', { role: 'button', name: 'Save' }, 1],
    ]);
    expect(run).toMatchObject({ ok: true, reward: 1, done: true, terminated: true, info: { success: true, turn: 3 } });
    expect(run.obs).toBe(run.trace[2].obs);
    expect(run.error).toBeUndefined();
  });

  it("fills each episode's own goal slot when runs on two goals alternate (seed 4: alice, seed 2: dave)", () => {
    const a = started(4);
    const d = started(2);
    const first = (e: ReturnType<typeof started>) => runSteps(e.env, [OPEN, fill('goal')], e.obs, e.info).trace[1].action;
    expect([first(a), first(d), first(started(4))]).toEqual(['fill(2, "alice")', 'fill(2, "dave")', 'fill(2, "alice")']);
  });

  it('stops at a reference that does not resolve, before sending it, and keeps the last state', () => {
    const { env, obs, info } = started();
    const none = runSteps(env, [SAVE], obs, info);
    expect(none).toEqual({ ok: false, error: "step 1: no button 'Save' here", trace: [], obs, info, reward: 0, done: false, terminated: false });
    const second = runSteps(env, [OPEN, NOISE], obs, info);
    expect(second).toMatchObject({ ok: false, error: "step 2: no button 'Noise' here", done: false });
    expect(second.trace).toHaveLength(1);
    expect(second.info.turn).toBe(1);
  });

  it("stops at the env's action error, the step kept in the trace", () => {
    const { env, obs, info } = started();
    const run = runSteps(env, [{ verb: 'fill', args: [ref('button', 'Noise'), { kind: 'text', text: { kind: 'literal', value: 'x' } }] }, OPEN], obs, info);
    expect(run.ok).toBe(false);
    expect(run.error).toBe("fill(3, \"x\"): element 3 (button 'Noise') is not a text box");
    expect(run.trace.map((t) => t.action)).toEqual(['fill(3, "x")']);
    expect(run.trace[0].info.lastActionError).toBe(run.error);
  });

  it('stops when the episode ended: by failure (terminated) or out of turns (done only)', () => {
    const { env, obs, info } = started();
    const failed = runSteps(env, [OPEN, fill('bob'), SAVE, SAVE], obs, info);
    expect(failed).toMatchObject({ ok: false, error: 'the episode ended before step 4', reward: 0, done: true, terminated: true, info: { success: false } });
    const idle = started();
    const out = runSteps(idle.env, Array(7).fill(NOISE), idle.obs, idle.info); // 6 turns at most
    expect(out).toMatchObject({ ok: false, error: 'the episode ended before step 7', done: true, terminated: false });
    expect(out.trace).toHaveLength(6);
  });

  it('canStart: the first step resolves here; an empty skill never starts', () => {
    const { env, obs } = started();
    const words = env.goal.split(' ');
    expect(canStart([OPEN, SAVE], obs, words)).toBe(true);
    expect(canStart([SAVE, OPEN], obs, words)).toBe(false);
    expect(canStart([], obs, words)).toBe(false);
  });
});

describe('replaySkill', () => {
  it("reaches a state where the skill starts with the expert's actions, then shows each step and the state after", () => {
    const r = replaySkill(tinySettings, skill([fill('goal'), SAVE]), 4);
    if (!r.ok) throw new Error(r.error);
    expect(r.goal).toBe('Set the name to alice and save.');
    expect(r.setup).toEqual(['click(4)']);
    expect(r.frames.map((f) => [f.action, f.progress, f.error])).toEqual([['fill(2, "alice")', 0, undefined], ['click(3)', 0.5, undefined], [undefined, 1, undefined]]);
    expect(r.frames[0].text).toContain("textbox 'Name'");
    expect(r.frames[2].text).toContain('alice');
    expect(r.success).toBe(true);
    expect('error' in r.frames[0]).toBe(false);
  });

  it("shows a step's action error on its frame, and a reference that failed later on the last frame", () => {
    const r = replaySkill(tinySettings, skill([NOISE, { verb: 'fill', args: [ref('button', 'Noise'), { kind: 'text', text: { kind: 'literal', value: 'x' } }] }]), 4);
    if (!r.ok) throw new Error(r.error);
    expect(r.setup).toEqual([]);
    expect(r.frames.map((f) => f.error)).toEqual([undefined, "fill(3, \"x\"): element 3 (button 'Noise') is not a text box", undefined]);
    const later = replaySkill(tinySettings, skill([OPEN, NOISE]), 4);
    if (!later.ok) throw new Error(later.error);
    expect(later.frames.map((f) => f.error)).toEqual([undefined, "step 2: no button 'Noise' here"]);
    expect(later.success).toBe(false);
  });

  it('refuses another family, a state the expert never reaches, and an episode that ends first', () => {
    expect(replaySkill(tinySettings, skill([OPEN], 'grid-world'), 4)).toEqual({ ok: false, error: 'the skill belongs to grid-world, not tiny-settings' });
    expect(replaySkill(tinySettings, skill([click('button', 'Missing')]), 4)).toEqual({ ok: false, error: 'the episode on seed 4 ended before the skill could start' });
    expect(replaySkill(LOOP, skill([click('button', 'Missing')], 'loop'), 2)).toEqual({
      ok: false, error: "the skill cannot start on seed 2: its first step names an element the expert's episode never showed",
    });
    expect(Loop.steps).toBe(3); // maxTurns of setup, then it gives up
  });
});

/** A page that never ends: its expert presses one button forever. */
class Loop implements Env {
  static steps = 0;
  readonly id = 'loop';
  readonly goal = 'press';
  readonly maxTurns = 3;
  private readonly obs: Observation = { text: "[1] button 'Again'", elements: [{ id: 1, role: 'button', name: 'Again' }] };
  private readonly info: StepInfo = { success: false, progress: 0, turn: 0 };
  reset() {
    Loop.steps = 0;
    return { obs: this.obs, info: this.info };
  }
  step() {
    Loop.steps++;
    return { obs: this.obs, reward: 0, terminated: false, truncated: false, info: this.info };
  }
  clone(): Env {
    return new Loop();
  }
}
const LOOP: EnvSpec = { id: 'loop', suite: 'web', family: 'loop', description: '', maxTurns: 3, options: [], actions: [{ verb: 'click', args: ['id'] }], create: () => new Loop(), expert: () => 'click(1)' };
