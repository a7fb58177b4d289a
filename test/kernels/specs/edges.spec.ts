// Edge cases the kernel mutation pass (scripts/kernel-mutants.mjs) found unguarded, run on any backend against float64
// references only (reference64.ts, backward64.ts), never against the twin: embedding backward adding into dWte,
// layer norm backward accumulating, attention scores far past exp's range, matmuls whose rows end in a 1-3 row tail,
// the row maximum in a row's last (V mod 4) logits, a masked-out logit far above the allowed ones, pointer decode rows
// whose position is not their row index, a nucleus boundary between two tokens 2^-29 apart (the top-p threshold must
// be found to 2^-32).
import { describe, expect, it } from 'vitest';
import { LOSS_STATS, POINTER_HEADS, pointerWidth, type LossHyper } from '../../../src/model/ops';
import { expectClose, type Backend } from '../backends';
import { attentionBackward64, embeddingBackward64, layerNormBackward64 } from '../backward64';
import { attention64, logprobs64, matmul64, nucleus64, tokenLoss64 } from '../reference64';
import { pointerMixture64 } from '../pointer64';
import { F, expectAll, ints, runCase } from './ops.spec';
import { targetsOf } from './pointer.spec';

/** Integers in [-k, k]: products and their sums are exact in f32, so scores far past exp's range stay comparable. */
const wholes = (n: number, k: number, seed: number) => Float32Array.from(ints(n, 2 * k + 1, seed), (x) => x - k);

export function edgeSpec(make: () => Promise<Backend>): void {
  describe('edge cases of the mutation pass', () => {
    it('embedding backward adds into dWte (the tied head has written there) and overwrites dWpe; repeated tokens (R 19, D 6)', async () => {
      const be = await make();
      const [R, D, V, P] = [19, 6, 5, 7];
      const inputs = { tok: ints(R, V, 31), pos: ints(R, P, 32), dOut: F(R * D, 33), dWte: F(V * D, 34) };
      const got = await runCase(be.ops, {
        inputs,
        outs: { dWte: V * D, dWpe: P * D }, // dWpe starts as 7s
        run: (o, t) => o.embeddingBackward(t.tok, t.pos, t.dOut, t.dWte, t.dWpe, R, D, V, P),
      }, 'edge.emb.');
      const want = embeddingBackward64(inputs.tok, inputs.pos, inputs.dOut, inputs.dWte, R, D, P);
      expectAll(got, { dWte: want.dWte, dWpe: want.dWpe }, be, 1);
    });

    it('layer norm backward overwrites or accumulates dx as asked (R 3, 7; D 7, 33)', async () => {
      const be = await make();
      for (const [R, D] of [[3, 7], [7, 33]])
        for (const acc of [false, true]) {
          const inputs = { x: F(R * D, 41, 3), g: F(D, 42), b: F(D, 43), dOut: F(R * D, 44), dx: F(R * D, 45) };
          const got = await runCase(be.ops, {
            inputs,
            outs: { dx: R * D, dg: D, db: D },
            run: (o, t) => {
              const [mu, rs] = [o.f32('edge.ln.mu', R), o.f32('edge.ln.rs', R)];
              o.layerNorm(t.x, t.g, t.b, o.f32('edge.ln.out', R * D), mu, rs, R, D);
              o.layerNormBackward(t.dOut, t.x, t.g, mu, rs, t.dx, t.dg, t.db, R, D, acc);
            },
          }, 'edge.ln.');
          const want = layerNormBackward64(inputs.dOut, inputs.x, inputs.g, R, D, acc ? inputs.dx : null);
          expectAll(got, { dx: want.dx, dg: want.dg, db: want.db }, be, 10);
        }
    });

    it('attention whose scores reach 100 and more: softmax shifted by the row max; forward and backward (N 2, T 7, H 2, Dh 3, 8)', async () => {
      const be = await make();
      for (const Dh of [3, 8]) {
        const [N, T, H] = [2, 7, 2];
        const D = H * Dh;
        const qkv = wholes(N * T * 3 * D, 12, Dh); // |q . k| up to 144 Dh
        const keyLen = Int32Array.from([7, 4]);
        let top = 0; // the largest score a query sees
        for (let n = 0; n < N; n++) for (let i = 0; i < T; i++) for (let j = 0; j <= i && j < keyLen[n]; j++) for (let h = 0; h < H; h++) {
          let s = 0;
          for (let d = 0; d < Dh; d++) s += qkv[(n * T + i) * 3 * D + h * Dh + d] * qkv[(n * T + j) * 3 * D + D + h * Dh + d];
          top = Math.max(top, s / Math.sqrt(Dh));
        }
        expect(top).toBeGreaterThan(100); // e^100 overflows f32: only a shifted softmax survives it
        const inputs = { qkv, q0: new Int32Array(N), len: keyLen, dOut: F(N * T * D, 51) };
        const got = await runCase(be.ops, {
          inputs,
          outs: { out: N * T * D, dqkv: N * T * 3 * D },
          run: (o, t) => {
            const saved = o.f32('edge.att.saved', o.attentionSavedSize?.(N, H, T, T) ?? N * H * T * T);
            o.attention(t.qkv, t.qkv, t.q0, t.len, t.out, saved, N, T, T, H, Dh);
            o.attentionBackward(t.qkv, saved, t.dOut, t.dqkv, N, T, H, Dh);
          },
        }, 'edge.att.');
        const want = { out: attention64(qkv, qkv, inputs.q0, keyLen, N, T, T, H, Dh).out, dqkv: attentionBackward64(qkv, keyLen, inputs.dOut, N, T, H, Dh) };
        expectAll(got, want, be, 10);
      }
    });

    it('matmul with 2, 3, 6 and 7 rows (blocks of 4 rows and their tails), transposes, bias and accumulation (N 5, 13)', async () => {
      const be = await make();
      for (const M of [2, 3, 6, 7])
        for (const N of [5, 13])
          for (const [ta, tb] of [[false, false], [true, false], [false, true], [true, true]]) {
            const K = 9;
            const inputs = { a: F(M * K, M), b: F(K * N, N), bias: F(N, 3), c: F(M * N, 4) };
            const got = await runCase(be.ops, {
              inputs,
              outs: { c: M * N },
              run: (o, t) => o.matmul(t.a, t.b, t.c, M, K, N, { ta, tb, acc: true }, t.bias),
            }, 'edge.mm.');
            expectAll(got, { c: matmul64(inputs.a, inputs.b, M, K, N, ta, tb, inputs.bias, inputs.c) }, { ...be, name: `${be.name} M ${M} N ${N} ta ${ta} tb ${tb}` }, 3);
          }
    });

    it("log-probs, token loss and sampling with the row's maximum in its last V mod 4 logits (V 257, 259)", async () => {
      const be = await make();
      for (const V of [257, 259]) {
        const [N, T] = [2, 3];
        const R = N * T;
        const logits = F(R * V, V, 3);
        for (let r = 0; r < R; r++) logits[r * V + V - 1 - (r % 2)] = 90 + r; // e^(90 * invTemp) overflows f32
        const tg = Int32Array.from({ length: R }, (_, r) => (r % 3 === 0 ? V - 1 : r));
        const h: LossHyper = { objective: 'grpo', invTemp: 1 / 0.8, beta: 0.04, epsLow: 0.2, epsHigh: 0.28, entropyCoef: 0.05 };
        const lp = logprobs64(logits, tg, R, V, h.invTemp);
        const inputs = { logits, tg, w: F(R, 61).map((x) => 0.5 + Math.abs(x)), adv: Float32Array.from([1.1, -0.6]), old: Float32Array.from(lp, (x, r) => x + 0.1 * Math.sin(r)), ref: Float32Array.from(lp, (x, r) => x - 0.2 * Math.cos(r)), u: Float32Array.from({ length: R }, (_, r) => (r + 0.5) / R) };
        const got = await runCase(be.ops, {
          inputs,
          outs: { lp: R, dl: R * V, stats: R * LOSS_STATS, slp: R },
          run: (o, t) => {
            o.logprobs(t.logits, t.tg, t.lp, R, V, h.invTemp);
            o.tokenLoss(t.logits, t.tg, t.w, t.adv, t.old, t.ref, t.dl, t.stats, N, T, V, h);
            o.sample(t.logits, null, t.u, o.i32('edge.tail.tok', R), t.slp, o.f32('edge.tail.ent', R), R, V, h.invTemp, 1);
          },
        }, 'edge.tail.');
        const ref = tokenLoss64(logits, tg, inputs.w, inputs.adv, inputs.old, inputs.ref, N, T, V, h);
        const tokens = await be.ops.readI32(be.ops.i32('edge.tail.tok', R), R);
        tokens.forEach((t, r) => expect(t, `row ${r}`).toBe(V - 1 - (r % 2))); // the huge logit holds all the mass
        expectAll(got, { lp, dl: ref.dLogits, stats: ref.stats, slp: logprobs64(logits, tokens, R, V, h.invTemp) }, be, 10);
      }
    });

    it('pointer decode rows: query i of row n sits at qStart[n] + i and sees the keys up to there (N 3, Tq 1, 2; Tk 17)', async () => {
      const be = await make();
      const [N, Tk, Dp, V] = [3, 17, 5, 33];
      const W = pointerWidth(Dp);
      for (const Tq of [1, 2]) {
        const inputs = { q: F(N * Tq * W, 91, 1.5), kv: F(N * Tk * W, 92, 1.5), targets: targetsOf(N, Tk, V, 93), q0: Int32Array.from([0, 7, 16 - Tq + 1]), len: Int32Array.from([Tk, Tk, 9]), logits: F(N * Tq * V, 94, 3) };
        const got = await runCase(be.ops, {
          inputs,
          outs: { out: N * Tq * V },
          run: (o, t) => o.pointer(t.q, t.kv, t.targets, t.q0, t.len, t.logits, t.out, o.f32('edge.ptr.probs', N * POINTER_HEADS * Tq * Tk), N, Tq, Tk, Dp, V),
        }, 'edge.ptr.');
        const want = new Float64Array(N * Tq * V);
        for (let n = 0; n < N; n++)
          for (let i = 0; i < Tq; i++) want.set(pointerMixture64(inputs.q, inputs.kv, inputs.targets, inputs.q0, inputs.len, inputs.logits, n, i, Tq, Tk, Dp, V).map(Math.log), (n * Tq + i) * V);
        expectAll(got, { out: want }, be, 10);
      }
    });

    it('top-p threshold to 2^-32: the nucleus boundary falls between two tokens whose q differ by about 2^-29 (N 16, V 3)', async () => {
      const be = await make();
      const N = 16;
      // token 0: q = 1; token 1: q1 near 2^-10; token 2: its logit 4 f32 steps lower (q smaller by about 2^-29)
      const logits = new Float32Array(N * 3);
      for (let n = 0; n < N; n++) {
        const l1 = Math.fround(-10 * Math.LN2 + n * 0.003);
        const bits = new Float32Array([l1]);
        new Int32Array(bits.buffer)[0] += 4; // l1 < 0: a larger bit pattern is a more negative float
        logits.set([0, l1, bits[0]], n * 3);
      }
      const topP = Math.fround(1 - 1.5 * 2 ** -10); // between the mass of token 0 alone and that of tokens 0 and 1
      const got = await runCase(be.ops, {
        inputs: { logits, u: new Float32Array(N).fill(0.5) },
        outs: { ent: N },
        run: (o, t) => o.sample(t.logits, null, t.u, o.i32('edge.topp.tok', N), o.f32('edge.topp.lp', N), t.ent, N, 3, 1, topP),
      }, 'edge.topp.');
      const want = Float64Array.from({ length: N }, (_, n) => {
        const dist = nucleus64(logits.subarray(n * 3, n * 3 + 3), null, 1, topP);
        expect(dist[2], `row ${n}: token 2 is outside the nucleus`).toBe(0);
        return -dist.reduce((s, p) => s + (p > 0 ? p * Math.log(p) : 0), 0);
      });
      expectClose(got.ent, want, { rtol: be.rtol * 10, atol: be.atol * 10 }, `${be.name} entropy`);
    });

    it('sampling when a masked-out logit is far above every allowed one (N 6, V 37)', async () => {
      const be = await make();
      const [N, V] = [6, 37];
      const logits = F(N * V, 71, 2);
      const mask = Float32Array.from(F(N * V, 72), (x) => +(x > -0.4));
      for (let n = 0; n < N; n++) {
        logits[n * V + 5] = 150; // masked out, e^(150 - 2) past f32
        mask[n * V + 5] = 0;
      }
      for (const topP of [1, 0.8]) {
        const inputs = { logits, mask, u: Float32Array.from({ length: N }, (_, n) => (n + 0.5) / N) };
        const got = await runCase(be.ops, {
          inputs,
          outs: { ent: N },
          run: (o, t) => o.sample(t.logits, t.mask, t.u, o.i32('edge.mask.tok', N), o.f32('edge.mask.lp', N), t.ent, N, V, 1, topP),
        }, 'edge.mask.');
        const tokens = await be.ops.readI32(be.ops.i32('edge.mask.tok', N), N);
        const dist = (n: number) => nucleus64(logits.subarray(n * V, (n + 1) * V), mask.subarray(n * V, (n + 1) * V), 1, topP);
        tokens.forEach((t, n) => expect(dist(n)[t], `row ${n} token ${t}`).toBeGreaterThan(0));
        const entropy = Float64Array.from({ length: N }, (_, n) => -dist(n).reduce((s, p) => s + (p > 0 ? p * Math.log(p) : 0), 0));
        expectClose(got.ent, entropy, { rtol: be.rtol * 10, atol: be.atol * 10 }, `${be.name} top-p ${topP} entropy`);
      }
    });
  });
}
