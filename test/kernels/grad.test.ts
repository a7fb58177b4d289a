// Finite-difference checks of every backward op of the CPU twin (float32 maths, central differences).
import { describe, expect, it } from 'vitest';
import { CpuOps } from '../../src/cpu/ops';
import { LOSS_STATS, POINTER_HEADS, pointerWidth } from '../../src/model/ops';
import { randn } from './backends';

const ops = new CpuOps();
const f32 = (n: number, seed: number, s = 1) => Float32Array.from(randn(n, seed, s));

/** Check d(sum(w * f(x)))/dx at every index of x (or the first `limit`) against `analytic`. */
function fdCheck(x: Float32Array, f: () => Float32Array, w: Float32Array, analytic: Float32Array, what: string, eps = 1e-2, tol = 2e-2): void {
  const obj = () => {
    const y = f();
    let s = 0;
    for (let i = 0; i < w.length; i++) s += w[i] * y[i];
    return s;
  };
  let worst = 0;
  for (let i = 0; i < x.length; i++) {
    const x0 = x[i];
    x[i] = x0 + eps;
    const up = obj();
    x[i] = x0 - eps;
    const dn = obj();
    x[i] = x0;
    const fd = (up - dn) / (2 * eps);
    const err = Math.abs(fd - analytic[i]) / Math.max(1e-2, Math.abs(fd), Math.abs(analytic[i]));
    worst = Math.max(worst, err);
    if (err > tol) throw new Error(`${what}[${i}]: finite difference ${fd}, backward ${analytic[i]}`);
  }
  expect(worst).toBeLessThanOrEqual(tol);
}

describe('finite-difference gradients of the CPU twin', () => {
  it('matmul with transposes and bias (17, 9, 5)', () => {
    const [M, K, N] = [17, 9, 5];
    for (const [ta, tb] of [[false, false], [true, false], [false, true]]) {
      const a = f32(M * K, 1);
      const b = f32(K * N, 2);
      const bias = f32(N, 3);
      const w = f32(M * N, 4);
      const c = new Float32Array(M * N);
      const fwd = () => (ops.matmul(a, b, c, M, K, N, { ta, tb }, bias), c);
      // dA = w · B^T (as stored), dB = A^T · w, dbias = colsum(w)
      const da = new Float32Array(M * K);
      if (ta) ops.matmul(b, w, da, K, N, M, { ta: tb, tb: true }); // dA stored (K, M) = B · w^T
      else ops.matmul(w, b, da, M, N, K, { tb: !tb });
      const db = new Float32Array(K * N);
      if (tb) ops.matmul(w, a, db, N, M, K, { ta: true, tb: ta }); // dB stored (N, K) = w^T · A
      else ops.matmul(a, w, db, K, M, N, { ta: !ta });
      const dbias = new Float32Array(N);
      ops.colSum(w, dbias, M, N);
      fdCheck(a, fwd, w, da, `dA ta=${ta} tb=${tb}`);
      fdCheck(b, fwd, w, db, `dB ta=${ta} tb=${tb}`);
      fdCheck(bias, fwd, w, dbias, 'dbias');
    }
  });

  it('layer norm (R 5, D 17)', () => {
    const [R, D] = [5, 17];
    const x = f32(R * D, 5, 2);
    const g = f32(D, 6);
    const b = f32(D, 7);
    const w = f32(R * D, 8);
    const out = new Float32Array(R * D);
    const mu = new Float32Array(R);
    const rs = new Float32Array(R);
    const fwd = () => (ops.layerNorm(x, g, b, out, mu, rs, R, D), out);
    fwd();
    const dx = new Float32Array(R * D);
    const dg = new Float32Array(D);
    const db = new Float32Array(D);
    ops.layerNormBackward(w, x, g, mu, rs, dx, dg, db, R, D, false);
    fdCheck(x, fwd, w, dx, 'dx', 1e-2, 3e-2);
    fdCheck(g, fwd, w, dg, 'dg');
    fdCheck(b, fwd, w, db, 'db');
  });

  it('gelu (33)', () => {
    const x = f32(33, 9, 3);
    const w = f32(33, 10);
    const out = new Float32Array(33);
    const dx = new Float32Array(33);
    ops.geluBackward(x, w, dx, 33);
    fdCheck(x, () => (ops.gelu(x, out, 33), out), w, dx, 'dx', 1e-3);
  });

  it('causal attention with a padding mask (N 2, T 5, H 2, Dh 3)', () => {
    const [N, T, H, Dh] = [2, 5, 2, 3];
    const D = H * Dh;
    const qkv = f32(N * T * 3 * D, 11);
    const w = f32(N * T * D, 12);
    const out = new Float32Array(N * T * D);
    const probs = new Float32Array(N * H * T * T);
    const qStart = new Int32Array(N);
    const keyLen = Int32Array.from([5, 3]);
    const fwd = () => (ops.attention(qkv, qkv, qStart, keyLen, out, probs, N, T, T, H, Dh), out);
    fwd();
    const d = new Float32Array(N * T * 3 * D);
    ops.attentionBackward(qkv, probs, w, d, N, T, H, Dh);
    fdCheck(qkv, fwd, w, d, 'dqkv');
  });

  it('pointer-generator mixture, two heads with masked keys and a padded row (N 2, T 5, Dp 3, V 7)', () => {
    const [N, T, Dp, V] = [2, 5, 3, 7];
    const W = pointerWidth(Dp);
    const qkv = f32(N * T * W, 21, 1.5);
    const logits = f32(N * T * V, 22, 2);
    const targets = Int32Array.from(randn(N * T * POINTER_HEADS, 23), (x) => Math.floor((x + 1) * 4.5) - 1); // -1 .. 7: some none, some past V
    const keyLen = Int32Array.from([5, 3]);
    const w = f32(N * T * V, 24);
    const out = new Float32Array(N * T * V);
    const probs = new Float32Array(N * POINTER_HEADS * T * T);
    const fwd = () => (ops.pointer(qkv, qkv, targets, new Int32Array(N), keyLen, logits, out, probs, N, T, T, Dp, V), out);
    fwd();
    const dLogits = new Float32Array(N * T * V);
    const dq = new Float32Array(N * T * W);
    ops.pointerBackward(qkv, probs, targets, logits, w, dLogits, dq, N, T, Dp, V);
    fdCheck(qkv, fwd, w, dq, 'dq (queries, keys, gates)', 1e-2, 3e-2);
    fdCheck(logits, fwd, w, dLogits, 'dLogits', 1e-2, 3e-2);
  });

  it('embedding (R 6, D 4)', () => {
    const [V, P, R, D] = [5, 4, 6, 4];
    const tokens = Int32Array.from([0, 3, 3, 1, 4, 3]);
    const pos = Int32Array.from([0, 1, 2, 3, 0, 1]);
    const wte = f32(V * D, 13);
    const wpe = f32(P * D, 14);
    const w = f32(R * D, 15);
    const out = new Float32Array(R * D);
    const fwd = () => (ops.embedding(tokens, pos, wte, wpe, out, R, D), out);
    const dte = new Float32Array(V * D);
    const dpe = new Float32Array(P * D);
    ops.embeddingBackward(tokens, pos, w, dte, dpe, R, D, V, P);
    fdCheck(wte, fwd, w, dte, 'dWte');
    fdCheck(wpe, fwd, w, dpe, 'dWpe');
  });

  for (const objective of ['grpo', 'ce'] as const)
    it(`${objective} token loss (N 2, T 3, V 7) with clipping and k3`, () => {
      const [N, T, V] = [2, 3, 7];
      const R = N * T;
      const logits = f32(R * V, 16, 3);
      const targets = Int32Array.from([1, 4, 6, 0, 2, 2]);
      const weight = Float32Array.from([0.5, 1, 0, 0.25, 1, 2]);
      const adv = Float32Array.from([1.5, -0.7]);
      // old log-probs near the current ones so some ratios sit inside and some outside the clip range
      const old = new Float32Array(R);
      ops.logprobs(logits, targets, old, R, V, 0.8);
      old.forEach((x, i) => (old[i] = x + (i % 3) * 0.15 - 0.15));
      const ref = Float32Array.from(old, (x, i) => x - 0.1 * i);
      const h = { objective, invTemp: 1 / 0.8, beta: 0.3, epsLow: 0.1, epsHigh: 0.2 };
      const dl = new Float32Array(R * V);
      const stats = new Float32Array(R * LOSS_STATS);
      const loss = () => {
        ops.tokenLoss(logits, targets, weight, adv, old, ref, new Float32Array(R * V), stats, N, T, V, h);
        return Float32Array.from({ length: R }, (_, r) => stats[r * LOSS_STATS]);
      };
      ops.tokenLoss(logits, targets, weight, adv, old, ref, dl, stats, N, T, V, h);
      fdCheck(logits, loss, new Float32Array(R).fill(1), dl, 'dLogits', objective === 'ce' ? 1e-2 : 1e-3, 3e-2);
    });
});
