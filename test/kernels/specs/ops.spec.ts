// Spec of every op but matmul, run on any backend (the TypeScript twin included) at awkward shapes and named edge
// cases (very large logits, fully masked rows, a single token): forward ops against the float64 references of
// reference64.ts; backward ops against the twin, whose gradients grad.spec.ts checks by finite differences.
import { describe, expect, it } from 'vitest';
import { CpuOps } from '../../../src/cpu/ops';
import { LOSS_STATS, type AnyOps, type LossHyper } from '../../../src/model/ops';
import { expectClose, randn, type Backend } from '../backends';
import { adamw64, attention64, colSum64, embedding64, gelu64, gradNorm64, layerNorm64, logprobs64, nucleus64, tokenLoss64 } from '../reference64';

type Arr = Float32Array | Int32Array;
/** Inputs by name; ints are Int32Array. `outs` name the tensors to read back with their sizes. */
export interface Case {
  inputs: Record<string, Arr>;
  outs: Record<string, number>;
  run: (ops: AnyOps, t: Record<string, unknown>) => void;
}

export async function runCase(ops: AnyOps, c: Case, prefix: string): Promise<Record<string, Float32Array>> {
  const t: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c.inputs)) {
    if (v instanceof Int32Array) ops.writeI32((t[k] = ops.i32(`${prefix}${k}`, v.length)), v);
    else ops.writeF32((t[k] = ops.f32(`${prefix}${k}`, v.length)), v);
  }
  for (const [k, n] of Object.entries(c.outs)) if (!(k in t)) ops.writeF32((t[k] = ops.f32(`${prefix}${k}`, n)), new Float32Array(n).fill(7));
  c.run(ops, t);
  const out: Record<string, Float32Array> = {};
  for (const [k, n] of Object.entries(c.outs)) out[k] = await ops.readF32(t[k], n);
  for (const [k, v] of Object.entries(out)) for (const x of v) if (!Number.isFinite(x)) throw new Error(`${k}: non-finite output ${x}`);
  return out;
}

/** Compare named outputs with float64 wants, within the backend's tolerance times `tol`. */
export function expectAll(got: Record<string, Float32Array>, want: Record<string, ArrayLike<number>>, be: Backend, tol: number): void {
  for (const [k, w] of Object.entries(want)) expectClose(got[k], w, { rtol: be.rtol * tol, atol: be.atol * tol }, `${be.name} ${k}`);
}

/** Run on the backend and on the twin; compare the named outputs (backward ops); return the backend's outputs. */
export async function checkTwin(be: Backend, c: Case, names: string[], tol = 1): Promise<Record<string, Float32Array>> {
  const got = await runCase(be.ops, c, 'spec.');
  const want = await runCase(new CpuOps(), c, 'spec.');
  expectAll(got, Object.fromEntries(names.map((k) => [k, want[k]])), be, tol);
  return got;
}

/** A backend whose attention saves the probabilities (no attentionSavedSize): they match the float64 reference. */
async function expectSavedProbs(be: Backend, name: string, want: Float64Array): Promise<void> {
  if (be.ops.attentionSavedSize) return; // it saves less (WebGPU: the log-sum-exp), checked through backward
  expectAll({ probs: await be.ops.readF32(be.ops.f32(name, want.length), want.length) }, { probs: want }, be, 10);
}

export const F = (n: number, seed: number, s = 1) => Float32Array.from(randn(n, seed, s));
export const ints = (n: number, mod: number, seed: number) => Int32Array.from(randn(n, seed), (x) => Math.floor((x + 1) * 1e4) % mod);

/** Ratios spread over [0.5, 2], with points inside and outside both clip bounds (1 - 0.2 and 1 + 0.28). */
const RATIOS = [0.5, 0.7, 0.78, 0.85, 0.95, 1, 1.1, 1.22, 1.25, 1.3, 1.5, 2];

export function opsSpec(make: () => Promise<Backend>): void {
  describe('ops', () => {
    it('embedding forward and backward (R 1, 17, 257)', async () => {
      const be = await make();
      for (const R of [1, 17, 257]) {
        const [D, V, P] = [9, 33, 17];
        const inputs = { tok: ints(R, V, 1), pos: ints(R, P, 2), wte: F(V * D, 3), wpe: F(P * D, 4), dOut: F(R * D, 5), dWte: F(V * D, 6) };
        const got = await checkTwin(be, {
          inputs,
          outs: { out: R * D, dWte: V * D, dWpe: P * D },
          run: (o, t) => {
            o.embedding(t.tok, t.pos, t.wte, t.wpe, t.out, R, D);
            o.embeddingBackward(t.tok, t.pos, t.dOut, t.dWte, t.dWpe, R, D, V, P);
          },
        }, ['dWte', 'dWpe']);
        expectAll(got, { out: embedding64(inputs.tok, inputs.pos, inputs.wte, inputs.wpe, R, D) }, be, 1);
      }
    });

    it('layer norm forward and backward, column sums (R 1, 17, 257; D 33)', async () => {
      const be = await make();
      const D = 33;
      for (const R of [1, 17, 257])
        for (const acc of [false, true]) {
          const inputs = { x: F(R * D, 1, 3), g: F(D, 2), b: F(D, 3), dOut: F(R * D, 4), dx: F(R * D, 5) };
          const got = await checkTwin(be, {
            inputs,
            outs: { out: R * D, mu: R, rs: R, dx: R * D, dg: D, db: D, cs: D },
            run: (o, t) => {
              o.layerNorm(t.x, t.g, t.b, t.out, t.mu, t.rs, R, D);
              o.layerNormBackward(t.dOut, t.x, t.g, t.mu, t.rs, t.dx, t.dg, t.db, R, D, acc);
              o.colSum(t.dOut, t.cs, R, D);
            },
          }, ['dx', 'dg', 'db'], 10);
          const ref = layerNorm64(inputs.x, inputs.g, inputs.b, R, D);
          expectAll(got, { out: ref.out, mu: ref.mean, rs: ref.rstd, cs: colSum64(inputs.dOut, R, D) }, be, 10);
        }
    });

    it('layer norm of rows whose variance is near its epsilon (R 17; D 33)', async () => {
      const be = await make();
      const [R, D] = [17, 33];
      const inputs = { x: Float32Array.from(randn(R * D, 7, 0.01), (v) => v + 2), g: F(D, 2), b: F(D, 3) }; // variance ~3e-5
      const got = await runCase(be.ops, {
        inputs,
        outs: { out: R * D, rs: R },
        run: (o, t) => o.layerNorm(t.x, t.g, t.b, t.out, o.f32('eps.mu', R), t.rs, R, D),
      }, 'eps.');
      const ref = layerNorm64(inputs.x, inputs.g, inputs.b, R, D);
      expectAll(got, { out: ref.out, rs: ref.rstd }, be, 10);
    });

    it('gelu forward and backward, residual add (n 1, 33, 257, with large inputs)', async () => {
      const be = await make();
      for (const n of [1, 33, 257]) {
        const inputs = { x: F(n, 1, 30), d: F(n, 2), a: F(n, 3) };
        const got = await checkTwin(be, {
          inputs,
          outs: { y: n, dx: n, a: n },
          run: (o, t) => {
            o.gelu(t.x, t.y, n);
            o.geluBackward(t.x, t.d, t.dx, n);
            o.add(t.a, t.x, n);
          },
        }, ['dx']);
        expectAll(got, { y: gelu64(inputs.x), a: Float64Array.from(inputs.a, (v, i) => v + inputs.x[i]) }, be, 1);
      }
    });

    it('causal attention with padding, fully masked rows and a single token; backward; KV-cache rows', async () => {
      const be = await make();
      const [H, Dh] = [2, 8];
      const D = H * Dh;
      for (const [N, T, lens] of [[1, 1, [1]], [3, 17, [17, 5, 0]], [2, 33, [33, 1]]] as [number, number, number[]][]) {
        const inputs = { qkv: F(N * T * 3 * D, T, 2), q0: new Int32Array(N), len: Int32Array.from(lens), dOut: F(N * T * D, 9), flat: F(N * 3 * D, 4), at: Int32Array.from(lens, (l) => Math.max(0, l - 1)) };
        const got = await checkTwin(be, {
          inputs,
          outs: { out: N * T * D, dqkv: N * T * 3 * D, g: N * 3 * D, qkv: N * T * 3 * D },
          run: (o, t) => {
            // What forward saves for backward is backend-defined (probabilities, or less): checked through dqkv.
            const saved = o.f32('spec.saved', o.attentionSavedSize?.(N, H, T, T) ?? N * H * T * T);
            o.attention(t.qkv, t.qkv, t.q0, t.len, t.out, saved, N, T, T, H, Dh);
            o.attentionBackward(t.qkv, saved, t.dOut, t.dqkv, N, T, H, Dh);
            o.copyRows(t.g, t.qkv, t.at, N, T, 3 * D, true);
            o.copyRows(t.flat, t.qkv, t.at, N, T, 3 * D, false);
          },
        }, ['dqkv'], 10);
        const ref = attention64(inputs.qkv, inputs.qkv, inputs.q0, inputs.len, N, T, T, H, Dh);
        const scattered = Float32Array.from(inputs.qkv);
        const gathered = new Float32Array(N * 3 * D);
        inputs.at.forEach((p, n) => {
          gathered.set(inputs.qkv.subarray((n * T + p) * 3 * D, (n * T + p + 1) * 3 * D), n * 3 * D);
          scattered.set(inputs.flat.subarray(n * 3 * D, (n + 1) * 3 * D), (n * T + p) * 3 * D);
        });
        expectAll(got, { out: ref.out, g: gathered, qkv: scattered }, be, 10);
        await expectSavedProbs(be, 'spec.saved', ref.probs);
        lens.forEach((l, n) => {
          if (l === 0) expect(got.out.subarray(n * T * D, (n + 1) * T * D).every((x) => x === 0)).toBe(true);
        });
      }
    });

    it('attention from KV-cache queries: one query per row at its own position (N 3, Tk 9)', async () => {
      const be = await make();
      const [N, Tk, H, Dh] = [3, 9, 2, 4];
      const D = H * Dh;
      const inputs = { q: F(N * 3 * D, 1), kv: F(N * Tk * 3 * D, 2), at: Int32Array.from([0, 4, 8]), len: Int32Array.from([9, 9, 6]) };
      const got = await runCase(be.ops, {
        inputs,
        outs: { out: N * D },
        run: (o, t) => o.attention(t.q, t.kv, t.at, t.len, t.out, o.f32('kv.saved', o.attentionSavedSize?.(N, H, 1, Tk) ?? N * H * Tk), N, 1, Tk, H, Dh),
      }, 'kv.');
      const ref = attention64(inputs.q, inputs.kv, inputs.at, inputs.len, N, 1, Tk, H, Dh);
      expectAll(got, { out: ref.out }, be, 10);
      await expectSavedProbs(be, 'kv.saved', ref.probs);
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
          const h: LossHyper = { objective, invTemp: 1 / 0.7, beta: 0.04, epsLow: 0.2, epsHigh: 0.28, entropyCoef: 0.05 };
          const refLogp = F(R, 6, 3);
          refLogp[R - 1] = 40; // d = ref - logp far past k3's clamp at KL_CLAMP
          const inputs = { logits, tg: ints(R, V, 2), w: Float32Array.from(randn(R, 3), (x) => (x > -0.3 ? x + 1 : 0)), adv: F(N, 4), old: F(R, 5, 3), ref: refLogp };
          const got = await runCase(be.ops, {
            inputs,
            outs: { lp: R, dl: R * V, stats: R * LOSS_STATS },
            run: (o, t) => {
              o.logprobs(t.logits, t.tg, t.lp, R, V, h.invTemp);
              o.tokenLoss(t.logits, t.tg, t.w, t.adv, t.old, t.ref, t.dl, t.stats, N, T, V, h);
            },
          }, 'loss.');
          const ref = tokenLoss64(logits, inputs.tg, inputs.w, inputs.adv, inputs.old, inputs.ref, N, T, V, h);
          expectAll(got, { lp: logprobs64(logits, inputs.tg, R, V, h.invTemp), dl: ref.dLogits, stats: ref.stats }, be, 10);
        }
    });

    it('GRPO loss clips at 1 - epsLow for negative and 1 + epsHigh for positive advantages (ratios 0.5 to 2)', async () => {
      const be = await make();
      const [N, T, V] = [2, RATIOS.length, 33];
      const R = N * T;
      const logits = F(R * V, 41, 2);
      const tg = ints(R, V, 42);
      const invTemp = 1 / 0.9;
      const lp = logprobs64(logits, tg, R, V, invTemp);
      const old = Float32Array.from(lp, (x, r) => x - Math.log(RATIOS[r % T]));
      const adv = Float32Array.from([1.3, -0.8]);
      for (const beta of [0, 0.1]) {
        const h: LossHyper = { objective: 'grpo', invTemp, beta, epsLow: 0.2, epsHigh: 0.28, entropyCoef: 0 };
        const inputs = { logits, tg, w: F(R, 43).map((x) => 0.5 + Math.abs(x)), adv, old, ref: Float32Array.from(lp, (x, r) => x + 0.3 * Math.sin(r)) };
        const ref = tokenLoss64(logits, tg, inputs.w, adv, old, inputs.ref, N, T, V, h);
        // the case exercises both bounds, and rows just inside each (1.22, 1.25 above; 0.85 below)
        expect(ref.branch.filter((b) => b === 'high').length).toBe(3);
        expect(ref.branch.filter((b) => b === 'low').length).toBe(3);
        const got = await runCase(be.ops, {
          inputs,
          outs: { dl: R * V, stats: R * LOSS_STATS },
          // as the policy calls it: no reference log-probs without a KL term
          run: (o, t) => o.tokenLoss(t.logits, t.tg, t.w, t.adv, t.old, beta ? t.ref : null, t.dl, t.stats, N, T, V, h),
        }, 'clip.');
        expectAll(got, { dl: ref.dLogits, stats: ref.stats }, be, 10);
      }
    });

    it('gradient norm and AdamW with clipping (n 1, 257, 4099, 65535)', async () => {
      const be = await make();
      for (const n of [1, 257, 4099, 65535])
        for (const gradClip of [0, 0.5, 1000]) { // off, below every norm here, above every norm here
          const inputs = { g: F(n, 1), p: F(n, 2), m: F(n, 3, 0.1), v: Float32Array.from(randn(n, 4), (x) => x * x) };
          const adam = { lr: 0.01, beta1: 0.9, beta2: 0.999, eps: 1e-8, weightDecay: 0.1, step: 3, gradClip };
          const got = await runCase(be.ops, {
            inputs,
            outs: { norm: 1, p: n, m: n, v: n },
            run: (o, t) => {
              o.gradNorm(t.g, n, t.norm);
              o.adamw(t.p, t.g, t.m, t.v, t.norm, n, adam);
            },
          }, 'adam.');
          const norm = gradNorm64(inputs.g);
          const ref = adamw64(inputs.p, inputs.g, inputs.m, inputs.v, norm, adam);
          expectAll(got, { norm: [norm], p: ref.p, m: ref.m, v: ref.v }, be, 10);
        }
    });

    it("sampling with temperature, top-p and a mask gives the twin's tokens (N 17, V 257)", async () => {
      const be = await make();
      const [N, V] = [17, 257];
      const mask = Float32Array.from(randn(N * V, 7), (x) => +(x > 0));
      mask.fill(0, 0, V); // row 0: nothing allowed
      const invTemp = 1 / 0.8;
      const logits = F(N * V, 1, 4);
      for (const topP of [1, 0.9, 0.3]) {
        const c: Case = {
          inputs: { logits, mask, u: Float32Array.from(randn(N, 2), (x) => (x + 1) / 2), tok: new Int32Array(N) },
          outs: { lp: N, ent: N },
          run: (o, t) => o.sample(t.logits, t.mask, t.u, t.tok, t.lp, t.ent, N, V, invTemp, topP),
        };
        const got = await runCase(be.ops, c, 'tok.');
        const ours = await be.ops.readI32(be.ops.i32('tok.tok', N), N);
        const twin = new CpuOps();
        await runCase(twin, c, 'tok.');
        const theirs = await twin.readI32(twin.i32('tok.tok', N), N);
        let same = 0;
        ours.forEach((x, i) => (same += +(x === theirs[i])));
        expect(same).toBeGreaterThanOrEqual(N - 1); // a uniform on a float boundary may differ
        ours.forEach((x, n) => n > 0 && expect(mask[n * V + x]).toBe(1));
        expect(ours[0]).toBe(0); // nothing allowed: token 0
        // logp is the token's log-probability under the unmasked distribution; entropy that of the one sampled from
        const entropyOf = (n: number) => -nucleus64(logits.subarray(n * V, (n + 1) * V), mask.subarray(n * V, (n + 1) * V), invTemp, topP).reduce((s, p) => s + (p > 0 ? p * Math.log(p) : 0), 0);
        expectAll(got, { lp: Float64Array.from(ours, (x, n) => logprobs64(logits.subarray(n * V, (n + 1) * V), [x], 1, V, invTemp)[0]), ent: Float64Array.from({ length: N }, (_, n) => (n === 0 ? 0 : entropyOf(n))) }, be, 10);
      }
    });

    it('sampling statistics: stratified uniforms reproduce the masked top-p distribution (V 61)', async () => {
      const be = await make();
      const [S, V] = [400, 61]; // S samples of one row, u = (i + 0.5) / S
      const row = F(V, 11, 3);
      const rowMask = Float32Array.from(randn(V, 12), (x) => +(x > -0.5));
      for (const [topP, masked] of [[1, false], [0.9, true], [0.5, false], [0.2, true]] as const) {
        const want = nucleus64(row, masked ? rowMask : null, 1 / 0.7, topP);
        const logits = new Float32Array(S * V);
        const mask = new Float32Array(S * V);
        for (let i = 0; i < S; i++) {
          logits.set(row, i * V);
          mask.set(rowMask, i * V);
        }
        await runCase(be.ops, {
          inputs: { logits, mask, u: Float32Array.from({ length: S }, (_, i) => (i + 0.5) / S), tok: new Int32Array(S) },
          outs: {},
          run: (o, t) => o.sample(t.logits, masked ? t.mask : null, t.u, t.tok, o.f32('stat.lp', S), o.f32('stat.ent', S), S, V, 1 / 0.7, topP),
        }, 'stat.');
        const tokens = await be.ops.readI32(be.ops.i32('stat.tok', S), S);
        const count = new Float64Array(V);
        for (const t of tokens) count[t]++;
        for (let v = 0; v < V; v++)
          if (Math.abs(count[v] / S - want[v]) > 1.01 / S) throw new Error(`${be.name} top-p ${topP}: token ${v} drawn ${count[v]} / ${S} times, expected ${(want[v] * S).toFixed(1)}`);
      }
    });
  });
}
