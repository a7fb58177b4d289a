// Replays an episode from its seed and action texts: environments are pure and seeded, so the page can
// rebuild every observation of a trajectory (for the watch view, the inspector and exports) from a few strings.
import type { Config } from '../core/config-table';
import type { Env, Observation, StepResult } from '../envs/api';
import { runSpec } from './mixture';
import { envOptionsFor } from './rollout';

export interface ReplayFrame {
  /** The env after reset (frame 0) or after action k-1. */
  env: Env;
  obs: Observation;
  /** The action that led here (undefined for frame 0) and what the env said. */
  action?: string;
  result?: Pick<StepResult, 'reward' | 'terminated' | 'truncated'> & { error?: string; success: boolean };
}

/** What a replay needs of the run: its env(s), split and the level the episode was played at (default: difficulty). */
export type ReplayConfig = Pick<Config, 'env' | 'families' | 'difficulty' | 'split'> & { level?: number };

/** Frames 0..K for K actions; each frame holds an independent clone of the env at that point. */
export function replayEpisode(config: ReplayConfig, seed: number, actions: readonly string[]): ReplayFrame[] {
  const spec = runSpec(config);
  const env = spec.create();
  const first = env.reset({ seed, options: envOptionsFor(spec, config.level ?? config.difficulty), split: config.split });
  const frames: ReplayFrame[] = [{ env: env.clone(), obs: first.obs }];
  for (const action of actions) {
    const r = env.step(action);
    frames.push({
      env: env.clone(),
      obs: r.obs,
      action,
      result: {
        reward: r.reward,
        terminated: r.terminated,
        truncated: r.truncated,
        success: r.info.success,
        ...(r.info.lastActionError ? { error: r.info.lastActionError } : {}),
      },
    });
    if (r.terminated || r.truncated) break;
  }
  return frames;
}

/** The observation text the policy saw before each action. */
export function observationsBeforeActions(config: ReplayConfig, seed: number, actions: readonly string[]): string[] {
  return replayEpisode(config, seed, actions)
    .slice(0, actions.length)
    .map((f) => f.obs.text);
}
