// A scripted stand-in policy and env for the trainer's plumbing tests: PressOne (click(1) wins, three turns at most)
// records how it was reset; ScriptedPolicy samples click(1) with a probability that grows with each trainStep and
// records every batch it is given.
import { DEFAULT_CONFIG, type Config } from '../../src/core/config-table';
import type { Env, EnvSpec, Observation, ResetArgs, StepResult } from '../../src/envs/api';
import type { Generation, GenerateOptions, Policy, PolicyState, StepHyper, StepMetrics, TokenBatch, TrainBatch } from '../../src/model/policy-api';
import { END, SPECIALS } from '../../src/model/tokenizer';
import type { AgentIO } from '../../src/rl/rollout';
import type { TrainerParts } from '../../src/rl/trainer';

export const CLICK1 = 10;
export const CLICK2 = 11;
const obs = (text: string): Observation => ({ elements: [], text });

/** click(1) wins; click(2) is a wasted turn; 3 turns at most. Every reset's arguments land in `resets`. */
export class PressOne implements Env {
  static resets: ResetArgs[] = [];
  readonly id = 'press-one';
  readonly maxTurns = 3;
  goal = '';
  private turn = 0;
  reset(args: ResetArgs) {
    PressOne.resets.push(args);
    this.goal = `press ${args.seed % 7}`;
    this.turn = 0;
    return { obs: obs('[1] button'), info: { success: false, progress: 0, turn: 0 } };
  }
  step(action: string): StepResult {
    this.turn++;
    const success = action === 'click(1)';
    const truncated = !success && this.turn >= this.maxTurns;
    const info = { success, progress: success ? 1 : 0.4, turn: this.turn, ...(success ? {} : { lastActionError: 'wrong' }) };
    return { obs: obs('[1] button'), reward: success ? 1 : 0, terminated: success, truncated, info };
  }
  clone(): Env {
    return Object.assign(new PressOne(), this);
  }
}

export const SPEC: EnvSpec = {
  id: 'press-one', suite: 'web', family: 'test', description: 'press one', maxTurns: 3, options: [],
  levels: [{ n: 0 }, { n: 1 }, { n: 2 }], // PressOne ignores them; its resets record them
  actions: [{ verb: 'click', args: ['id'] }], create: () => new PressOne(), expert: () => 'click(1)',
};

export const IO: AgentIO = {
  vocab: [...SPECIALS, 'a', 'b', 'click', '1', '2'], // a checkpoint's vocabulary starts with the specials and holds every token used
  maxActionTokens: 2,
  prompt: (_goal, _obs, past) => ({ tokens: [5, 6, ...past.map(() => 7)], words: [] }),
  decode: (tokens) => (tokens[0] === CLICK1 ? 'click(1)' : 'click(2)'),
  encodeAction: (a) => [a === 'click(1)' ? CLICK1 : CLICK2, END],
  allowed: () => () => null,
};

/**
 * Samples click(1) with probability params[1]; its log-prob records which version (params[0]) generated it, its
 * sampling entropies are [0.5, 0]. With `cut`, actions in rows where cut(row) holds end without END (cut off).
 */
export class ScriptedPolicy implements Policy {
  readonly backend = 'cpu' as const;
  readonly precision = 'f32' as const;
  readonly window = 16;
  readonly parameterCount = 2;
  params = new Float32Array([0, 0.5]); // [version, P(click(1))]
  batches: { batch: TrainBatch; hyper: StepHyper }[] = [];
  /** Rows per generate() call. */
  generated: number[] = [];
  /** What trainStep answers (tokens: the rows' action tokens). */
  answer: Partial<StepMetrics> = {};
  constructor(private readonly cut?: (row: number) => boolean) {}
  async generate(prompts: readonly (readonly number[])[], o: GenerateOptions): Promise<Generation> {
    this.generated.push(prompts.length);
    const tokens = prompts.map((_, row) => [o.rng.next() < this.params[1] ? CLICK1 : CLICK2, this.cut?.(row) ? CLICK2 : END]);
    return { tokens, logp: tokens.map(() => [-1 - this.params[0], -0.01]), entropy: tokens.map(() => [0.5, 0]) };
  }
  async logprobs(batch: TokenBatch): Promise<Float32Array> {
    return new Float32Array(batch.rows * batch.width).fill(-0.5);
  }
  async trainStep(batch: TrainBatch, hyper: StepHyper): Promise<StepMetrics> {
    this.batches.push({ batch, hyper });
    this.params[0] += 1;
    this.params[1] = Math.min(0.9, this.params[1] + 0.05);
    return { loss: 0.1, policyLoss: 0.1, kl: 0.01, entropy: 0.6, lowClipped: 0, highClipped: 0, tokens: batch.rows * 2, gradNorm: 1, ...this.answer };
  }
  async getState(): Promise<PolicyState> {
    return { params: this.params.slice(), adamM: new Float32Array(2), adamV: new Float32Array(2), step: this.params[0] };
  }
  async setState(s: PolicyState) {
    this.params = s.params.slice();
  }
  async getParams() {
    return this.params.slice();
  }
  async setParams(p: Float32Array) {
    this.params = p.slice();
  }
  dispose() {}
}

export function parts(policy = new ScriptedPolicy()): TrainerParts & { policy: ScriptedPolicy; made: ScriptedPolicy[] } {
  const made: ScriptedPolicy[] = [];
  return { spec: SPEC, io: IO, policy, made, createPolicy: async () => (made.push(new ScriptedPolicy()), made.at(-1)!), legalActions: () => ['click(2)'] };
}

/** Defaults with B = 2, G = 4 and no evaluation unless asked for. */
export const config = (over: Partial<Config> = {}): Config => ({ ...DEFAULT_CONFIG, group: 4, tasks: 2, evalEvery: 0, updates: 1000, ...over });
