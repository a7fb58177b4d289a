// Spec of every op but matmul, run on any backend against the CPU twin (the specification), at awkward shapes and
// named edge cases (very large logits, fully masked rows, a single token). The twin's gradients are checked by
// finite differences in grad.test.ts.
import { describe, expect, it } from 'vitest';
import { CpuOps } from '../../../src/cpu/ops';
import { LOSS_STATS, type AnyOps } from '../../../src/model/ops';
import { expectClose, randn, type Backend } from '../backends';

type Arr = Float32Array | Int32Array;
/** Inputs by name; ints are Int32Array. `outs` name the tensors to compare with their sizes. */
export interface Case {
  inputs: Record<string, Arr>;
  outs: Record<string, number>;
  run: (ops: AnyOps, t: Record<string, unknown>) => void;
}

async function runCase(ops: AnyOps, c: Case, prefix: string): Promise<Record<string, Float32Array>> {
  const t: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c.inputs)) {
    if (v instanceof Int32Array) ops.writeI32((t[k] = ops.i32(`${prefix}${k}`, v.length)), v);
    else ops.writeF32((t[k] = ops.f32(`${prefix}${k}`, v.length)), v);
  }
  for (const [k, n] of Object.entries(c.outs)) if (!(k in t)) ops.writeF32((t[k] = ops.f32(`${prefix}${k}`, n)), new Float32Array(n).fill(7));
  c.run(ops, t);
  const out: Record<string, Float32Array> = {};
  for (const [k, n] of Object.entries(c.outs)) out[k] = await ops.readF32(t[k], n);
  return out;
}

/** Run on the backend and on the twin; compare every output; return the backend's outputs. */
export async function check(be: Backend, c: Case, tol = 1): Promise<Record<string, Float32Array>> {
  const got = await runCase(be.ops, c, 'spec.');
  const want = await runCase(new CpuOps(), c, 'spec.');
  for (const k of Object.keys(c.outs)) {
    for (const x of got[k]) if (!Number.isFinite(x)) throw new Error(`${k}: non-finite output ${x}`);
    expectClose(got[k], want[k], { rtol: be.rtol * tol, atol: be.atol * tol }, k);
  }
  return got;
}

export const F = (n: number, seed: number, s = 1) => Float32Array.from(randn(n, seed, s));
export const ints = (n: number, mod: number, seed: number) => Int32Array.from(randn(n, seed), (x) => Math.floor((x + 1) * 1e4) % mod);

export function opsSpec(make: () => Promise<Backend>): void {
  describe('ops', () => {
    it('embedding forward and backward (R 1, 17, 257)', async () => {
      const be = await make();
      for (const R of [1, 17, 257]) {
        const [D, V, P] = [9, 33, 17];
        await check(be, {
          inputs: { tok: ints(R, V, 1), pos: ints(R, P, 2), wte: F(V * D, 3), wpe: F(P * D, 4), dOut: F(R * D, 5), dWte: F(V * D, 6) },
          outs: { out: R * D, dWte: V * D, dWpe: P * D },
          run: (o, t) => {
            o.embedding(t.tok, t.pos, t.wte, t.wpe, t.out, R, D);
            o.embeddingBackward(t.tok, t.pos, t.dOut, t.dWte, t.dWpe, R, D, V, P);
          },
        });
      }
    });

    it('layer norm forward and backward, column sums (R 1, 17, 257; D 33)', async () => {
      const be = await make();
      const D = 33;
      for (const R of [1, 17, 257])
        for (const acc of [false, true])
          await check(be, {
            inputs: { x: F(R * D, 1, 3), g: F(D, 2), b: F(D, 3), dOut: F(R * D, 4), dx: F(R * D, 5) },
            outs: { out: R * D, mu: R, rs: R, dx: R * D, dg: D, db: D, cs: D },
            run: (o, t) => {
              o.layerNorm(t.x, t.g, t.b, t.out, t.mu, t.rs, R, D);
              o.layerNormBackward(t.dOut, t.x, t.g, t.mu, t.rs, t.dx, t.dg, t.db, R, D, acc);
              o.colSum(t.dOut, t.cs, R, D);
            },
          }, 10);
    });

    it('gelu forward and backward, residual add (n 1, 33, 257, with large inputs)', async () => {
      const be = await make();
      for (const n of [1, 33, 257])
        await check(be, {
          inputs: { x: F(n, 1, 30), d: F(n, 2), a: F(n, 3) },
          outs: { y: n, dx: n, a: n },
          run: (o, t) => {
            o.gelu(t.x, t.y, n);
            o.geluBackward(t.x, t.d, t.dx, n);
            o.add(t.a, t.x, n);
          },
        });
    });

    it('causal attention with padding, fully masked rows and a single token; backward; KV-cache rows', async () => {
      const be = await make();
      const [H, Dh] = [2, 8];
      const D = H * Dh;
      for (const [N, T, lens] of [[1, 1, [1]], [3, 17, [17, 5, 0]], [2, 33, [33, 1]]] as [number, number, number[]][]) {
        const got = await check(be, {
          inputs: { qkv: F(N * T * 3 * D, T, 2), q0: new Int32Array(N), len: Int32Array.from(lens), dOut: F(N * T * D, 9), flat: F(N * 3 * D, 4), at: Int32Array.from(lens, (l) => Math.max(0, l - 1)) },
          outs: { out: N * T * D, probs: N * H * T * T, dqkv: N * T * 3 * D, g: N * 3 * D, qkv: N * T * 3 * D },
          run: (o, t) => {
            o.attention(t.qkv, t.qkv, t.q0, t.len, t.out, t.probs, N, T, T, H, Dh);
            o.attentionBackward(t.qkv, t.probs, t.dOut, t.dqkv, N, T, H, Dh);
            o.copyRows(t.g, t.qkv, t.at, N, T, 3 * D, true);
            o.copyRows(t.flat, t.qkv, t.at, N, T, 3 * D, false);
          },
        }, 10);
        lens.forEach((l, n) => {
          if (l === 0) expect(got.out.subarray(n * T * D, (n + 1) * T * D).every((x) => x === 0)).toBe(true);
        });
      }
    });

    it('log-softmax gather and GRPO / CE loss with very large logits (R 1, 17, 33; V 257)', async () => {
      const be = await make();
      const V = 257;
      for (const [N, T] of [[1, 1], [1, 17], [3, 11]])
        for (const objective of ['grpo', 'ce'] as const) {
          const R = N * T;
          const logits = F(R * V, R, 5);
          logits[3 % (R * V)] = 1e4; // very large logit
          logits[(R - 1) * V + 7] = -1e4;
          const h = { objective, invTemp: 1 / 0.7, beta: 0.04, epsLow: 0.2, epsHigh: 0.28 };
          await check(be, {
            inputs: { logits, tg: ints(R, V, 2), w: Float32Array.from(randn(R, 3), (x) => (x > -0.3 ? x + 1 : 0)), adv: F(N, 4), old: F(R, 5, 3), ref: F(R, 6, 3) },
            outs: { lp: R, dl: R * V, stats: R * LOSS_STATS },
            run: (o, t) => {
              o.logprobs(t.logits, t.tg, t.lp, R, V, h.invTemp);
              o.tokenLoss(t.logits, t.tg, t.w, t.adv, t.old, t.ref, t.dl, t.stats, N, T, V, h);
            },
          }, 10);
        }
    });

    it('gradient norm and AdamW with clipping (n 1, 257, 4099)', async () => {
      const be = await make();
      for (const n of [1, 257, 4099])
        for (const gradClip of [0, 0.5])
          await check(be, {
            inputs: { g: F(n, 1), p: F(n, 2), m: F(n, 3, 0.1), v: Float32Array.from(randn(n, 4), (x) => x * x) },
            outs: { norm: 1, p: n, m: n, v: n },
            run: (o, t) => {
              o.gradNorm(t.g, n, t.norm);
              o.adamw(t.p, t.g, t.m, t.v, t.norm, n, { lr: 0.01, beta1: 0.9, beta2: 0.999, eps: 1e-8, weightDecay: 0.1, step: 3, gradClip });
            },
          }, 10);
    });

    it('sampling with temperature, top-p and a mask gives the twin\'s tokens (N 17, V 257)', async () => {
      const be = await make();
      const [N, V] = [17, 257];
      const mask = Float32Array.from(randn(N * V, 7), (x) => +(x > 0));
      mask.fill(0, 0, V); // row 0: nothing allowed
      for (const topP of [1, 0.9, 0.3]) {
        const c: Case = {
          inputs: { logits: F(N * V, 1, 4), mask, u: Float32Array.from(randn(N, 2), (x) => (x + 1) / 2), tok: new Int32Array(N) },
          outs: { lp: N },
          run: (o, t) => o.sample(t.logits, t.mask, t.u, t.tok, t.lp, N, V, 1 / 0.8, topP),
        };
        await check(be, c, 10);
        const ours = await readTokens(be.ops, c);
        const twin = await readTokens(new CpuOps(), c);
        let same = 0;
        ours.forEach((x, i) => (same += +(x === twin[i])));
        expect(same).toBeGreaterThanOrEqual(N - 1); // a uniform on a float boundary may differ
        ours.forEach((x, n) => n > 0 && expect(mask[n * V + x]).toBe(1));
      }
    });
  });
}

async function readTokens(ops: AnyOps, c: Case): Promise<Int32Array> {
  await runCase(ops, c, 'tok.');
  return ops.readI32(ops.i32('tok.tok', 17), 17);
}
