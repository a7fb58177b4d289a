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

/** The options discover() fills in when not given. */
export function withDefaults(opts: DiscoverOptions) {
  return {
    select: opts.select ?? DEFAULT_SKILL_SELECT,
    c: opts.c ?? 0.7,
    maxLength: opts.maxLength ?? 4,
    maxCandidates: opts.maxCandidates ?? 32,
    agent: opts.agent ?? `agent-${opts.seed}`,
    now: opts.now ?? Date.now(),
  };
}

/** What one use was worth: 1 for success, 0 for an error or a failed episode, else change, novelty and progress. */
export function useValue(start: Observation, before: StepInfo, run: SkillRun, novel: boolean): number {
  if (run.info.success) return 1;
  if (!run.ok || run.terminated) return 0;
  const changed = run.obs.text !== start.text ? 0.1 : 0;
  const value = Math.max(0, Math.min(1, changed + (novel ? 0.2 : 0) + 2 * (run.info.progress - before.progress)));
  return run.done ? value / 4 : value;
}

/**
 * The skill an exploration extends (`cands`: the skills that can start here, fittest first). Ours (uct-argmax): half
 * the time one of the 4 fittest shorter than maxLength. Bottom-Up Agent's: the fittest by its count (the first on a
 * tie), or half the time that skill's parent (`get` reads the library); nothing when that one is maxLength long.
 */
export function explorationBase(cands: readonly Skill[], select: SkillSelect, maxLength: number, rng: Rng, get: (id: string) => Skill | undefined): Skill | undefined {
  const extendable = cands.filter((s) => s.steps.length < maxLength);
  if (select === 'uct-argmax') return extendable.length > 0 && rng.chance(0.5) ? rng.pick(extendable.slice(0, 4)) : undefined;
  const fittest = cands.reduce<Skill | undefined>((a, s) => (!a || bottomUpFitness(s) > bottomUpFitness(a) ? s : a), undefined);
  // Stryker disable next-line StringLiteral: no skill id is '' or any other literal (ids are sk-<hex>), so get() finds nothing for either
  const base = fittest && rng.chance(0.5) ? get(fittest.parents[0] ?? '') : fittest;
  return base && base.steps.length < maxLength ? base : undefined;
}

/**
 * What an exploration showed: every step ran without an action error (ok), the atomic actions it added to its base,
 * whether it ended the episode by success or failure, changed the page, its length with the base, whether judgeRun
 * found it progressive, and whether the cluster it reached was met before.
 */
export interface ExplorationSeen {
  ok: boolean;
  added: number;
  terminated: boolean;
  pageChanged: boolean;
  length: number;
  progressive: boolean;
  knownCluster: boolean;
}

/**
 * Kept: an exploration that ran without error and added a step, and that changed the page as a single action, or as
 * a longer sequence that progressed or reached a kind of state (cluster) not met before; or that ended the episode
 * (its fitness, 0 for a failure, says how that went: only lookahead can tell when such a step is right).
 */
export function keptExploration(e: ExplorationSeen): boolean {
  const changed = e.pageChanged && (e.length === 1 || e.progressive || !e.knownCluster);
  return e.ok && e.added > 0 && (e.terminated || changed);
}

/**
 * Explore's prior under uct-argmax: the rate of explorations that found a new skill, starting at 1; a plain mean
 * over the first 50, then a moving average of weight 0.02, so it fades as the library saturates.
 */
export class ExploreRate {
  value = 1;
  private explores = 0;

  record(foundNew: boolean): void {
    this.explores++;
    this.value += ((foundNew ? 1 : 0) - this.value) * Math.max(EXPLORE_RATE_DECAY, 1 / this.explores);
  }
}

/**
 * uct-argmax's arm at a state: the untried candidate whose UCT score beats Explore's (prior: the explore rate) and
 * every earlier candidate's, or undefined for Explore; a tie goes to Explore, then to the earlier candidate.
 */
export function pickArm(uct: ClusterUct, cluster: string, cands: readonly Skill[], tried: ReadonlySet<string>, exploreRate: number, c: number): Skill | undefined {
  let arm: Skill | undefined;
  let armScore = uct.score(cluster, EXPLORE, exploreRate, c);
  for (const s of cands) {
    const score = uct.score(cluster, s.id, s.fitness, c);
    if (!tried.has(s.id) && score > armScore) [arm, armScore] = [s, score];
  }
  return arm;
}

/** uct-argmax's score of an arm's outcome: its value, plus 0.5 when it ran without error to a page this walk has not shown. */
export function outcomeScore(value: number, run: Pick<SkillRun, 'ok' | 'obs'>, visited: ReadonlySet<string>): number {
  return value + (run.ok && !visited.has(run.obs.text) ? 0.5 : 0);
}

/** The better of the best outcome so far and a new one: the new one only when it scores strictly higher. */
export function better<T extends { score: number }>(best: T | undefined, o: T): T {
  return !best || o.score > best.score ? o : best;
}

/**
 * Go-Explore's return: an archived state drawn with weight 1 / sqrt(1 + visits), so rarely visited ones come first
 * (the last one when rounding leaves the draw past every weight); the draw counts a visit.
 */
export function drawArchived<C extends { visits: number }>(rng: Pick<Rng, 'next'>, archive: readonly C[]): C {
  const weight = (a: C) => 1 / Math.sqrt(1 + a.visits);
  let r = rng.next() * archive.reduce((t, a) => t + weight(a), 0);
  const cell = archive.find((a) => (r -= weight(a)) < 0) ?? archive[archive.length - 1];
  cell.visits++;
  return cell;
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
  const { select, c, maxLength, maxCandidates, agent, now } = withDefaults(opts);
  const lib = new Library(opts.library ?? []);
  const uct = new ClusterUct();
  /** Bottom-Up Agent's explore_nums per cluster (a cluster starts at 1). */
  const exploreCounts = new Map<string, number>();
  const exploreRate = new ExploreRate();
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

  /** Extends a skill that can start here (or nothing) by one or two random atomic actions on `clone`; keeps it if it worked. */
  const exploreFrom = (clone: Env, obs: Observation, info: StepInfo, cluster: string, cands: readonly Skill[], words: readonly string[]): Outcome => {
    out.explored++;
    const base = explorationBase(cands, select, maxLength, rng, (id) => lib.get(id));
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
    const reached = clusterOf(run.obs, run.info, words);
    const steps = [...baseSteps, ...ext];
    const worked = keptExploration({
      ok: run.ok,
      added: ext.length,
      terminated: run.terminated,
      pageChanged: run.obs.text !== obs.text,
      length: steps.length,
      progressive: verdict.progressive,
      knownCluster: clusters.has(reached),
    });
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
        const tail = { ...run, trace: run.trace.slice(i) }; // the run from step i on: its trace kept, its verdict judged
        keep(steps.slice(i), from.obs, clusterOf(from.obs, from.info, words), tail.trace, value, judgeRun(from.obs, from.info, tail), [id]);
      }
    }
    // Explore is worth what it finds: a recent rate of new skills, so it fades as the library saturates.
    exploreRate.record(isNew);
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
      const arm = pickArm(uct, cluster, cands, tried, exploreRate.value, c);
      if (arm) tried.add(arm.id);
      const o = arm ? exploit(arm, env, obs, info, cluster) : exploreFrom(env.clone(), obs, info, cluster, cands, words);
      spend(o);
      best = better(best, { ...o, score: outcomeScore(o.value, o.run, visited) });
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
      // Stryker disable next-line ConditionalExpression: with no skill open, selectBottomUp's one choice is Explore (0); its draw only moves the seeded stream
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
      const cell = drawArchived(rng, archive);
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
    // The step functions return nothing once the budget is spent.
    while (!done) {
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
