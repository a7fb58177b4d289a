// Shared by the RL tests: a tiny, fast config on the real policy, and a run's numbers without the timings.
import type { Config } from '../../src/core/config-table';
import { validateConfig } from '../../src/core/config';
import type { UpdateReport } from '../../src/rl/trainer';

/** click-button with the tiny model, 2 tasks x 4 episodes, 2 BC steps, no evaluation: a few hundred ms per update. */
export function tinyConfig(over: Partial<Config> = {}): Config {
  // f32 pinned: the WebGPU-vs-CPU comparisons must not depend on whether the adapter has shader-f16.
  const r = validateConfig({ env: 'click-button', model: 'tiny', group: 4, tasks: 2, bcSteps: 2, lr: 0.003, seed: 7, backend: 'cpu', f16: false, evalEvery: 0, ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}

/** The deterministic part of a report: metrics without perf/*, and every episode's actions and rewards. */
export function numbers(r: UpdateReport) {
  const metrics = Object.fromEntries(Object.entries(r.metrics).filter(([k]) => !k.startsWith('perf/')));
  return { update: r.update, metrics, episodes: r.episodes.map((e) => [e.seed, e.reward, e.advantage, ...e.turns.map((t) => t.text)]) };
}
