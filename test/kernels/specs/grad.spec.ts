// Finite-difference checks of every backward op on any backend (its own forward, float32, central differences):
// matmul with transposes and bias, layer norm, GELU, causal attention, the pointer-generator mixture, embedding, and
// the GRPO / CE token loss.
import { describe, expect, it } from 'vitest';
import { LOSS_STATS, POINTER_HEADS, pointerWidth, type AnyOps, type LossHyper, type MatmulOptions } from '../../../src/model/ops';
import { logprobs64 } from '../reference64';
import { randn, type Backend } from '../backends';

const f32 = (n: number, seed: number, s = 1) => Float32Array.from(randn(n, seed, s));

/** Upload host arrays to named tensors of ops; returns their handles by name. */
function upload(ops: AnyOps, arrays: Record<string, Float32Array | Int32Array>): Record<string, unknown> {
  const t: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(arrays)) {
    if (v instanceof Int32Array) ops.writeI32((t[k] = ops.i32(`fd.${k}`, v.length)), v);
    else ops.writeF32((t[k] = ops.f32(`fd.${k}`, v.length)), v);
  }
  return t;
}

/** A tensor filled with 7s: a backward op must overwrite (or, where it accumulates, add to) what it finds. */
function stale(ops: AnyOps, name: string, n: number): unknown {
  const t = ops.f32(name, n);
  ops.writeF32(t, new Float32Array(n).fill(7));
  return t;
}

/** Check d(sum(w * f(x)))/dx at every index of x against `analytic`. */
async function fdCheck(x: Float32Array, f: () => Promise<Float32Array>, w: ArrayLike<number>, analytic: ArrayLike<number>, what: string, eps = 1e-2, tol = 2e-2): Promise<void> {
  const obj = async () => {
    const y = await f();
    let s = 0;
    for (let i = 0; i < w.length; i++) s += w[i] * y[i];
    return s;
  };
  let worst = 0;
  for (let i = 0; i < x.length; i++) {
    const x0 = x[i];
    x[i] = x0 + eps;
    const up = await obj();
    x[i] = x0 - eps;
    const dn = await obj();
    x[i] = x0;
    const fd = (up - dn) / (2 * eps);
    const err = Math.abs(fd - analytic[i]) / Math.max(1e-2, Math.abs(fd), Math.abs(analytic[i]));
    worst = Math.max(worst, err);
    if (err > tol) throw new Error(`${what}[${i}]: finite difference ${fd}, backward ${analytic[i]}`);
  }
  expect(worst).toBeLessThanOrEqual(tol);
}

export function gradSpec(make: () => Promise<Backend>): void {
  describe('finite-difference gradients', () => {
    it('matmul with transposes and bias (17, 9, 5)', async () => {
      const { ops } = await make();
      const [M, K, N] = [17, 9, 5];
      const mm = async (a: Float32Array, b: Float32Array, rows: number, inner: number, cols: number, o: MatmulOptions, bias?: Float32Array) => {
        const t = upload(ops, { a, b, ...(bias ? { bias } : {}) });
        const c = ops.f32('fd.c', rows * cols);
        ops.matmul(t.a, t.b, c, rows, inner, cols, o, bias ? t.bias : undefined);
        return ops.readF32(c, rows * cols);
      };
      for (const [ta, tb] of [[false, false], [true, false], [false, true]]) {
        const a = f32(M * K, 1);
        const b = f32(K * N, 2);
        const bias = f32(N, 3);
        const w = f32(M * N, 4);
        const fwd = () => mm(a, b, M, K, N, { ta, tb }, bias);
        // dA = w · B^T (as stored), dB = A^T · w, dbias = colsum(w)
        const da = ta ? await mm(b, w, K, N, M, { ta: tb, tb: true }) : await mm(w, b, M, N, K, { tb: !tb });
        const db = tb ? await mm(w, a, N, M, K, { ta: true, tb: ta }) : await mm(a, w, K, M, N, { ta: !ta });
        const t = upload(ops, { w });
        const cs = stale(ops, 'fd.cs', N);
        ops.colSum(t.w, cs, M, N);
        const dbias = await ops.readF32(cs, N);
        await fdCheck(a, fwd, w, da, `dA ta=${ta} tb=${tb}`);
        await fdCheck(b, fwd, w, db, `dB ta=${ta} tb=${tb}`);
        await fdCheck(bias, fwd, w, dbias, 'dbias');
      }
    });

    it('layer norm (R 5, D 17)', async () => {
      const { ops } = await make();
      const [R, D] = [5, 17];
      const x = f32(R * D, 5, 2);
      const g = f32(D, 6);
      const b = f32(D, 7);
      const w = f32(R * D, 8);
      const fwd = async () => {
        const t = upload(ops, { x, g, b });
        const out = ops.f32('fd.out', R * D);
        ops.layerNorm(t.x, t.g, t.b, out, ops.f32('fd.mu', R), ops.f32('fd.rs', R), R, D);
        return ops.readF32(out, R * D);
      };
      await fwd();
      const t = upload(ops, { w });
      const [dx, dg, db] = [stale(ops, 'fd.dx', R * D), stale(ops, 'fd.dg', D), stale(ops, 'fd.db', D)];
      ops.layerNormBackward(t.w, ops.f32('fd.x', R * D), ops.f32('fd.g', D), ops.f32('fd.mu', R), ops.f32('fd.rs', R), dx, dg, db, R, D, false);
      const [gx, gg, gb] = [await ops.readF32(dx, R * D), await ops.readF32(dg, D), await ops.readF32(db, D)];
      await fdCheck(x, fwd, w, gx, 'dx', 1e-2, 3e-2);
      await fdCheck(g, fwd, w, gg, 'dg');
      await fdCheck(b, fwd, w, gb, 'db');
    });

    it('gelu (33)', async () => {
      const { ops } = await make();
      const x = f32(33, 9, 3);
      const w = f32(33, 10);
      const t = upload(ops, { x, w });
      const dx = stale(ops, 'fd.dx', 33);
      ops.geluBackward(t.x, t.w, dx, 33);
      const analytic = await ops.readF32(dx, 33);
      const fwd = async () => {
        const u = upload(ops, { x });
        const out = ops.f32('fd.out', 33);
        ops.gelu(u.x, out, 33);
        return ops.readF32(out, 33);
      };
      await fdCheck(x, fwd, w, analytic, 'dx', 1e-3);
    });

    it('causal attention with a padding mask (N 2, T 5, H 2, Dh 3)', async () => {
      const { ops } = await make();
      const [N, T, H, Dh] = [2, 5, 2, 3];
      const D = H * Dh;
      const qkv = f32(N * T * 3 * D, 11);
      const w = f32(N * T * D, 12);
      const fwd = async () => {
        const t = upload(ops, { qkv, qStart: new Int32Array(N), keyLen: Int32Array.from([5, 3]) });
        const out = ops.f32('fd.out', N * T * D);
        ops.attention(t.qkv, t.qkv, t.qStart, t.keyLen, out, ops.f32('fd.probs', N * H * T * T), N, T, T, H, Dh);
        return ops.readF32(out, N * T * D);
      };
      await fwd();
      const t = upload(ops, { w });
      const d = stale(ops, 'fd.d', N * T * 3 * D);
      ops.attentionBackward(ops.f32('fd.qkv', N * T * 3 * D), ops.f32('fd.probs', N * H * T * T), t.w, d, N, T, H, Dh);
      await fdCheck(qkv, fwd, w, await ops.readF32(d, N * T * 3 * D), 'dqkv');
    });

    it('pointer-generator mixture, two heads with masked keys and a padded row (N 2, T 5, Dp 3, V 7)', async () => {
      const { ops } = await make();
      const [N, T, Dp, V] = [2, 5, 3, 7];
      const W = pointerWidth(Dp);
      const qkv = f32(N * T * W, 21, 1.5);
      const logits = f32(N * T * V, 22, 2);
      const targets = Int32Array.from(randn(N * T * POINTER_HEADS, 23), (x) => Math.floor((x + 1) * 4.5) - 1); // -1 .. 7: some none, some past V
      const w = f32(N * T * V, 24);
      const scores = async () => {
        const t = upload(ops, { qkv, logits, targets, qStart: new Int32Array(N), keyLen: Int32Array.from([5, 3]) });
        const out = ops.f32('fd.out', N * T * V);
        ops.pointer(t.qkv, t.qkv, t.targets, t.qStart, t.keyLen, t.logits, out, ops.f32('fd.probs', N * POINTER_HEADS * T * T), N, T, T, Dp, V);
        return ops.readF32(out, N * T * V);
      };
      await scores();
      const t = upload(ops, { w });
      const [dLogits, dq] = [stale(ops, 'fd.dlogits', N * T * V), stale(ops, 'fd.dq', N * T * W)];
      ops.pointerBackward(ops.f32('fd.qkv', N * T * W), ops.f32('fd.probs', N * POINTER_HEADS * T * T), ops.i32('fd.targets', N * T * POINTER_HEADS), ops.f32('fd.logits', N * T * V), t.w, dLogits, dq, N, T, Dp, V);
      await fdCheck(qkv, scores, w, await ops.readF32(dq, N * T * W), 'dq (queries, keys, gates)', 1e-2, 3e-2);
      await fdCheck(logits, scores, w, await ops.readF32(dLogits, N * T * V), 'dLogits', 1e-2, 3e-2);
    });

    it('embedding (R 6, D 4)', async () => {
      const { ops } = await make();
      const [V, P, R, D] = [5, 4, 6, 4];
      const tokens = Int32Array.from([0, 3, 3, 1, 4, 3]);
      const pos = Int32Array.from([0, 1, 2, 3, 0, 1]);
      const wte = f32(V * D, 13);
      const wpe = f32(P * D, 14);
      const w = f32(R * D, 15);
      const fwd = async () => {
        const t = upload(ops, { tokens, pos, wte, wpe });
        const out = ops.f32('fd.out', R * D);
        ops.embedding(t.tokens, t.pos, t.wte, t.wpe, out, R, D);
        return ops.readF32(out, R * D);
      };
      const t = upload(ops, { tokens, pos, w, dte: new Float32Array(V * D) });
      const dpe = stale(ops, 'fd.dpe', P * D);
      ops.embeddingBackward(t.tokens, t.pos, t.w, t.dte, dpe, R, D, V, P);
      const [gte, gpe] = [await ops.readF32(t.dte, V * D), await ops.readF32(dpe, P * D)];
      await fdCheck(wte, fwd, w, gte, 'dWte');
      await fdCheck(wpe, fwd, w, gpe, 'dWpe');
    });

    for (const objective of ['grpo', 'ce'] as const)
      it(`${objective} token loss (N 2, T 3, V 7) with clipping, k3 (one row past its clamp) and an entropy bonus`, async () => {
        const { ops } = await make();
        const [N, T, V] = [2, 3, 7];
        const R = N * T;
        const logits = f32(R * V, 16, 3);
        const targets = Int32Array.from([1, 4, 6, 0, 2, 2]);
        const weight = Float32Array.from([0.5, 1, 0, 0.25, 1, 2]);
        const adv = Float32Array.from([1.5, -0.7]);
        // old log-probs near the current ones so some ratios sit inside and some outside the clip range
        const old = Float32Array.from(logprobs64(logits, targets, R, V, 0.8), (x, i) => x + (i % 3) * 0.15 - 0.15);
        const ref = Float32Array.from(old, (x, i) => x - 0.1 * i);
        ref[4] = old[4] + 4; // k3 = e^d - d - 1 > KL_CLAMP there: its KL gradient is 0
        const h: LossHyper = { objective, invTemp: 1 / 0.8, beta: 0.3, epsLow: 0.1, epsHigh: 0.2, entropyCoef: 0.4 };
        const run = async () => {
          const t = upload(ops, { logits, targets, weight, adv, old, ref });
          const [dl, stats] = [stale(ops, 'fd.dl', R * V), stale(ops, 'fd.stats', R * LOSS_STATS)];
          ops.tokenLoss(t.logits, t.targets, t.weight, t.adv, t.old, t.ref, dl, stats, N, T, V, h);
          return { dl: await ops.readF32(dl, R * V), stats: await ops.readF32(stats, R * LOSS_STATS) };
        };
        const loss = async () => {
          const { stats } = await run();
          return Float32Array.from({ length: R }, (_, r) => stats[r * LOSS_STATS]);
        };
        await fdCheck(logits, loss, new Float32Array(R).fill(1), (await run()).dl, 'dLogits', objective === 'ce' ? 1e-2 : 1e-3, 3e-2);
      });
  });
}
