// The WebAssembly backend as users run it: a training step equals the twin's within tolerance; one seed gives the
// same bits on every rerun and for 1 or 2 threads (training and generation); bad inputs get messages, not garbage.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { createPolicy } from '../../src/model/create';
import { TransformerPolicy } from '../../src/model/policy';
import { WasmOps } from '../../src/wasm/ops';
import { CE, GRPO, demoRows } from '../model/specs/policy.spec';
import { batchFor, expectStepsAgree } from '../model/specs/cross.spec';
import { makeBatch, tok } from '../model/fixtures';

const MODEL = { dim: 32, layers: 2, heads: 4, window: 64 };

/** GRPO with a clip far below the gradient norm: every bit of the norm reaches every parameter through the clip scale. */
const CLIPPED = { ...GRPO, gradClip: 1e-3 };

/** Three GRPO steps and one generation on a fresh policy: every number it produced, as bits. */
async function run(threads: number): Promise<{ params: Float32Array; metrics: number[]; tokens: number[][]; logp: number[][] }> {
  const ops = await WasmOps.create({ threads, minParallelWork: 0 });
  const p = new TransformerPolicy(ops, { ...MODEL, vocab: tok.size }, Rng.fromSeed(7));
  const { rows, prompts } = demoRows(p.window);
  const b = makeBatch(rows, prompts.map((x) => x.length), Math.max(...rows.map((r) => r.length)));
  b.oldLogp = (await p.logprobs(b, 1)).map((x) => x + 0.05);
  b.refLogp = b.oldLogp.map((x) => x - 0.1);
  const metrics: number[] = [];
  for (let s = 0; s < 3; s++) metrics.push(...Object.values(await p.trainStep(b, CLIPPED)));
  const gen = await p.generate(prompts, { temperature: 1, topP: 0.9, maxNewTokens: 6, rng: Rng.fromSeed(8) });
  const params = (await p.getState()).params;
  p.dispose();
  return { params, metrics, tokens: gen.tokens, logp: gen.logp };
}

describe('wasm backend', () => {
  it('one seed gives the same bits on a rerun and on 1 or 2 threads (3 GRPO steps, then generation)', async () => {
    const [a, b, c] = [await run(1), await run(1), await run(2)];
    for (const other of [b, c]) {
      expect(Buffer.from(other.params.buffer).equals(Buffer.from(a.params.buffer))).toBe(true);
      expect(other.metrics).toEqual(a.metrics);
      expect(other.tokens).toEqual(a.tokens);
      expect(other.logp).toEqual(a.logp);
    }
  });

  for (const hyper of [CE, GRPO])
    it(`one ${hyper.objective} training step equals the TypeScript twin's`, async () => {
      const wasm = (await createPolicy({ model: 'tiny', vocab: tok.size, seed: 11, backend: 'cpu', threads: 1 })).policy;
      const twin = (await createPolicy({ model: 'tiny', vocab: tok.size, seed: 11, backend: 'cpu', cpu: 'twin' })).policy;
      const b = await batchFor(twin);
      const [lpW, lpT] = [await wasm.logprobs(b, 1), await twin.logprobs(b, 1)];
      lpT.forEach((x, i) => expect(Math.abs(lpW[i] - x)).toBeLessThan(1e-4));
      await expectStepsAgree(wasm, twin, b, hyper);
      wasm.dispose();
      twin.dispose();
    });

  it("backend 'cpu' runs wasm and says so", async () => {
    const r = await createPolicy({ model: 'tiny', vocab: tok.size, seed: 1, backend: 'cpu', threads: 2 });
    expect(r.note).toBe('cpu: wasm SIMD, 2 threads');
    r.policy.dispose();
  });

  it('bad inputs get a message naming what was wrong', async () => {
    const ops = await WasmOps.create({ threads: 1 });
    const wte = ops.view(ops.f32('params', 64), 0, 5 * 4); // (V 5, D 4), as the model's parameter views
    const tokens = ops.i32('tokens', 2);
    ops.writeI32(tokens, Int32Array.from([1, 5]));
    const pos = ops.i32('pos', 2);
    ops.writeI32(pos, new Int32Array(2));
    expect(() => ops.embedding(tokens, pos, wte, ops.f32('wpe', 4), ops.f32('out', 8), 2, 4)).toThrow('embedding: tokens[1] = 5 is outside [0, 5)');
    expect(() => ops.matmul(wte, wte, ops.f32('c', 32), 8, 4, 4)).toThrow('matmul: A holds 20 values, the op needs 32');
    expect(() => ops.view(wte, 16, 8)).toThrow('view [16, 24) is outside a tensor of 20 values');
    expect(() => ops.writeF32(wte, new Float32Array(21))).toThrow('writeF32: the tensor holds 20 values, the op needs 21');
    ops.dispose();
  });

  it('memory grows without moving tensors: values written before a large allocation read back after it', async () => {
    const ops = await WasmOps.create({ threads: 2 });
    const a = ops.f32('a', 1000);
    ops.writeF32(a, Float32Array.from({ length: 1000 }, (_, i) => i));
    const big = ops.f32('big', 16 << 20); // 64 MiB: the memory grows
    ops.add(big, big, 16); // runs on the grown memory
    expect(Array.from(await ops.readF32(a, 1000))).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    ops.dispose();
  });

  it('a CE step on the twin and on wasm lowers the loss alike (10 steps)', async () => {
    const losses: number[][] = [];
    for (const cpu of ['wasm', 'twin'] as const) {
      const p = (await createPolicy({ model: 'tiny', vocab: tok.size, seed: 3, backend: 'cpu', cpu, threads: 1 })).policy;
      const { rows, prompts } = demoRows(p.window);
      const b = makeBatch(rows, prompts.map((x) => x.length), Math.max(...rows.map((r) => r.length)));
      const l = [];
      for (let s = 0; s < 10; s++) l.push((await p.trainStep(b, CE)).loss);
      losses.push(l);
      p.dispose();
    }
    losses[0].forEach((x, i) => expect(Math.abs(x - losses[1][i])).toBeLessThan(1e-3 * (1 + Math.abs(losses[1][i]))));
  });
});
