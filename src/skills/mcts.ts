// The MCTS skill agent: at each real decision, a UCT search over skills as macro-actions on cloned environments,
// then the skill with the best path found runs for real. The environment is deterministic, so an edge keeps the
// best goal value any simulation through it reached (max backup, as single-player MCTS does) plus the mean novelty
// of its simulations. The baseline is flat random exploration: random atomic rollouts on clones with a comparable
// step budget, the first action of the best one taken.

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
  /** Discount per turn of what a path reaches: the same progress sooner is worth more. */
  gamma: number;
  /** Progressive widening: a node visited n times chooses among its ceil(widen * sqrt(n + 1)) fittest skills. */
  widen: number;
}

export const DEFAULT_PLAN: PlanOptions = { simulations: 256, depth: 8, c: 0.5, maxBranch: 48, gamma: 0.97, widen: 1 };

/** Which episode an agent plays: the env's options and the split its task is drawn from (evaluation: 'test'). */
export interface EpisodeOptions {
  envOptions?: EnvOptions;
  split?: Split;
}

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
  /** The best goal value a simulation through this edge reached. */
  best: number;
  /** The summed novelty of its simulations. */
  novelty: number;
  child: Node | null;
}

/** Bonus of a path that reaches a state the real episode has not visited yet. */
const NOVELTY = 0.05;

/** What a state is worth towards the goal, `turns` after the decision: 1 for success, 0 for failure, else 0.9 x progress; discounted. */
function goalValue(node: Node, turns: number, gamma: number): number {
  if (node.terminated && !node.info.success) return 0;
  return gamma ** turns * (node.info.success ? 1 : 0.9 * node.info.progress);
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
    node.edges ??= this.lib.applicable(this.family, node.obs, this.words, this.opts.maxBranch).map((skill) => ({ skill, n: 0, best: 0, novelty: 0, child: null }));
    return node.edges;
  }

  /**
   * The state after an edge, run on a clone the first time. An edge that changes nothing, or gets where a sibling
   * already gets in no fewer turns, is dropped from its node: the search spends no visits on repeats.
   */
  private step(node: Node, edge: Edge): Node {
    if (!edge.child) {
      const env = node.env.clone();
      const run = runSteps(env, edge.skill.steps, node.obs, node.info);
      this.lookahead += Math.max(1, run.trace.length);
      const child = nodeOf(env, run);
      edge.child = child;
      // A skill that failed part-way wasted turns: treat its state as a dead end for the search.
      if (!run.ok) child.edges = [];
      const same = (o: Node) => o.obs.text === child.obs.text && o.done === child.done && o.info.success === child.info.success;
      const repeat = same(node) || (node.edges ?? []).some((e) => e !== edge && e.child !== null && same(e.child) && e.child.info.turn <= child.info.turn);
      if (repeat) node.edges = (node.edges ?? []).filter((e) => e !== edge);
    }
    return edge.child;
  }

  /** UCT among the node's fittest skills (progressive widening): best goal value plus mean novelty plus the exploration bonus. */
  private choose(edges: readonly Edge[]): Edge {
    const total = edges.reduce((t, e) => t + e.n, 1);
    const width = Math.ceil(this.opts.widen * Math.sqrt(total));
    let edge = edges[0];
    let score = -Infinity;
    for (const e of edges.slice(0, width)) {
      const s = e.n === 0 ? Infinity : e.best + e.novelty / e.n + this.opts.c * Math.sqrt(Math.log(total) / e.n);
      if (s > score) [edge, score] = [e, s];
    }
    return edge;
  }

  /** One simulation: UCT down the tree, expand one edge, finish the path with random skills; backs up the best value seen. */
  simulate(root: Node): void {
    const path: Edge[] = [];
    let node = root;
    let best = 0;
    let novelty = 0;
    let expanded = false;
    for (let d = 0; d < this.opts.depth && !node.done; d++) {
      const edges = this.expand(node);
      if (edges.length === 0) break;
      let edge: Edge;
      if (expanded) edge = this.rng.pick(edges);
      else {
        edge = this.choose(edges);
        expanded = edge.child === null;
        path.push(edge);
      }
      node = this.step(node, edge);
      best = Math.max(best, goalValue(node, node.info.turn - root.info.turn, this.opts.gamma));
      if (!this.visited.has(node.obs.text)) novelty = NOVELTY;
    }
    for (const e of path) {
      e.n++;
      e.best = Math.max(e.best, best);
      e.novelty += novelty;
    }
  }
}

/** A fresh episode of either agent: its random stream, the env after reset, the goal's words and the states seen. */
function startEpisode(spec: EnvSpec, seed: number, stream: string, which: EpisodeOptions) {
  const env = spec.create();
  const start = env.reset({ seed, options: which.envOptions, split: which.split });
  // Stryker disable next-line BooleanLiteral: a placeholder; the episode's end sets success
  const out: EpisodeResult = { success: false, turns: 0, actions: [], chosen: [], lookahead: 0 };
  const root: Node = {
    env,
    obs: start.obs,
    info: start.info,
    done: false,
    // Stryker disable next-line BooleanLiteral: the root is never valued (goalValue reads only a child's terminated)
    terminated: false,
    edges: null,
  };
  return { rng: Rng.fromSeed(seed).split(stream), env, root, words: goalWords(env.goal), visited: new Set([start.obs.text]), out };
}

/** Runs one episode with the MCTS skill agent; with no skill applicable it takes a random atomic action. */
export function runMctsEpisode(spec: EnvSpec, skills: readonly Skill[], seed: number, plan: PlanOptions = DEFAULT_PLAN, which: EpisodeOptions = {}): EpisodeResult {
  const lib = new Library(skills); // applicable() takes the family's skills only
  // Stryker disable next-line StringLiteral: the stream's name only picks another seeded stream
  const episode = startEpisode(spec, seed, 'mcts', which);
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
      // The best path found; among equals, the most searched (then the more novel).
      const pick = edges.reduce((a, b) => (b.best > a.best || (b.best === a.best && (b.n > a.n || (b.n === a.n && b.novelty > a.novelty))) ? b : a));
      steps = pick.skill.steps;
      out.chosen.push(pick.skill.name);
    }
    const run = runSteps(env, steps, root.obs, root.info);
    // A guard against an endless loop: the chosen skill could not even start (it cannot happen: its first step
    // resolved in this state, or the atomic step was drawn from it).
    // Stryker disable next-line ConditionalExpression,BlockStatement: as said, a run here always has a first step
    if (run.trace.length === 0) break;
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
export function runRandomEpisode(spec: EnvSpec, seed: number, rollouts: number, length: number, which: EpisodeOptions = {}): EpisodeResult {
  // Stryker disable next-line StringLiteral: the stream's name only picks another seeded stream
  const episode = startEpisode(spec, seed, 'random', which);
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
        const failed = node.terminated && !node.info.success;
        // Undiscounted (gamma 1), so the turns it took do not matter.
        value = Math.max(value, goalValue(node, 0, 1) + (failed || visited.has(node.obs.text) ? 0 : NOVELTY));
      }
      if (first && value > bestValue) [bestStep, bestValue] = [first, value];
    }
    if (!bestStep) break;
    const run = runSteps(env, [bestStep], root.obs, root.info);
    out.actions.push(...run.trace.map((t) => t.action));
    out.chosen.push('atomic');
    for (const t of run.trace) visited.add(t.obs.text);
    // Stryker disable next-line ConditionalExpression: a guard against an endless loop; a step drawn from this state always runs
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
