// Float64 references of the backward ops, written from the chain rule and not from any backend: layer norm, causal
// attention and the embedding lookup. The kernel specs check the twin's backward ops against these (comparing the twin
// with itself proves nothing), and every other backend too.
import { attention64, layerNorm64 } from './reference64';

type Nums = ArrayLike<number>;

/**
 * Layer norm backward over rows of D: with xhat = (x - mean) rstd and dxhat = dOut g,
 * dx = rstd (dxhat - mean(dxhat) - xhat mean(dxhat xhat)) (+ dx0 when given); dg = sum over rows of dOut xhat; db = of dOut.
 */
export function layerNormBackward64(dOut: Nums, x: Nums, g: Nums, R: number, D: number, dx0: Nums | null) {
  const { mean, rstd } = layerNorm64(x, g, g, R, D);
  const dx = new Float64Array(R * D);
  const dg = new Float64Array(D);
  const db = new Float64Array(D);
  for (let r = 0; r < R; r++) {
    const xhat = Array.from({ length: D }, (_, d) => (x[r * D + d] - mean[r]) * rstd[r]);
    const dxhat = Array.from({ length: D }, (_, d) => dOut[r * D + d] * g[d]);
    const m1 = dxhat.reduce((s, v) => s + v, 0) / D;
    const m2 = dxhat.reduce((s, v, d) => s + v * xhat[d], 0) / D;
    for (let d = 0; d < D; d++) {
      dx[r * D + d] = rstd[r] * (dxhat[d] - m1 - xhat[d] * m2) + (dx0 ? dx0[r * D + d] : 0);
      dg[d] += dOut[r * D + d] * xhat[d];
      db[d] += dOut[r * D + d];
    }
  }
  return { dx, dg, db };
}

/**
 * Backward of self-attention over packed (q | k | v) rows (N, T, 3D), queries at positions 0..T-1, keys j <= i and
 * j < keyLen[n]: with P the probabilities and S = q k / sqrt(Dh), dV_j = sum_i P_ij dOut_i, dP_ij = dOut_i . v_j,
 * dS_ij = P_ij (dP_ij - sum_j' P_ij' dP_ij'), dq_i = sum_j dS_ij k_j / sqrt(Dh), dk_j = sum_i dS_ij q_i / sqrt(Dh).
 */
export function attentionBackward64(qkv: Nums, keyLen: Nums, dOut: Nums, N: number, T: number, H: number, Dh: number): Float64Array {
  const D = H * Dh;
  const W = 3 * D;
  const { probs } = attention64(qkv, qkv, new Array<number>(N).fill(0), keyLen, N, T, T, H, Dh);
  const dqkv = new Float64Array(N * T * W);
  const scale = 1 / Math.sqrt(Dh);
  const at = (n: number, t: number, part: number, h: number, d: number) => (n * T + t) * W + part * D + h * Dh + d;
  for (let n = 0; n < N; n++)
    for (let h = 0; h < H; h++)
      for (let i = 0; i < T; i++) {
        const p = (j: number) => probs[((n * H + h) * T + i) * T + j];
        const dP = Array.from({ length: T }, (_, j) => {
          let s = 0;
          for (let d = 0; d < Dh; d++) s += dOut[(n * T + i) * D + h * Dh + d] * qkv[at(n, j, 2, h, d)];
          return s;
        });
        const dot = dP.reduce((s, v, j) => s + p(j) * v, 0);
        for (let j = 0; j < T; j++) {
          if (p(j) === 0) continue;
          const dS = p(j) * (dP[j] - dot) * scale;
          for (let d = 0; d < Dh; d++) {
            dqkv[at(n, j, 2, h, d)] += p(j) * dOut[(n * T + i) * D + h * Dh + d];
            dqkv[at(n, i, 0, h, d)] += dS * qkv[at(n, j, 1, h, d)];
            dqkv[at(n, j, 1, h, d)] += dS * qkv[at(n, i, 0, h, d)];
          }
        }
      }
  return dqkv;
}

/** dWte (V, D) = dWte0 + dOut's rows added by token; dWpe (P, D) = dOut's rows added by position. */
export function embeddingBackward64(tokens: Nums, pos: Nums, dOut: Nums, dWte0: Nums, R: number, D: number, P: number) {
  const dWte = Float64Array.from(dWte0);
  const dWpe = new Float64Array(P * D);
  for (let r = 0; r < R; r++)
    for (let d = 0; d < D; d++) {
      dWte[tokens[r] * D + d] += dOut[r * D + d];
      dWpe[pos[r] * D + d] += dOut[r * D + d];
    }
  return { dWte, dWpe };
}
