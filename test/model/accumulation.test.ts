// Micro-batched gradient accumulation (TransformerPolicy.trainStep over memory.ts's micro-batches): the accounting
// counts every workspace a step asks for; an update split into micro-batches gives the one-batch step's gradient
// within float tolerance, for every loss aggregation, GSPO and masked episodes, on the twin and on wasm; reruns repeat
// bit for bit.
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/core/config-table';
import { Rng } from '../../src/core/rng';
import { CpuOps } from '../../src/cpu/ops';
import { CPU_LIMITS, microBatches, microBatchRows, STEP_SHARE, stepBuffers, stepBytes, UNLIMITED, WASM32_HEAP_BYTES, type MemoryLimits } from '../../src/model/memory';
import { sliceRows } from '../../src/model/policy';
import type { StepMetrics } from '../../src/model/policy-api';
import { END } from '../../src/model/tokenizer';
import { Learner } from '../../src/rl/learner';
import { turnRows, type EpisodeRecord } from '../../src/rl/rollout';
import { MAX_PAGES } from '../../src/wasm/module';
import { WasmOps } from '../../src/wasm/ops';
import { config } from '../rl/scripted';
import { expectSameStep, GRPO, limitsFor, MODEL, policy, randomBatch, step } from './accumulation-fixtures';

describe('memory accounting', () => {
  it('counts exactly the workspaces a one-micro-batch training step asks for', async () => {
    for (const c of [MODEL, { ...MODEL, pointer: 0 }]) {
      const asked = new Map<string, number>();
      const ops = new CpuOps();
      for (const kind of ['f32', 'i32'] as const) {
        const make = ops[kind].bind(ops) as (name: string, size: number) => never;
        ops[kind] = ((name: string, size: number) => {
          if (name.startsWith('train.')) asked.set(`${kind}:${name}`, Math.max(asked.get(`${kind}:${name}`) ?? 0, size));
          return make(name, size);
        }) as never;
      }
      const b = randomBatch(3, 1, c);
      const p = policy(ops, UNLIMITED, c);
      await p.trainStep(b, GRPO);
      const bytes = [...asked.values()].reduce((s, n) => s + 4 * n, 0);
      expect(bytes).toBe(stepBytes(c, 3, b.width));
    }
  });

  it('sizes micro-batches by the total share and by the largest buffer', () => {
    const T = MODEL.window;
    const perRow = stepBytes(MODEL, 1, T);
    expect(microBatchRows(MODEL, T, { totalBytes: (10 * perRow) / STEP_SHARE, perBufferBytes: Infinity })).toBe(10);
    const largest = Math.max(...stepBuffers(MODEL, 1, T).map((b) => b.bytes));
    expect(microBatchRows(MODEL, T, { totalBytes: Infinity, perBufferBytes: 7 * largest })).toBe(7);
    expect(microBatchRows(MODEL, T, { totalBytes: 1, perBufferBytes: 1 })).toBe(1); // never 0 rows
    expect(microBatches(5, 2)).toEqual([[0, 2], [2, 4], [4, 5]]);
    expect(() => microBatches(5, 0)).toThrow('rows per micro-batch must be a whole number >= 1, got 0');
  });

  it("plans the CPU backends by the wasm heap's 2 GiB", () => {
    expect(WASM32_HEAP_BYTES).toBe(MAX_PAGES * 65536);
    expect(CPU_LIMITS.totalBytes).toBe(WASM32_HEAP_BYTES);
  });

  it('a micro-batch keeps its rows, trimmed to their longest', () => {
    const b = randomBatch(5, 2);
    const s = sliceRows(b, 1, 3);
    const w = Math.max(b.lengths[1], b.lengths[2]);
    expect(s.width).toBe(w);
    expect(Array.from(s.tokens.subarray(w, 2 * w))).toEqual(Array.from(b.tokens.subarray(2 * b.width, 2 * b.width + w)));
    expect(Array.from(s.advantage)).toEqual(Array.from(b.advantage.subarray(1, 3)));
    expect(Array.from(s.refLogp!.subarray(0, w))).toEqual(Array.from(b.refLogp!.subarray(b.width, b.width + w)));
  });
});

describe('micro-batched training step', () => {
  for (const h of [GRPO, { ...GRPO, objective: 'ce' as const, beta: 0 }])
    it(`${h.objective}: 3 micro-batches give the one-batch gradient and metrics on the twin, and log-probs alike`, async () => {
      const b = randomBatch(7, 3);
      const one = await step(new CpuOps(), UNLIMITED, b, h);
      const three = await step(new CpuOps(), limitsFor(3, b.width), b, h);
      expect([one.parts, three.parts]).toEqual([1, 3]);
      expectSameStep(three, one);
      const [p1, p3] = [policy(new CpuOps(), UNLIMITED), policy(new CpuOps(), limitsFor(2, b.width))];
      const [lp1, lp3] = [await p1.logprobs(b, 1), await p3.logprobs(b, 1)];
      lp1.forEach((x, i) => expect(Math.abs(lp3[i] - x)).toBeLessThan(1e-5));
    });

  it('on wasm: 4 micro-batches give the one-batch gradient, the twin gets the same, and reruns repeat bit for bit', async () => {
    const b = randomBatch(9, 4);
    const limits = limitsFor(2, b.width);
    const wasm = async (l: MemoryLimits) => step(await WasmOps.create({ threads: 1 }), l, b);
    const [one, four, again] = [await wasm(UNLIMITED), await wasm(limits), await wasm(limits)];
    expect(four.parts).toBe(5);
    expectSameStep(four, one);
    expectSameStep(four, await step(new CpuOps(), limits, b));
    expect(Buffer.from(again.g.buffer).equals(Buffer.from(four.g.buffer))).toBe(true);
    expect(again.m).toEqual(four.m);
  });
});

describe('the whole update normalises, not the micro-batch (Learner.update on the twin)', () => {
  /** 2 groups of 3 episodes of 1-3 turns; episode 4's first action is cut off (no END); log-probs near the policy's. */
  async function episodes(): Promise<EpisodeRecord[]> {
    const r = Rng.fromSeed(9);
    const made: EpisodeRecord[] = Array.from({ length: 6 }, (_, e) => ({
      task: Math.floor(e / 3), member: e % 3, seed: 1, goal: 'g', success: false, progress: 0, truncated: false, envReturn: 0,
      turns: Array.from({ length: 1 + (e % 3) }, (_, k) => {
        const prompt = Array.from({ length: 3 + r.int(12) }, () => 5 + r.int(MODEL.vocab - 5));
        const action = [...Array.from({ length: 1 + r.int(3) }, () => 5 + r.int(MODEL.vocab - 5)), ...(e === 4 && k === 0 ? [] : [END])];
        return { prompt, action, logp: [] as number[], entropy: action.map(() => 1), text: 'x' };
      }),
    }));
    const { batch } = turnRows(made);
    const now = await policy(new CpuOps(), UNLIMITED).logprobs(batch, 1);
    made.flatMap((e) => e.turns).forEach((t, n) => (t.logp = t.action.map((_, i) => now[n * batch.width + t.prompt.length + i] + 0.3 * (r.next() - 0.5))));
    return made;
  }
  const REWARDS = [1, 0, 0.5, 0, 1, 1];
  const VALID = [true, true, true, true, true, false]; // episode 5 left out (truncation = mask)

  async function update(c: Config, limits: MemoryLimits): Promise<{ g: Float32Array; m: StepMetrics; parts: number[] }> {
    const p = policy(new CpuOps(), limits);
    const parts: number[] = [];
    const trainStep = p.trainStep.bind(p);
    p.trainStep = (b, h) => (parts.push(p.microBatches(b.rows, b.width).length), trainStep(b, h));
    const learner = new Learner(p, async () => policy(new CpuOps(), limits), await p.getParams());
    const out = await learner.update(await episodes(), REWARDS, VALID, c, 0, 4);
    const g = (await p.getState()).adamM;
    learner.dispose();
    return { g, m: out.step, parts };
  }

  const base: Partial<Config> = { group: 3, tasks: 2, mu: 1, gradClip: 0, lr: 1e-2, maskTruncatedCompletions: true };
  const cases: [string, Partial<Config>][] = [
    ...(['grpo', 'bnpo', 'dr_grpo', 'dapo', 'token_mean'] as const).map((agg): [string, Partial<Config>] => [agg, { agg, beta: 0, entropyCoef: 0 }]),
    ['grpo with KL and entropy bonus', { agg: 'grpo', beta: 0.04, entropyCoef: 0.01 }],
    ['GSPO (sequence ratios), dapo', { agg: 'dapo', importanceSamplingLevel: 'sequence', beta: 0, entropyCoef: 0 }],
  ];
  for (const [name, over] of cases)
    it(`${name}: micro-batches of 2 rows give the one-batch update`, async () => {
      const c = config({ ...base, ...over });
      const one = await update(c, UNLIMITED);
      const micro = await update(c, limitsFor(2, MODEL.window));
      expect(one.parts).toEqual([1]);
      expect(micro.parts[0]).toBeGreaterThan(1);
      expectSameStep(micro, one);
    });
});

describe('bad batches', () => {
  it('get a message naming what is wrong before any micro-batch runs', async () => {
    const p = policy(new CpuOps(), limitsFor(2, MODEL.window));
    const b = randomBatch(3, 6);
    await expect(p.trainStep({ ...b, lengths: Int32Array.from([5, MODEL.window + 1, 3]) }, GRPO)).rejects.toThrow(`lengths[1] = ${MODEL.window + 1} is outside [0, width ${MODEL.window}]`);
    await expect(p.logprobs({ ...b, lengths: Int32Array.from([5, 4]) }, 1)).rejects.toThrow('lengths has 2 entries, expected one per row (3)');
    await expect(p.trainStep({ ...b, tokens: b.tokens.subarray(1) }, GRPO)).rejects.toThrow(`tokens has ${3 * MODEL.window - 1} entries, expected rows*width = ${3 * MODEL.window}`);
    p.dispose();
  });
});
