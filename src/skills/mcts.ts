// The MCTS skill agent: at each real decision, UCT search over skills as macro-actions on cloned environments,
// then the most visited skill runs for real. The baseline is flat random exploration: random atomic rollouts
// on clones with a comparable step budget, the first action of the best one taken.

import type { Env, EnvOptions, EnvSpec, Observation, StepInfo } from '../envs/api';
import type { Split } from '../envs/split';
import { Rng } from '../core/rng';
import { sampleAtomic } from './atomic';
import { runSteps, type SkillRun } from './execute';
import { Library } from './library';
import { goalWords } from './refs';
import type { Skill, SkillStep } from './types';

export interface PlanOptions {
  /** Simulations per real decision. */
  simulations: number;
  /** Macro-actions along one simulated path (tree plus rollout). */
  depth: number;
  /** UCT exploration constant. */
  c: number;
  /** The fittest applicable skills a node expands. */
  maxBranch: number;
}

export const DEFAULT_PLAN: PlanOptions = { simulations: 64, depth: 4, c: 0.5, maxBranch: 48 };

export interface EpisodeResult {
  success: boolean;
  turns: number;
  /** The atomic actions sent to the real environment. */
  actions: string[];
  /** Names of the skills the agent ran (or 'atomic' for a fallback action). */
  chosen: string[];
  /** Environment steps spent on clones for lookahead. */
  lookahead: number;
}

interface Node {
  env: Env;
  obs: Observation;
  info: StepInfo;
  done: boolean;
  terminated: boolean;
  edges: Edge[] | null;
}

interface Edge {
  skill: Skill;
  n: number;
  w: number;
  child: Node | null;
}

/** A state's worth in a search: 1 for success (less a little per turn), 0 for failure, progress plus a novelty bonus. */
function stateValue(node: Node, visited: ReadonlySet<string>): number {
  if (node.info.success) return 1 - 0.002 * node.info.turn;
  if (node.terminated) return 0;
  return node.info.progress * 0.9 + (visited.has(node.obs.text) ? 0 : 0.05);
}

function nodeOf(env: Env, run: SkillRun): Node {
  return { env, obs: run.obs, info: run.info, done: run.done, terminated: run.terminated, edges: null };
}

class Search {
  lookahead = 0;
  constructor(
    private readonly lib: Library,
    private readonly family: string,
    private readonly words: readonly string[],
    private readonly visited: ReadonlySet<string>,
    private readonly opts: PlanOptions,
    private readonly rng: Rng,
  ) {}

  private expand(node: Node): Edge[] {
    node.edges ??= this.lib.applicable(this.family, node.obs, this.words, this.opts.maxBranch).map((skill) => ({ skill, n: 0, w: 0, child: null }));
    return node.edges;
  }

  private step(node: Node, edge: Edge): Node {
    if (!edge.child) {
      const env = node.env.clone();
      const run = runSteps(env, edge.skill.steps, node.obs, node.info);
      this.lookahead += Math.max(1, run.trace.length);
      edge.child = nodeOf(env, run);
      // A skill that failed part-way wasted turns: treat its state as a dead end for the search.
      if (!run.ok) edge.child.edges = [];
    }
    return edge.child;
  }

  /** One simulation: UCT down the tree, expand one edge, finish the path with random skills; returns the best value seen. */
  simulate(root: Node): void {
    const path: Edge[] = [];
    let node = root;
    let best = -Infinity;
    let expanded = false;
    for (let d = 0; d < this.opts.depth && !node.done; d++) {
      const edges = this.expand(node);
      if (edges.length === 0) break;
      let edge: Edge;
      if (expanded) edge = this.rng.pick(edges);
      else {
        const total = edges.reduce((t, e) => t + e.n, 1);
        edge = edges[0];
        let score = -Infinity;
        for (const e of edges) {
          const s = e.n === 0 ? Infinity : e.w / e.n + this.opts.c * Math.sqrt(Math.log(total) / e.n);
          if (s > score) [edge, score] = [e, s];
        }
        expanded = edge.child === null;
        path.push(edge);
      }
      node = this.step(node, edge);
      best = Math.max(best, stateValue(node, this.visited));
    }
    for (const e of path) {
      e.n++;
      e.w += best;
    }
  }
}

/** A fresh episode of either agent: its random stream, the env after reset, the goal's words and the states seen. */
function startEpisode(spec: EnvSpec, seed: number, stream: string, envOptions: EnvOptions | undefined, split: Split) {
  const env = spec.create();
  const start = env.reset({ seed, options: envOptions, split });
  const out: EpisodeResult = { success: false, turns: 0, actions: [], chosen: [], lookahead: 0 };
  const root: Node = { env, obs: start.obs, info: start.info, done: false, terminated: false, edges: null };
  return { rng: Rng.fromSeed(seed).split(stream), env, root, words: goalWords(env.goal), visited: new Set([start.obs.text]), out };
}

/** Runs one episode (of the `split` task pool) with the MCTS skill agent; with no skill applicable it takes a random atomic action. */
export function runMctsEpisode(spec: EnvSpec, skills: readonly Skill[], seed: number, plan: PlanOptions = DEFAULT_PLAN, envOptions?: EnvOptions, split: Split = 'train'): EpisodeResult {
  const lib = new Library(skills.filter((s) => s.family === spec.family));
  const episode = startEpisode(spec, seed, 'mcts', envOptions, split);
  const { rng, env, words, visited, out } = episode;
  let root = episode.root;
  while (!root.done) {
    const search = new Search(lib, spec.family, words, visited, plan, rng);
    for (let i = 0; i < plan.simulations; i++) search.simulate(root);
    out.lookahead += search.lookahead;
    const edges = root.edges ?? [];
    let steps: readonly SkillStep[];
    if (edges.length === 0) {
      const step = sampleAtomic(rng, spec.actions, root.obs, words);
      if (!step) break;
      steps = [step];
      out.chosen.push('atomic');
    } else {
      const pick = edges.reduce((a, b) => (b.n > a.n || (b.n === a.n && b.w > a.w) ? b : a));
      steps = pick.skill.steps;
      out.chosen.push(pick.skill.name);
    }
    const run = runSteps(env, steps, root.obs, root.info);
    if (run.trace.length === 0) {
      // The chosen skill could not even start (should not happen: it was applicable); spend a turn on nothing else.
      break;
    }
    for (const t of run.trace) {
      out.actions.push(t.action);
      visited.add(t.obs.text);
    }
    root = nodeOf(env, run);
  }
  out.success = root.info.success;
  out.turns = root.info.turn;
  return out;
}

/** Flat random exploration: per decision, `rollouts` random atomic rollouts of `length` on clones; the best one's first action is taken. */
export function runRandomEpisode(spec: EnvSpec, seed: number, rollouts: number, length: number, envOptions?: EnvOptions, split: Split = 'train'): EpisodeResult {
  const episode = startEpisode(spec, seed, 'random', envOptions, split);
  const { rng, env, words, visited, out } = episode;
  let root = episode.root;
  while (!root.done) {
    let bestStep: SkillStep | undefined;
    let bestValue = -Infinity;
    for (let r = 0; r < rollouts; r++) {
      let node = { ...root, env: root.env.clone() };
      let first: SkillStep | undefined;
      let value = -Infinity;
      for (let k = 0; k < length && !node.done; k++) {
        const step = sampleAtomic(rng, spec.actions, node.obs, words);
        if (!step) break;
        first ??= step;
        const run = runSteps(node.env, [step], node.obs, node.info);
        out.lookahead++;
        node = nodeOf(node.env, run);
        value = Math.max(value, stateValue(node, visited));
      }
      if (first && value > bestValue) [bestStep, bestValue] = [first, value];
    }
    if (!bestStep) break;
    const run = runSteps(env, [bestStep], root.obs, root.info);
    out.actions.push(...run.trace.map((t) => t.action));
    out.chosen.push('atomic');
    for (const t of run.trace) visited.add(t.obs.text);
    if (run.trace.length === 0) break;
    root = nodeOf(env, run);
  }
  out.success = root.info.success;
  out.turns = root.info.turn;
  return out;
}

export interface EvalResult {
  episodes: number;
  successes: number;
  successRate: number;
  meanTurns: number;
  /** Mean lookahead steps per episode. */
  meanLookahead: number;
}

/** Success over seeds of any episode runner. */
export function evaluateAgent(seeds: readonly number[], episode: (seed: number) => EpisodeResult): EvalResult {
  let successes = 0;
  let turns = 0;
  let lookahead = 0;
  for (const seed of seeds) {
    const r = episode(seed);
    if (r.success) successes++;
    turns += r.turns;
    lookahead += r.lookahead;
  }
  const n = Math.max(1, seeds.length);
  return { episodes: seeds.length, successes, successRate: successes / n, meanTurns: turns / n, meanLookahead: lookahead / n };
}
