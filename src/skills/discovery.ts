// Bottom-up skill discovery from zero (Bottom-Up Agent, arXiv:2505.17673): at each state choose among the skills
// that can start there and an Explore arm, by Bottom-Up Agent's rule or ours (select.ts); exploring extends a skill
// (or nothing) by at most two atomic actions on a cloned environment, and what changed the state is kept. Walks
// start from a reset on the train split or return to an archived state (Go-Explore, ours).

import { DEFAULT_CONFIG } from '../core/config-table';
import type { Env, EnvOptions, EnvSpec, Observation, StepInfo } from '../envs/api';
import type { Split } from '../envs/split';
import { Rng } from '../core/rng';
import { GoalVocabulary, StepStats, sampleAtomic } from './atomic';
import { clusterOf } from './cluster';
import { runSteps, type SkillRun } from './execute';
import { Library, skillId } from './library';
import { nameSkill } from './naming';
import { goalWords } from './refs';
import { ClusterUct, bottomUpFitness, judgeRun, prunable, selectBottomUp, type SkillSelect, type Verdict } from './select';
import type { Skill, SkillStep } from './types';

export interface DiscoverOptions {
  /** Environment steps to spend, all evaluation on clones included. */
  budget: number;
  /** Seeds the discovery's choices; the k-th reset of the environment uses seed + k (train split). */
  seed: number;
  /** The selection rule: Bottom-Up Agent's softmax over UCT scores, or our argmax UCT per cluster (config skillSelect). */
  select?: SkillSelect;
  /** Who found the skills (default `agent-<seed>`). */
  agent?: string;
  /** UCT exploration constant of uct-argmax (values are in [0, 1]); bottom-up uses Bottom-Up Agent's c = 5. */
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
  /** Skills removed by Bottom-Up Agent's pruning rule (bottom-up only). */
  pruned: number;
  /** The environment seeds reset for training: [first, last]. */
  seeds: [number, number];
}

export const DEFAULT_SKILL_SELECT: SkillSelect = DEFAULT_CONFIG.skillSelect;

/** uct-argmax: arms tried on clones at each state of the walk before it moves on to the best outcome. */
const TRIES = 4;
/** How often a walk returns to an archived state (one per cluster reached) instead of resetting. */
const RETURN_RATE = 0.5;
/** Weight of the latest exploration in Explore's prior (a moving average of finding new skills). */
const EXPLORE_RATE_DECAY = 0.02;
// Stryker disable next-line StringLiteral: the Explore arm's key in ClusterUct; no skill id (sk-<hex>) equals any other
const EXPLORE = 'explore';

/** What one use was worth: 1 for success, 0 for an error or a failed episode, else change, novelty and progress. */
export function useValue(start: Observation, before: StepInfo, run: SkillRun, novel: boolean): number {
  if (run.info.success) return 1;
  if (!run.ok || run.terminated) return 0;
  const changed = run.obs.text !== start.text ? 0.1 : 0;
  const value = Math.max(0, Math.min(1, changed + (novel ? 0.2 : 0) + 2 * (run.info.progress - before.progress)));
  return run.done ? value / 4 : value;
}

function concatRuns(a: SkillRun, b: SkillRun): SkillRun {
  // Stryker disable next-line ArithmeticOperator: nothing in discovery reads a run's reward
  return { ...b, trace: [...a.trace, ...b.trace], reward: a.reward + b.reward };
}

/** A state to walk from: an environment (owned), what it shows, and how often the walk came back to it. */
interface Cell {
  env: Env;
  obs: Observation;
  info: StepInfo;
  visits: number;
}

/** An arm run on a clone at a state: where it got to, and what it was worth. */
interface Outcome {
  env: Env;
  run: SkillRun;
  value: number;
}

/** Runs discovery on one environment family until the step budget is spent. */
export function discover(spec: EnvSpec, opts: DiscoverOptions): DiscoveryResult {
  // Stryker disable next-line StringLiteral: the stream's name only picks another seeded stream
  const rng = Rng.fromSeed(opts.seed).split('discovery');
  const select = opts.select ?? DEFAULT_SKILL_SELECT;
  const c = opts.c ?? 0.7;
  const maxLength = opts.maxLength ?? 4;
  const maxCandidates = opts.maxCandidates ?? 32;
  const agent = opts.agent ?? `agent-${opts.seed}`;
  const now = opts.now ?? Date.now();
  const lib = new Library(opts.library ?? []);
  const uct = new ClusterUct();
  /** Bottom-Up Agent's explore_nums per cluster (a cluster starts at 1). */
  const exploreCounts = new Map<string, number>();
  let exploreRate = 1;
  let explores = 0;
  const seen = new Set<string>();
  const clusters = new Set<string>();
  const kinds = new StepStats();
  const vocabulary = new GoalVocabulary();
  const archive: Cell[] = [];
  const archived = new Set<string>();
  const out = { steps: 0, episodes: 0, returns: 0, solved: 0, explored: 0, kept: 0, pruned: 0 };

  /**
   * Counts a use; under Bottom-Up Agent's rule a skill that now meets its pruning rule (skill_evolution) is removed.
   * The id is in the library: keep() records a known id, exploit() a skill just read from the library.
   */
  const record = (id: string, value: number, verdict: Verdict) => {
    lib.recordUse(id, value, verdict);
    if (select === 'bottom-up' && prunable(lib.get(id)!)) {
      lib.remove(id);
      out.pruned++;
    }
  };

  /**
   * Adds a skill that ran from `start` along `trace`. A new one is judged on this run under our rule; under
   * Bottom-Up Agent's it starts unjudged (uses 1, fitness 0, as its save_skill does). One found again counts a use.
   */
  const keep = (steps: SkillStep[], start: Observation, cluster: string, trace: SkillRun['trace'], value: number, verdict: Verdict, parents: string[]) => {
    const id = skillId(spec.family, steps);
    if (lib.get(id)) return record(id, value, verdict);
    const judged = select === 'uct-argmax';
    out.kept++;
    lib.add({
      id,
      ...nameSkill(steps, start, trace, cluster),
      family: spec.family,
      precondition: { cluster },
      steps,
      fitness: value,
      uses: 1,
      successes: judged && verdict.progressive ? 1 : 0,
      consistent: judged && verdict.consistent ? 1 : 0,
      parents,
      agent,
      createdAt: now,
    });
  };

  /** The skill an exploration extends: ours, one of the 4 fittest extendable half the time; Bottom-Up Agent's, the fittest or its parent. */
  const baseOf = (cands: readonly Skill[]): Skill | undefined => {
    const extendable = cands.filter((s) => s.steps.length < maxLength);
    if (select === 'uct-argmax') return extendable.length > 0 && rng.chance(0.5) ? rng.pick(extendable.slice(0, 4)) : undefined;
    const fittest = cands.reduce<Skill | undefined>((a, s) => (!a || bottomUpFitness(s) > bottomUpFitness(a) ? s : a), undefined);
    const base = fittest && rng.chance(0.5) ? lib.get(fittest.parents[0] ?? '') : fittest;
    return base && base.steps.length < maxLength ? base : undefined;
  };

  /** Extends a skill that can start here (or nothing) by one or two random atomic actions on `clone`; keeps it if it worked. */
  const exploreFrom = (clone: Env, obs: Observation, info: StepInfo, cluster: string, cands: readonly Skill[], words: readonly string[]): Outcome => {
    out.explored++;
    const base = baseOf(cands);
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
    const value = useValue(obs, info, run, !seen.has(run.obs.text));
    const verdict = judgeRun(obs, info, run);
    // Kept: a single action that changed the state; a longer sequence that progressed or reached a kind of
    // state (cluster) not met before; anything that ended the episode (its fitness, 0 for a failure, says how
    // that went: only lookahead can tell when such a step is right).
    const reached = clusterOf(run.obs, run.info, words);
    const steps = [...baseSteps, ...ext];
    const changed = run.obs.text !== obs.text && (steps.length === 1 || verdict.progressive || !clusters.has(reached));
    const worked = run.ok && ext.length > 0 && (run.terminated || changed);
    clusters.add(reached);
    const id = skillId(spec.family, steps);
    const isNew = worked && !lib.get(id);
    if (worked) {
      keep(steps, obs, cluster, run.trace, value, verdict, base ? [base.id] : []);
      uct.record(cluster, id, value);
      // The tails of a sequence that progressed, where the progress happened, are kept too: the transferable part.
      for (let i = 1; verdict.progressive && i < steps.length; i++) {
        const from = run.trace[i - 1];
        if (run.info.progress <= from.info.progress && !run.info.success) break;
        keep(steps.slice(i), from.obs, clusterOf(from.obs, from.info, words), run.trace.slice(i), value, judgeRun(from.obs, from.info, { ...run, trace: run.trace.slice(i) }), [id]);
      }
    }
    // Explore is worth what it finds: a recent rate of new skills, so it fades as the library saturates.
    explores++;
    exploreRate += ((isNew ? 1 : 0) - exploreRate) * Math.max(EXPLORE_RATE_DECAY, 1 / explores);
    uct.record(cluster, EXPLORE, isNew ? 1 : 0);
    return { env: clone, run, value };
  };

  /** Runs a skill on a clone and records the use (Bottom-Up Agent counts only a use that acted). */
  const exploit = (skill: Skill, env: Env, obs: Observation, info: StepInfo, cluster: string): Outcome & { verdict: Verdict } => {
    const clone = env.clone();
    const run = runSteps(clone, skill.steps, obs, info);
    const value = useValue(obs, info, run, !seen.has(run.obs.text));
    const verdict = judgeRun(obs, info, run);
    if (select === 'uct-argmax' || verdict.acted) record(skill.id, value, verdict);
    uct.record(cluster, skill.id, value);
    return { env: clone, run, value, verdict };
  };

  /** Spends the steps of an arm's run and notes the states it saw. */
  const spend = (o: Outcome) => {
    out.steps += Math.max(1, o.run.trace.length);
    for (const t of o.run.trace) seen.add(t.obs.text);
  };

  /** Ours: up to TRIES arms on clones, each the argmax of UCT (not yet tried here, or Explore); then the best outcome. */
  const stepUctArgmax = (env: Env, obs: Observation, info: StepInfo, words: readonly string[], visited: ReadonlySet<string>): Outcome | undefined => {
    const cluster = clusterOf(obs, info, words);
    const cands = lib.applicable(spec.family, obs, words, maxCandidates);
    const tried = new Set<string>();
    let best: (Outcome & { score: number }) | undefined;
    for (let k = 0; k < TRIES && out.steps < opts.budget && !best?.run.info.success; k++) {
      let arm: Skill | undefined;
      let armScore = uct.score(cluster, EXPLORE, exploreRate, c);
      for (const s of cands) {
        const score = uct.score(cluster, s.id, s.fitness, c);
        if (!tried.has(s.id) && score > armScore) [arm, armScore] = [s, score];
      }
      if (arm) tried.add(arm.id);
      const o = arm ? exploit(arm, env, obs, info, cluster) : exploreFrom(env.clone(), obs, info, cluster, cands, words);
      spend(o);
      const score = o.value + (o.run.ok && !visited.has(o.run.obs.text) ? 0.5 : 0);
      if (!best || score > best.score) best = { ...o, score };
    }
    return best;
  };

  /**
   * Bottom-Up Agent's step (its run_step loop): among the skills found in this state's cluster (its skill cluster
   * of the state) that can start here, sample a skill or Explore; a skill judged consistent and progressive moves
   * the walk on, any other is suspended here and the choice is made again among the rest; Explore moves the walk
   * to where it got.
   */
  const stepBottomUp = (env: Env, obs: Observation, info: StepInfo, words: readonly string[]): Outcome | undefined => {
    const cluster = clusterOf(obs, info, words);
    const ids = lib.applicable(spec.family, obs, words, maxCandidates).filter((s) => s.precondition.cluster === cluster).map((s) => s.id);
    const current = (keep: (id: string) => boolean) => ids.filter(keep).flatMap((id) => lib.get(id) ?? []);
    const suspended = new Set<string>();
    while (out.steps < opts.budget) {
      const open = current((id) => !suspended.has(id));
      const count = exploreCounts.get(cluster) ?? 1;
      const pick = open.length === 0 ? 0 : selectBottomUp(rng, open, count).index;
      if (pick === open.length) {
        exploreCounts.set(cluster, count + 1);
        const o = exploreFrom(env.clone(), obs, info, cluster, current(() => true), words);
        spend(o);
        return o;
      }
      const o = exploit(open[pick], env, obs, info, cluster);
      spend(o);
      if (o.verdict.consistent && o.verdict.progressive) return o;
      suspended.add(open[pick].id);
    }
    return undefined;
  };

  /** A fresh episode on the next training seed, or (Go-Explore) a return to an archived state, rarely visited ones first. */
  const start = (): Cell => {
    if (archive.length > 0 && rng.chance(RETURN_RATE)) {
      const weight = (a: Cell) => 1 / Math.sqrt(1 + a.visits);
      let r = rng.next() * archive.reduce((t, a) => t + weight(a), 0);
      const cell = archive.find((a) => (r -= weight(a)) < 0) ?? archive[archive.length - 1];
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
      const next = select === 'bottom-up' ? stepBottomUp(env, obs, info, words) : stepUctArgmax(env, obs, info, words, visited);
      if (!next) break;
      visited.add(next.run.obs.text);
      const reached = clusterOf(next.run.obs, next.run.info, words);
      if (!next.run.done && !archived.has(reached)) {
        archived.add(reached);
        archive.push({ env: next.env.clone(), obs: next.run.obs, info: next.run.info, visits: 0 });
      }
      ({ env } = next);
      ({ obs, info, done } = next.run);
    }
    if (info.success) out.solved++;
    opts.onEpisode?.({ episode: out.episodes, steps: out.steps, skills: lib.size, success: info.success });
  }
  return { skills: lib.all(), ...out, seeds: [opts.seed, opts.seed + out.episodes - 1] };
}
