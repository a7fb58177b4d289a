// Watching a skill run: a seeded episode is advanced by the scripted expert until the skill can start, then
// the skill's steps run one by one; each frame holds the observation text, the action and what it did.

import type { EnvOptions, EnvSpec } from '../envs/api';
import { canStart, runSteps } from './execute';
import { goalWords } from './refs';
import type { Skill } from './types';

export interface ReplayFrame {
  /** The observation before the action (the last frame: after the skill). */
  text: string;
  action?: string;
  error?: string;
  progress: number;
}

export type Replay = { ok: true; goal: string; setup: string[]; frames: ReplayFrame[]; success: boolean } | { ok: false; error: string };

/** Replays a skill on `seed`; `setup` lists the expert's actions that led to a state where the skill can start. */
export function replaySkill(spec: EnvSpec, skill: Skill, seed: number, envOptions?: EnvOptions): Replay {
  if (skill.family !== spec.family) return { ok: false, error: `the skill belongs to ${skill.family}, not ${spec.family}` };
  const env = spec.create();
  let { obs, info } = env.reset({ seed, options: envOptions });
  const words = goalWords(env.goal);
  const setup: string[] = [];
  while (!canStart(skill.steps, obs, words)) {
    if (setup.length >= env.maxTurns) return { ok: false, error: `the skill cannot start on seed ${seed}: its first step names an element the expert's episode never showed` };
    const action = spec.expert(env);
    const r = env.step(action);
    setup.push(action);
    if (r.terminated || r.truncated) return { ok: false, error: `the episode on seed ${seed} ended before the skill could start` };
    ({ obs, info } = r);
  }
  const run = runSteps(env, skill.steps, obs, info);
  const frames: ReplayFrame[] = [];
  let before = { text: obs.text, progress: info.progress };
  for (const t of run.trace) {
    const frame: ReplayFrame = { text: before.text, action: t.action, progress: before.progress };
    if (t.info.lastActionError !== undefined) frame.error = t.info.lastActionError;
    frames.push(frame);
    before = { text: t.obs.text, progress: t.info.progress };
  }
  const last: ReplayFrame = { text: before.text, progress: before.progress };
  if (!run.ok && run.error !== undefined && run.trace.every((t) => t.info.lastActionError === undefined)) last.error = run.error;
  frames.push(last);
  return { ok: true, goal: env.goal, setup, frames, success: run.info.success };
}
