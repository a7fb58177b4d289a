// The multi-agent GRPO loop (MARTI's recipe), top to bottom: team rollout -> central reward allocation -> one GRPO
// update per trainable agent on its own rows and its own groups (in lockstep) -> baselines -> metrics; every
// evalEvery updates and after the last, the team and both baselines play the run's test-split tasks greedily.
// The agents are handles: in-process AgentRunners in Node, agent workers in the page (see spawn).
import type { Config } from '../core/config-table';
import { Rng } from '../core/rng';
import type { EnvSpec } from '../envs/api';
import { getEnvSpec } from '../envs/registry';
import { countParams, paramTable } from '../model/params';
import { presetConfig, type PresetName } from '../model/presets';
import { episodeReward } from '../rl/advantages';
import { evalSeeds } from '../rl/evaluate';
import { envOptionsFor, maxTurnsOf } from '../rl/rollout';
import type { AgentInfo, AgentInit, AgentRunner, AgentStep } from './agent';
import { allocate, quality } from './allocate';
import { frozenPolicy } from './frozen';
import { playTeam, type AgentHandle, type PlayOptions, type TeamEpisode, type TeamMessage } from './interaction';
import { teamVocab } from './language';
import { partsOfAgent, readersOf, type Readers } from './view';
import { actor, checkedWorkflow, workflowOf, type AgentNode, type Workflow } from './workflow';

/** An agent as the team trainer drives it (an AgentRunner, or a worker's proxy with the same methods). */
export type TeamMember = AgentHandle & Pick<AgentRunner, 'train'> & { dispose(): void | Promise<void> };

/** The single-agent baseline: one GRPO update on the same task seeds; returns its episodes' success rate. */
export interface SingleBaseline {
  step(): Promise<number>;
  /** Greedy success on the run's test-split evaluation tasks (rl/evaluate.ts, without the sampled half). */
  evaluate(): Promise<number>;
  dispose(): void | Promise<void>;
}

export interface TeamHost {
  /** Builds one agent (BC warm-up included). */
  spawn(init: AgentInit): Promise<{ member: TeamMember; info: AgentInfo }>;
  /** Builds the single-agent baseline for a config (config.workflow = 'single', its model the nearest size). */
  single(config: Config): Promise<SingleBaseline>;
}

/** One team episode for the message log: every agent's turn and what each agent was credited. */
export interface EpisodeLog {
  goal: string;
  success: boolean;
  actions: string[];
  log: TeamMessage[];
  rewards: Record<string, number>;
}

export interface TeamReport {
  update: number;
  /** team/*, baseline/*, agent/<name>/*, perf/update_ms */
  metrics: Record<string, number>;
  /** The first episode of the batch. */
  episode: EpisodeLog;
}

/** Metrics reported per agent, as agent/<name>/<metric>. */
export const AGENT_METRICS = ['reward/mean', 'reward/share', 'success', 'reward/frac_zero_std', 'loss/policy', 'loss/kl', 'policy/entropy', 'optim/grad_norm'] as const;
/** Team-level metrics. */
export const TEAM_METRICS = ['team/success', 'team/reward', 'team/turns', 'baseline/single/success', 'baseline/vote/success', 'perf/update_ms'] as const;
/** Evaluation metrics (every evalEvery updates and after the last): greedy success on the test-split tasks. */
export const TEAM_EVAL_METRICS = ['team/eval/success', 'baseline/single/eval/success', 'baseline/vote/eval/success', 'perf/eval_ms'] as const;

/** The preset whose parameter count is nearest `total` (the CPU cannot run 'base'). */
export function nearestPreset(total: number, vocab: number, cpu: boolean): PresetName {
  const names: PresetName[] = cpu ? ['tiny', 'small'] : ['tiny', 'small', 'base'];
  const size = (n: PresetName) => countParams(paramTable(presetConfig(n, vocab)));
  return names.reduce((best, n) => (Math.abs(size(n) - total) < Math.abs(size(best) - total) ? n : best));
}

/**
 * The vote baseline's workflow: independent voters, no messages, majority vote (the proposers, else the actor x3),
 * each reading what its source agent reads of the page by itself (in view 'parts', its source's part).
 */
function voteWorkflow(w: Workflow): { workflow: Workflow; sources: string[]; readers: Readers } {
  const proposers = w.agents.filter((a) => a.role === 'proposer').map((a) => a.name);
  const sources = proposers.length > 0 ? proposers : Array(3).fill(actor(w)!.name);
  // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator,ArithmeticOperator,BooleanLiteral: a voter acts through its source's member (voters below) and is only played, never trained: of its node only the role and the name (one key, the same everywhere) are read
  const agents = sources.map((source, k): AgentNode => ({ ...w.agents.find((a) => a.name === source)!, name: `v${k + 1}`, role: 'proposer', trainable: false }));
  const team = readersOf(w);
  const readers = { of: team.of, part: new Map(agents.flatMap((a, k) => (team.part.has(sources[k]) ? [[a.name, team.part.get(sources[k])!] as const] : []))) };
  return { workflow: { shape: 'debate', agents, edges: [], rounds: 0, aggregate: 'vote', view: w.view }, sources, readers };
}

export class TeamTrainer {
  private update = 0;

  private constructor(
    readonly config: Config,
    readonly workflow: Workflow,
    private readonly spec: EnvSpec,
    private readonly members: ReadonlyMap<string, TeamMember>,
    readonly infos: ReadonlyMap<string, AgentInfo>,
    private readonly single: SingleBaseline,
    /** The single baseline's model size. */
    readonly singleModel: PresetName,
    private readonly tasks: Rng,
    /** The vote baseline: independent voters on the team's own members. */
    private readonly vote: { workflow: Workflow; voters: ReadonlyMap<string, TeamMember>; readers: Readers },
  ) {}

  /**
   * Builds every agent (each with its BC warm-up, or a frozen one from its saved policy: an Error naming the agent
   * when that policy is unusable) and the single-agent baseline. The workflow is the config's built-in shape unless
   * one is given (validated: see validateWorkflow); a frozen agent's model is its saved policy's.
   */
  static async create(config: Config, host: TeamHost, custom?: Workflow): Promise<TeamTrainer> {
    const given = custom ? checkedWorkflow(custom) : workflowOf(config);
    const spec = getEnvSpec(config.env);
    const saved = new Map(given.agents.flatMap((a) => (a.policy ? [[a.name, frozenPolicy(a.name, a.policy, spec)] as const] : [])));
    // A frozen agent's model is its saved policy's; its bytes, decoded once above, go no further.
    const workflow = { ...given, agents: given.agents.map(({ policy: _, ...a }) => ({ ...a, model: saved.get(a.name)?.model ?? a.model })) };
    const { vocab, longestAction } = teamVocab(spec);
    const maxTurns = maxTurnsOf(spec, config);
    const proposers = workflow.agents.filter((a) => a.role === 'proposer').length;
    const built = await Promise.all(
      workflow.agents.map((node) => {
        const peers = node.role === 'aggregator' ? proposers : node.role === 'proposer' && workflow.rounds > 0 ? proposers - 1 : 0;
        const turns = node.role === 'planner' ? 1 : node.role === 'proposer' ? maxTurns * (workflow.rounds + 1) : maxTurns;
        const policy = saved.get(node.name);
        const parts = partsOfAgent(workflow, node.name);
        return host.spawn({ config, node, vocab, longestAction, peers, turns, ...(policy ? { policy } : {}), ...(parts ? { parts } : {}) });
      }),
    );
    const members = new Map(workflow.agents.map((a, i) => [a.name, built[i].member]));
    const infos = new Map(workflow.agents.map((a, i) => [a.name, built[i].info]));
    const total = built.reduce((n, b) => n + b.info.parameterCount, 0);
    const singleModel = nearestPreset(total, vocab.length, built[0].info.backend === 'cpu');
    // the team evaluates it (TeamTrainer.evaluate), on the same tasks as the team, when the team evaluates
    const single = await host.single({ ...config, workflow: 'single', model: singleModel, evalEvery: 0 });
    const { workflow: vote, sources, readers } = voteWorkflow(workflow);
    const voters = new Map(vote.agents.map((a, k) => [a.name, members.get(sources[k])!]));
    return new TeamTrainer(config, workflow, spec, members, infos, single, singleModel, Rng.fromSeed(config.seed).split('tasks'), { workflow: vote, voters, readers });
  }

  get updatesDone(): number {
    return this.update;
  }

  /** One update of every trainable agent, in lockstep, and both baselines on the same task seeds. */
  async step(): Promise<TeamReport> {
    const started = performance.now();
    const c = this.config;
    const G = c.group;
    const play: PlayOptions = { spec: this.spec, envOptions: envOptionsFor(this.spec, c.difficulty), split: c.split, maxTurns: maxTurnsOf(this.spec, c) };

    // ---- team rollout: B task instances x G team episodes
    const seeds = Array.from({ length: c.tasks }, () => this.tasks.nextU32());
    const episodes = await playTeam(this.workflow, this.members, seeds, G, play);

    // ---- central reward allocation, then each agent's GRPO update on its own rows (in parallel: one worker each)
    const teamRewards = episodes.map((e) => episodeReward(e, c.reward, c.truncation));
    const valid = episodes.map((e) => !(c.truncation === 'mask' && e.truncated));
    const rewards = new Map(
      this.workflow.agents.map((a) => [a.name, episodes.map((e, i) => allocate(c.alloc, { reward: teamRewards[i], success: e.success }, e.outputs[a.name], c.allocAlpha))]),
    );
    const trainable = this.workflow.agents.filter((a) => a.trainable);
    const steps = new Map<string, AgentStep>();
    const done = await Promise.all(
      trainable.map((a) => this.members.get(a.name)!.train(episodes.map((e) => e.records[a.name]), rewards.get(a.name)!, valid)),
    );
    trainable.forEach((a, i) => steps.set(a.name, done[i]));

    // ---- baselines: a single agent of about the team's size (its own GRPO update), and voting without interaction
    const singleSuccess = await this.single.step();
    const voted = await playTeam(this.vote.workflow, this.vote.voters, seeds, G, { ...play, readers: this.vote.readers });

    // ---- metrics
    const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
    const rate = (eps: readonly TeamEpisode[]) => mean(eps.map((e) => (e.success ? 1 : 0)));
    const metrics: Record<string, number> = {
      'team/success': rate(episodes),
      'team/reward': mean(teamRewards),
      'team/turns': mean(episodes.map((e) => e.actions.length)),
      'baseline/single/success': singleSuccess,
      'baseline/vote/success': rate(voted),
    };
    const means = new Map([...rewards].map(([n, r]) => [n, mean(r)]));
    const spread = [...means.values()].reduce((s, x) => s + Math.abs(x), 0);
    for (const a of this.workflow.agents) {
      const p = `agent/${a.name}/`;
      metrics[`${p}reward/mean`] = means.get(a.name)!;
      metrics[`${p}reward/share`] = spread > 0 ? means.get(a.name)! / spread : 0;
      metrics[`${p}success`] = mean(episodes.map((e, i) => (quality(lastTurnOnly(e, a.name), { reward: teamRewards[i], success: e.success }) === 1 ? 1 : 0)));
      const s = steps.get(a.name);
      if (!s) continue;
      metrics[`${p}reward/frac_zero_std`] = s.fracZeroStd;
      metrics[`${p}loss/policy`] = s.policyLoss;
      metrics[`${p}loss/kl`] = s.kl;
      metrics[`${p}policy/entropy`] = s.entropy;
      metrics[`${p}optim/grad_norm`] = s.gradNorm;
    }
    metrics['perf/update_ms'] = performance.now() - started;
    const updated = this.update + 1;
    if (c.evalEvery > 0 && (updated % c.evalEvery === 0 || updated === c.updates)) Object.assign(metrics, await this.evaluate());
    const first = episodes[0];
    const episode: EpisodeLog = {
      goal: first.goal,
      success: first.success,
      actions: first.actions,
      log: first.log,
      rewards: Object.fromEntries([...rewards].map(([n, r]) => [n, r[0]])),
    };
    return { update: this.update++, metrics, episode };
  }

  /**
   * The team, the vote and the single agent play the run's evaluation tasks (evalSeeds: config.evalTasks test-split
   * seeds, the same at every evaluation) once each, every agent greedy, in batches of the rows the policies are sized
   * for (group x tasks). Training streams are untouched: greedy decoding breaks ties on streams of its own.
   */
  async evaluate(): Promise<Record<(typeof TEAM_EVAL_METRICS)[number], number>> {
    const started = performance.now();
    const c = this.config;
    const play: PlayOptions = { spec: this.spec, envOptions: envOptionsFor(this.spec, c.difficulty), split: 'test', maxTurns: maxTurnsOf(this.spec, c), greedy: true };
    const seeds = evalSeeds(c);
    const rows = c.group * c.tasks;
    const rate = async (workflow: Workflow, agents: ReadonlyMap<string, TeamMember>, o: PlayOptions) => {
      let won = 0;
      // Stryker disable next-line EqualityOperator: at = seeds.length would play an empty batch, which wins nothing
      for (let at = 0; at < seeds.length; at += rows) won += (await playTeam(workflow, agents, seeds.slice(at, at + rows), 1, o)).filter((e) => e.success).length;
      return won / seeds.length;
    };
    const team = await rate(this.workflow, this.members, play);
    const vote = await rate(this.vote.workflow, this.vote.voters, { ...play, readers: this.vote.readers });
    const single = await this.single.evaluate();
    return { 'team/eval/success': team, 'baseline/single/eval/success': single, 'baseline/vote/eval/success': vote, 'perf/eval_ms': performance.now() - started };
  }

  async dispose(): Promise<void> {
    for (const m of this.members.values()) await m.dispose();
    await this.single.dispose();
  }
}

/** An agent's outputs of the episode's last turn: did its final proposal there solve the task? */
function lastTurnOnly(e: TeamEpisode, name: string) {
  const o = e.outputs[name];
  return { scores: o.scores.slice(-1), inputs: o.inputs.slice(-1) };
}
