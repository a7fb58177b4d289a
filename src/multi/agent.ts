// One agent of a team: its policy (its own size and seed), its sampling stream, its behaviour-cloning warm-up and its
// GRPO learner; or, frozen on a saved policy, that policy with its own vocabulary and no learner. The central loop
// calls act() for its turns and train() once per update with its own rows only. Its methods take and return plain
// data, so the same class runs in-process (Node) or behind comlink in a Worker.
import type { Config } from '../core/config-table';
import { Rng } from '../core/rng';
import type { Observation } from '../envs/api';
import { getEnvSpec } from '../envs/registry';
import { createPolicy } from '../model/create';
import type { Context } from '../model/context';
import type { Policy, StepMetrics } from '../model/policy-api';
import { ContentWords, END, Tokenizer } from '../model/tokenizer';
import type { FrozenPolicy } from './frozen';
import { Demonstrations } from '../rl/bc';
import { GREEDY_TOP_P } from '../rl/evaluate';
import { Learner } from '../rl/learner';
import { envOptionsFor, maxTurnsOf, type AgentIO, type EpisodeRecord } from '../rl/rollout';
import { agentIO, evaluationIO } from '../rl/setup';
import { roleDemonstrator } from './demos';
import { PLAN_TOKENS, planTokens } from './language';
import type { PartsOfAgent } from './view';
import type { AgentNode } from './workflow';

/** Everything an agent is built from (structured-cloneable, for a worker). */
export interface AgentInit {
  /** The team's config (the agent's size is node.model). */
  config: Config;
  node: AgentNode;
  /** The team's shared vocabulary and longest expert action (language.ts teamVocab). */
  vocab: string[];
  longestAction: number;
  /** Proposals an aggregator reads, or the other proposers a debater reads in later rounds (0: none). */
  peers: number;
  /** The most turns the agent takes in one team episode (env turns x debate rounds; 1 for a planner). */
  turns: number;
  /** A frozen agent's saved policy (checked by frozen.ts frozenPolicy): it acts with its model and vocabulary. */
  policy?: FrozenPolicy;
  /** View 'parts': the part of the page it reads and the parts its messages come from (see view.ts). */
  parts?: PartsOfAgent;
}

/** One turn to play: the goal with the agent's messages, the observation text and the team's earlier actions. */
export interface ActRow {
  goal: string;
  /** Plain data (plainObservation), so it crosses to an agent worker; its elements feed the context's match marks. */
  obs: Observation;
  past: string[];
}

/** What the agent generated for each row. */
export interface Acted {
  prompts: number[][]; // the contexts it read
  tokens: number[][]; // its tokens, END included
  logp: number[][]; // under its policy
  entropy: number[][]; // of the distributions it sampled from
  texts: string[];
}

export interface AgentInfo {
  parameterCount: number;
  backend: 'cpu' | 'webgpu';
  note: string;
}

/** One GRPO update's numbers for this agent (entropy: at sampling time, over every token it generated). */
export interface AgentStep extends StepMetrics {
  fracZeroStd: number;
}

export class AgentRunner {
  private update = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** A planner's allowed tokens (any word, then END; placeholders only of its context's words); null for the other roles. */
  private readonly plan: ((context: Context) => number[]) | null;

  private constructor(
    private readonly init: AgentInit,
    /** In the agent's own vocabulary: the team's, or a saved policy's. */
    private readonly io: AgentIO,
    private readonly policy: Policy,
    /** null for a frozen agent on a saved policy: it never trains. */
    private readonly learner: Learner | null,
    private readonly sample: Rng,
    readonly info: AgentInfo,
  ) {
    this.plan = init.node.role === 'planner' ? planTokens(io.vocab) : null;
  }

  /**
   * Builds the policy (seeded from the team's seed and the agent's name) and runs its BC warm-up; with init.policy,
   * loads that saved policy instead.
   */
  static async create(init: AgentInit, device?: GPUDevice, onBcStep?: (step: number, loss: number) => void): Promise<AgentRunner> {
    const { config: c, node } = init;
    const spec = getEnvSpec(c.env);
    const root = Rng.fromSeed(c.seed).split(`agent/${node.name}`);
    const seed = root.split('init').nextU32();
    if (init.policy) {
      // Its own tokenizer and io from the checkpoint's vocabulary (the team's message words it lacks read as <unk>),
      // so the policy runs unchanged; its token rows stay in that vocabulary, and it never trains on them.
      const saved = init.policy;
      const { policy, note } = await createPolicy({ model: saved.model, vocab: saved.vocab.length, pointer: saved.pointer, seed, backend: c.backend, f16: c.f16, device, rows: c.group * c.tasks });
      await policy.setParams(saved.params);
      // Stryker disable next-line BooleanLiteral: a planner's plan words have no grammar for the skill filter to narrow
      const io = node.role === 'planner' ? agentIO(saved.vocab, spec, policy.window, PLAN_TOKENS - 1, false, saved.match) : evaluationIO(spec, saved.vocab, policy.window, saved.match);
      return new AgentRunner(init, io, policy, null, root.split('sample'), { parameterCount: policy.parameterCount, backend: policy.backend, note });
    }
    const make = () => createPolicy({ model: node.model, vocab: init.vocab.length, pointer: c.pointer, seed, backend: c.backend, f16: c.f16, device, rows: c.group * c.tasks });
    const { policy, note } = await make();
    // Stryker disable next-line BooleanLiteral: a team's env has no skill(k) action, so the skill filter removes nothing
    const io = agentIO(init.vocab, spec, policy.window, node.role === 'planner' ? PLAN_TOKENS - 1 : init.longestAction, false, c.match);
    const tok = Tokenizer.fromJSON(init.vocab);
    const demos = new Demonstrations(
      roleDemonstrator({
        spec,
        envOptions: envOptionsFor(spec, c.difficulty),
        io,
        maxTurns: maxTurnsOf(spec, c),
        role: node.role,
        peers: init.peers,
        ...(init.parts ? { parts: init.parts } : {}),
        encodePlan: (plan, context) => [...tok.encode(plan, ContentWords.of(context.words)).slice(0, PLAN_TOKENS - 1), END],
      }),
      root.split('bc'),
      c.bcDemos,
    );
    const learner = await Learner.warmUp(c, policy, async () => (await make()).policy, demos, onBcStep);
    return new AgentRunner(init, io, policy, learner, root.split('sample'), { parameterCount: policy.parameterCount, backend: policy.backend, note });
  }

  /**
   * One generation per row: an action (grammar-constrained when config.grammar) or, for a planner, a plan; sampled
   * (config temperature and top-p, from the agent's sampling stream) or, for evaluation, greedy (from a stream of its
   * own, the same at every call, so evaluating never moves the sampling stream). Calls run one after another in call
   * order (the vote baseline asks one agent for several samples at once), so the policy's buffers and the sampling
   * stream are never shared by two generations.
   */
  act(rows: readonly ActRow[], greedy = false): Promise<Acted> {
    const next = this.queue.then(() => this.generate(rows, greedy));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async generate(rows: readonly ActRow[], greedy: boolean): Promise<Acted> {
    const c = this.init.config;
    const contexts = rows.map((r) => this.io.prompt(r.goal, r.obs, r.past));
    const plans = this.plan ? contexts.map(this.plan) : null;
    const grammars = plans || !c.grammar ? null : rows.map((r, n) => this.io.allowed(r.goal, r.obs, contexts[n]));
    const gen = await this.policy.generate(contexts.map((x) => x.tokens), {
      temperature: greedy ? 1 : c.temperature,
      topP: greedy ? GREEDY_TOP_P : c.topP,
      maxNewTokens: this.io.maxActionTokens,
      rng: greedy ? this.greedyStream() : this.sample,
      allowed: plans ? (row) => plans[row] : grammars ? (row, soFar) => grammars[row](soFar) : undefined,
    });
    return { prompts: contexts.map((x) => x.tokens), tokens: gen.tokens, logp: gen.logp, entropy: gen.entropy, texts: gen.tokens.map((t, n) => this.io.decode(t, contexts[n])) };
  }

  /** Greedy decoding's tie-breaking stream: derived from the team's seed and the agent's name, fresh at every call. */
  private greedyStream(): Rng {
    return Rng.fromSeed(this.init.config.seed).split(`agent/${this.init.node.name}`).split('greedy');
  }

  /** One GRPO update on this agent's rows of B*G team episodes and its allocated rewards. */
  async train(episodes: readonly EpisodeRecord[], rewards: readonly number[], valid: readonly boolean[]): Promise<AgentStep> {
    if (!this.learner) throw new Error(`agent '${this.init.node.name}' acts with a saved policy: it never trains`);
    const out = await this.learner.update(episodes, rewards, valid, this.init.config, this.update++, this.init.turns * this.io.maxActionTokens);
    return { ...out.step, entropy: out.entropy, fracZeroStd: out.fracZeroStd };
  }

  dispose(): void {
    if (this.learner) this.learner.dispose();
    else this.policy.dispose();
  }
}
