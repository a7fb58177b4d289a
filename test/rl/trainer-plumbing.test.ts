// The loop's plumbing with a scripted stand-in policy and env: what reaches trainStep (rows, weights,
// advantages, old log-probs), async staleness, mu, the KL reference, checkpoints. The real policy is
// exercised in the golden, learning and resume tests.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Config } from '../../src/core/config-table';
import type { Env, EnvSpec, Observation, StepResult } from '../../src/envs/api';
import type { Generation, GenerateOptions, Policy, PolicyState, StepHyper, TokenBatch, TrainBatch } from '../../src/model/policy-api';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/rl/checkpoint';
import { METRIC_NAMES } from '../../src/rl/metrics';
import { SPECIALS } from '../../src/model/tokenizer';
import type { AgentIO } from '../../src/rl/rollout';
import { Trainer, type TrainerParts } from '../../src/rl/trainer';

const END = 9;
const obs = (text: string): Observation => ({ elements: [], text });

/** click(1) wins; click(2) is a wasted turn; 3 turns at most. */
class PressOne implements Env {
  readonly id = 'press-one';
  readonly maxTurns = 3;
  goal = '';
  private turn = 0;
  reset(args: { seed: number }) {
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

const SPEC: EnvSpec = {
  id: 'press-one', suite: 'web', family: 'test', description: 'press one', maxTurns: 3, options: [],
  actions: [{ verb: 'click', args: ['id'] }], create: () => new PressOne(), expert: () => 'click(1)',
};

const IO: AgentIO = {
  vocab: [...SPECIALS, 'a', 'b'], // a checkpoint's vocabulary starts with the specials
  maxActionTokens: 2,
  prompt: (_goal, _obs, past) => ({ tokens: [5, 6, ...past.map(() => 7)], words: [] }),
  decode: (tokens) => (tokens[0] === 1 ? 'click(1)' : 'click(2)'),
  encodeAction: (a) => [a === 'click(1)' ? 1 : 2, END],
  allowed: () => () => null,
};

/** Samples token 1 with probability params[1]; trainStep records its batch and bumps a version counter. */
class ScriptedPolicy implements Policy {
  readonly backend = 'cpu' as const;
  readonly precision = 'f32' as const;
  readonly window = 16;
  readonly parameterCount = 2;
  params = new Float32Array([0, 0.5]); // [version, P(click(1))]
  batches: { batch: TrainBatch; hyper: StepHyper }[] = [];
  async generate(prompts: readonly (readonly number[])[], o: GenerateOptions): Promise<Generation> {
    const tokens = prompts.map(() => [o.rng.next() < this.params[1] ? 1 : 2, END]);
    // The log-prob of the first token records which version generated it.
    return { tokens, logp: tokens.map(() => [-1 - this.params[0], -0.01]) };
  }
  async logprobs(batch: TokenBatch): Promise<Float32Array> {
    return new Float32Array(batch.rows * batch.width).fill(-0.5);
  }
  async trainStep(batch: TrainBatch, hyper: StepHyper) {
    this.batches.push({ batch, hyper });
    this.params[0] += 1;
    this.params[1] = Math.min(0.9, this.params[1] + 0.05);
    return { loss: 0.1, policyLoss: 0.1, kl: 0.01, entropy: 0.6, clipRatio: 0, gradNorm: 1 };
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

function parts(policy = new ScriptedPolicy()): TrainerParts & { policy: ScriptedPolicy; made: ScriptedPolicy[] } {
  const made: ScriptedPolicy[] = [];
  return { spec: SPEC, io: IO, policy, made, createPolicy: async () => (made.push(new ScriptedPolicy()), made.at(-1)!) };
}

const config = (over: Partial<Config> = {}): Config => ({ ...DEFAULT_CONFIG, group: 4, tasks: 2, ...over });

describe('Trainer plumbing', () => {
  it('sends one row per turn with loss weight on action tokens only, the episode advantage and the old log-probs', async () => {
    const p = parts();
    const trainer = await Trainer.create(config({ beta: 0.04 }), p); // beta > 0: every row is trained on
    const report = await trainer.step();
    const { batch } = p.policy.batches[0];
    const turns = report.episodes.reduce((n, e) => n + e.turns.length, 0);
    expect(batch.rows).toBe(turns);
    let row = 0;
    for (const e of report.episodes) {
      e.turns.forEach((t, k) => {
        const promptLength = 2 + k;
        expect(batch.lengths[row]).toBe(promptLength + 2);
        const w = Array.from(batch.weight.subarray(row * batch.width, (row + 1) * batch.width));
        w.forEach((x, pos) => expect(x > 0).toBe(pos >= promptLength && pos < promptLength + 2));
        expect(batch.advantage[row]).toBeCloseTo(e.advantage, 6);
        expect(batch.oldLogp[row * batch.width + promptLength]).toBeCloseTo(t.logp[0], 6);
        row++;
      });
    }
    // grpo aggregation: every episode weighs 1/E.
    expect(batch.weight.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    for (const name of METRIC_NAMES) expect(Number.isFinite(report.metrics[name])).toBe(true);
    expect(report.metrics['episode/success']).toBe(report.episodes.filter((e) => e.success).length / 8);
  });

  it('with beta = 0 trains only on rows with signal, keeping the whole batch normalisers', async () => {
    const p = parts();
    const report = await (await Trainer.create(config({ agg: 'bnpo' }), p)).step();
    const { batch } = p.policy.batches[0];
    expect(batch.refLogp).toBeNull();
    const withSignal = report.episodes.filter((e) => e.advantage !== 0);
    const allTokens = report.episodes.reduce((n, e) => n + e.turns.reduce((m, t) => m + t.tokens.length, 0), 0);
    if (withSignal.length === 0) {
      expect(batch.rows).toBe(1); // one row stays so that AdamW still steps
      return;
    }
    expect(batch.rows).toBe(withSignal.reduce((n, e) => n + e.turns.length, 0));
    expect(Array.from(batch.advantage).every((a) => a !== 0)).toBe(true);
    expect(Math.max(...batch.weight)).toBeCloseTo(1 / allTokens, 7);
  });

  it('scores truncated episodes 0, or masks them out of the loss', async () => {
    const zero = await (await Trainer.create(config({ reward: 'process', truncation: 'zero' }), parts())).step();
    for (const e of zero.episodes) expect(e.reward).toBe(e.success ? 1 : 0);
    const p = parts();
    const masked = await (await Trainer.create(config({ reward: 'process', truncation: 'mask', beta: 0.04 }), p)).step();
    const { batch } = p.policy.batches[0];
    let row = 0;
    for (const e of masked.episodes) {
      expect(e.masked).toBe(e.truncated);
      for (let k = 0; k < e.turns.length; k++, row++) {
        const sum = batch.weight.subarray(row * batch.width, (row + 1) * batch.width).reduce((a, b) => a + b, 0);
        expect(sum === 0).toBe(e.masked);
      }
    }
  });

  it('runs mu inner passes with the warmed-up learning rate', async () => {
    const p = parts();
    const trainer = await Trainer.create(config({ mu: 3, warmup: 4, lr: 0.01 }), p);
    const report = await trainer.step();
    expect(p.policy.batches).toHaveLength(3);
    expect(p.policy.batches.every((b) => b.hyper.lr === 0.01 / 4)).toBe(true);
    expect(report.metrics['optim/lr']).toBe(0.01 / 4);
  });

  it('asks the frozen reference for log-probs when beta > 0', async () => {
    const p = parts();
    const trainer = await Trainer.create(config({ beta: 0.04 }), p);
    await trainer.step();
    expect(p.made).toHaveLength(1);
    expect(p.made[0].params[0]).toBe(0); // the reference holds the initial parameters
    expect(p.policy.batches[0].batch.refLogp?.[0]).toBe(-0.5);
  });

  it('BC warm-up trains on expert actions with the cross-entropy objective', async () => {
    const p = parts();
    await Trainer.create(config({ bcSteps: 2 }), p);
    expect(p.policy.batches.map((b) => b.hyper.objective)).toEqual(['ce', 'ce']);
    const { batch } = p.policy.batches[0];
    expect(batch.rows).toBe(16); // BC_ROWS expert turns
    expect(batch.tokens[2]).toBe(1); // the expert's click(1)
  });

  it('async: each update trains on episodes generated by the policy one update older', async () => {
    const p = parts();
    const trainer = await Trainer.create(config({ async: true }), p);
    for (let k = 0; k < 3; k++) {
      const report = await trainer.step();
      const version = -1 - report.episodes[0].turns[0].logp[0];
      expect(version).toBe(Math.max(0, k - 1));
    }
  });

  it('resumes from an encoded checkpoint with the same batches as an uninterrupted run', async () => {
    const run = async (split: boolean) => {
      const c = config({ async: true });
      const p = parts();
      let trainer = await Trainer.create(c, p);
      const out = [];
      for (let k = 0; k < 4; k++) {
        if (split && k === 2) {
          const cp = decodeCheckpoint(encodeCheckpoint(await trainer.checkpoint()));
          trainer = await Trainer.resume(cp, parts());
        }
        const r = await trainer.step();
        out.push(r.episodes.map((e) => [e.seed, e.reward, ...e.turns.map((t) => t.text)]));
      }
      return out;
    };
    expect(await run(true)).toEqual(await run(false));
  });
});
