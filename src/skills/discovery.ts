// Bottom-up skill discovery from zero (Bottom-Up Agent, arXiv:2505.17673): at each state choose by UCT among the
// skills that can start there and an Explore arm; exploring extends a skill (or nothing) by at most two atomic
// actions on a cloned environment, and what changed the state and progressed or reached a new state is kept.

import type { Env, EnvOptions, EnvSpec, Observation, StepInfo } from '../envs/api';
import type { Split } from '../envs/split';
import { Rng } from '../core/rng';
import { GoalVocabulary, StepStats, sampleAtomic } from './atomic';
import { clusterOf } from './cluster';
import { runSteps, type SkillRun } from './execute';
import { Library, skillId } from './library';
import { nameSkill } from './naming';
import { goalWords } from './refs';
import type { Skill, SkillStep } from './types';

export interface DiscoverOptions {
  /** Environment steps to spend, all evaluation on clones included. */
  budget: number;
  /** Seeds the discovery's choices; the k-th reset of the environment uses seed + k. */
  seed: number;
  /** Who found the skills (default `agent-<seed>`). */
  agent?: string;
  /** UCT exploration constant (values are in [0, 1]). */
  c?: number;
  /** The longest skill kept, in atomic actions. */
  maxLength?: number;
  /** How many of the fittest applicable skills compete with Explore at a state. */
  maxCandidates?: number;
  envOptions?: EnvOptions;
  /** The task pool its episodes come from (default 'train'). */
  split?: Split;
  /** A library to grow instead of starting from zero. */
  library?: readonly Skill[];
  /** createdAt of new skills (default Date.now()). */
  now?: number;
  /** Called after each training episode. */
  onEpisode?: (e: { episode: number; steps: number; skills: number; success: boolean }) => void;
}

export interface DiscoveryResult {
  skills: Skill[];
  steps: number;
  episodes: number;
  /** Walks that started from an archived state instead of a reset (Go-Explore). */
  returns: number;
  /** Walks that ended in success. */
  solved: number;
  explored: number;
  kept: number;
  /** The environment seeds reset for training: [first, last]. */
  seeds: [number, number];
}

/** Arms tried on clones at each state of the walk before it moves on to the best outcome. */
const TRIES = 4;
/** How often a walk returns to an archived state (one per cluster reached) instead of resetting. */
const RETURN_RATE = 0.5;
/** Weight of the latest exploration in Explore's prior (a moving average of finding new skills). */
const EXPLORE_RATE_DECAY = 0.02;
const EXPLORE = 'explore';

/** What one use was worth: 1 for success, 0 for an error or a failed episode, else change, novelty and progress. */
export function useValue(start: Observation, before: StepInfo, run: SkillRun, novel: boolean): { value: number; progressed: boolean } {
  if (run.info.success) return { value: 1, progressed: true };
  const delta = run.info.progress - before.progress;
  if (!run.ok || run.terminated) return { value: 0, progressed: false };
  const changed = run.obs.text !== start.text ? 0.1 : 0;
  const value = Math.max(0, Math.min(1, changed + (novel ? 0.2 : 0) + 2 * delta));
  return { value: run.done ? value / 4 : value, progressed: delta > 0 };
}

function concatRuns(a: SkillRun, b: SkillRun): SkillRun {
  return { ...b, trace: [...a.trace, ...b.trace], reward: a.reward + b.reward };
}

/** A state to walk from: an environment (owned), what it shows, and how often the walk came back to it. */
interface Cell {
  env: Env;
  obs: Observation;
  info: StepInfo;
  visits: number;
}

/**
 * UCT statistics per state cluster: an arm's value there is its prior (the skill's fitness over all states)
 * counted as one use, plus its uses in this cluster; so a skill that is right only in some states (press
 * 'Login' once the fields are filled) is tried and learned where it works.
 */
class ClusterStats {
  private readonly arms = new Map<string, { n: number; w: number }>();
  private readonly visits = new Map<string, number>();

  score(cluster: string, arm: string, prior: number, c: number): number {
    const a = this.arms.get(`${cluster}\u0000${arm}`) ?? { n: 0, w: 0 };
    const total = (this.visits.get(cluster) ?? 0) + 1;
    return (prior + a.w) / (1 + a.n) + c * Math.sqrt(Math.log(total + 1) / (1 + a.n));
  }

  record(cluster: string, arm: string, value: number): void {
    const key = `${cluster}\u0000${arm}`;
    const a = this.arms.get(key) ?? { n: 0, w: 0 };
    this.arms.set(key, { n: a.n + 1, w: a.w + value });
    this.visits.set(cluster, (this.visits.get(cluster) ?? 0) + 1);
  }
}

/** Runs discovery on one environment family until the step budget is spent. */
export function discover(spec: EnvSpec, opts: DiscoverOptions): DiscoveryResult {
  const rng = Rng.fromSeed(opts.seed).split('discovery');
  const c = opts.c ?? 0.7;
  const maxLength = opts.maxLength ?? 4;
  const maxCandidates = opts.maxCandidates ?? 32;
  const agent = opts.agent ?? `agent-${opts.seed}`;
  const now = opts.now ?? Date.now();
  const lib = new Library(opts.library ?? []);
  const stats = new ClusterStats();
  let exploreRate = 1;
  let explores = 0;
  const seen = new Set<string>();
  const clusters = new Set<string>();
  const kinds = new StepStats();
  const vocabulary = new GoalVocabulary();
  const archive: Cell[] = [];
  const archived = new Set<string>();
  const out = { steps: 0, episodes: 0, returns: 0, solved: 0, explored: 0, kept: 0 };

  /** Adds (or counts again) a skill that ran from `start` along `trace`. */
  const keep = (steps: SkillStep[], start: Observation, cluster: string, trace: SkillRun['trace'], value: number, progressed: boolean, parents: string[]) => {
    lib.add({
      id: skillId(spec.family, steps),
      ...nameSkill(steps, start, trace, cluster),
      family: spec.family,
      precondition: { cluster },
      steps,
      fitness: value,
      uses: 1,
      successes: progressed ? 1 : 0,
      parents,
      agent,
      createdAt: now,
    });
  };

  /** Extends a skill that can start here (or nothing) by one or two random atomic actions on `clone`; keeps it if it worked. */
  const exploreFrom = (clone: Env, obs: Observation, info: StepInfo, cluster: string, cands: readonly Skill[], words: readonly string[]) => {
    out.explored++;
    const extendable = cands.filter((s) => s.steps.length < maxLength).slice(0, 4);
    const base = extendable.length > 0 && rng.chance(0.5) ? rng.pick(extendable) : undefined;
    const baseSteps = base?.steps ?? [];
    let run = runSteps(clone, baseSteps, obs, info);
    const ext: SkillStep[] = [];
    const want = 1 + rng.int(Math.min(2, maxLength - baseSteps.length));
    while (run.ok && !run.done && ext.length < want) {
      const step = sampleAtomic(rng, spec.actions, run.obs, words, { weight: kinds.weight, texts: vocabulary.values(words), anchorOk: vocabulary.isTemplate });
      if (!step) break;
      ext.push(step);
      run = concatRuns(run, runSteps(clone, [step], run.obs, run.info));
      kinds.record(step, run.ok);
    }
    const { value, progressed } = useValue(obs, info, run, !seen.has(run.obs.text));
    // Kept: a single action that changed the state; a longer sequence that progressed or reached a kind of
    // state (cluster) not met before; anything that ended the episode (its fitness, 0 for a failure, says how
    // that went: only lookahead can tell when such a step is right).
    const reached = clusterOf(run.obs, run.info, words);
    const steps = [...baseSteps, ...ext];
    const changed = run.obs.text !== obs.text && (steps.length === 1 || progressed || !clusters.has(reached));
    const worked = run.ok && ext.length > 0 && (run.terminated || changed);
    clusters.add(reached);
    const id = skillId(spec.family, steps);
    const isNew = worked && !lib.get(id);
    if (worked) {
      keep(steps, obs, cluster, run.trace, value, progressed, base ? [base.id] : []);
      if (isNew) out.kept++;
      stats.record(cluster, id, value);
      // The tails of a sequence that progressed, where the progress happened, are kept too: the transferable part.
      for (let i = 1; progressed && i < steps.length; i++) {
        const from = run.trace[i - 1];
        if (run.info.progress <= from.info.progress && !run.info.success) break;
        const tail = steps.slice(i);
        if (!lib.get(skillId(spec.family, tail))) out.kept++;
        keep(tail, from.obs, clusterOf(from.obs, from.info, words), run.trace.slice(i), value, true, [id]);
      }
    }
    // Explore is worth what it finds: a recent rate of new skills, so it fades as the library saturates.
    explores++;
    exploreRate += ((isNew ? 1 : 0) - exploreRate) * Math.max(EXPLORE_RATE_DECAY, 1 / explores);
    stats.record(cluster, EXPLORE, isNew ? 1 : 0);
    return { run, value };
  };

  /** A fresh episode on the next training seed, or (Go-Explore) a return to an archived state, rarely visited ones first. */
  const start = (): Cell => {
    if (archive.length > 0 && rng.chance(RETURN_RATE)) {
      let r = rng.next() * archive.reduce((t, a) => t + 1 / Math.sqrt(1 + a.visits), 0);
      const cell = archive.find((a) => (r -= 1 / Math.sqrt(1 + a.visits)) < 0) ?? archive[archive.length - 1];
      cell.visits++;
      out.returns++;
      return { ...cell, env: cell.env.clone() };
    }
    const env = spec.create();
    const { obs, info } = env.reset({ seed: opts.seed + out.episodes, options: opts.envOptions, split: opts.split });
    out.episodes++;
    vocabulary.add(goalWords(env.goal));
    return { env, obs, info, visits: 0 };
  };

  while (out.steps < opts.budget) {
    let { env, obs, info } = start();
    seen.add(obs.text);
    const visited = new Set([obs.text]);
    const words = goalWords(env.goal);
    let done = false;
    while (!done && out.steps < opts.budget) {
      // Up to TRIES arms on clones, each chosen by UCT (the skills that can start here, not yet tried, and
      // Explore); the walk then moves to the best outcome, so it goes deeper instead of in circles.
      const cluster = clusterOf(obs, info, words);
      const cands = lib.applicable(spec.family, obs, words, maxCandidates);
      const tried = new Set<string>();
      let best: { env: Env; run: SkillRun; score: number } | undefined;
      for (let k = 0; k < TRIES && out.steps < opts.budget && !best?.run.info.success; k++) {
        let arm: Skill | undefined;
        let armScore = stats.score(cluster, EXPLORE, exploreRate, c);
        for (const s of cands) {
          const score = stats.score(cluster, s.id, s.fitness, c);
          if (!tried.has(s.id) && score > armScore) [arm, armScore] = [s, score];
        }
        const clone = env.clone();
        let run: SkillRun;
        let value: number;
        if (arm) {
          tried.add(arm.id);
          run = runSteps(clone, arm.steps, obs, info);
          const use = useValue(obs, info, run, !seen.has(run.obs.text));
          lib.recordUse(arm.id, use.value, use.progressed);
          stats.record(cluster, arm.id, use.value);
          value = use.value;
        } else ({ run, value } = exploreFrom(clone, obs, info, cluster, cands, words));
        out.steps += Math.max(1, run.trace.length);
        for (const t of run.trace) seen.add(t.obs.text);
        const score = value + (run.ok && !visited.has(run.obs.text) ? 0.5 : 0);
        if (!best || score > best.score) best = { env: clone, run, score };
      }
      if (!best) break;
      visited.add(best.run.obs.text);
      const reached = clusterOf(best.run.obs, best.run.info, words);
      if (!best.run.done && !archived.has(reached)) {
        archived.add(reached);
        archive.push({ env: best.env.clone(), obs: best.run.obs, info: best.run.info, visits: 0 });
      }
      env = best.env;
      obs = best.run.obs;
      info = best.run.info;
      done = best.run.done;
    }
    if (info.success) out.solved++;
    opts.onEpisode?.({ episode: out.episodes, steps: out.steps, skills: lib.size, success: info.success });
  }
  return { skills: lib.all(), ...out, seeds: [opts.seed, opts.seed + out.episodes - 1] };
}
