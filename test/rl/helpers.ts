// Shared by the RL tests: a tiny, fast config on the real policy, and a run's numbers without the timings.
import type { Config } from '../../src/core/config-table';
import { validateConfig } from '../../src/core/config';
import { createTrainer, type SetupOptions } from '../../src/rl/setup';
import type { UpdateReport } from '../../src/rl/trainer';

/** click-button with the tiny model, 2 tasks x 4 episodes, 2 BC steps: a few hundred ms per update. */
export function tinyConfig(over: Partial<Config> = {}): Config {
  // f32 pinned: the WebGPU-vs-CPU comparisons must not depend on whether the adapter has shader-f16.
  const r = validateConfig({ env: 'click-button', model: 'tiny', group: 4, tasks: 2, bcSteps: 2, lr: 0.003, seed: 7, backend: 'cpu', f16: false, ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}

/** The deterministic part of a report: metrics without perf/*, and every episode's actions and rewards. */
export function numbers(r: UpdateReport) {
  const metrics = Object.fromEntries(Object.entries(r.metrics).filter(([k]) => !k.startsWith('perf/')));
  return { update: r.update, metrics, episodes: r.episodes.map((e) => [e.seed, e.reward, e.advantage, ...e.turns.map((t) => t.text)]) };
}

/** Mean success of the last 3 updates (0 before there are 3). */
export const lastMean = (xs: readonly number[]) => (xs.length < 3 ? 0 : xs.slice(-3).reduce((a, b) => a + b, 0) / 3);
export const showCurve = (xs: readonly number[]) => `success per update: ${xs.map((s) => s.toFixed(2)).join(' ')}`;

/** Trains until lastMean reaches 0.9 or config.updates are done; the success curve and the backend note. */
export async function successCurve(config: Config, o: SetupOptions = {}): Promise<{ curve: number[]; note: string }> {
  const { trainer, note } = await createTrainer(config, o);
  const curve: number[] = [];
  for (let k = 0; k < config.updates && lastMean(curve) < 0.9; k++) curve.push((await trainer.step()).metrics['episode/success']);
  trainer.dispose();
  return { curve, note };
}
