// Float64 references of every forward kernel, written from the maths and not from any backend: matmul, layer norm,
// GELU, causal attention, log-softmax, the GRPO / CE token loss (with its gradient), gradient norm, AdamW and the
// masked top-p sampling distribution. Every backend, the TypeScript twin included, is checked against these.
import { KL_CLAMP, LOSS_STATS, type AdamHyper, type LossHyper } from '../../src/model/ops';

type Nums = ArrayLike<number>;

/** op(A) · op(B) + bias + c0, A (M, K) or stored (K, M) when ta, B (K, N) or stored (N, K) when tb. */
export function matmul64(a: Nums, b: Nums, M: number, K: number, N: number, ta: boolean, tb: boolean, bias: Nums | null, c0: Nums | null): Float64Array {
  const c = new Float64Array(M * N);
  for (let m = 0; m < M; m++)
    for (let n = 0; n < N; n++) {
      let s = (bias ? bias[n] : 0) + (c0 ? c0[m * N + n] : 0);
      for (let k = 0; k < K; k++) s += (ta ? a[k * M + m] : a[m * K + k]) * (tb ? b[n * K + k] : b[k * N + n]);
      c[m * N + n] = s;
    }
  return c;
}

/** Layer norm over rows of D with eps 1e-5 (biased variance). */
export function layerNorm64(x: Nums, g: Nums, b: Nums, R: number, D: number) {
  const out = new Float64Array(R * D);
  const mean = new Float64Array(R);
  const rstd = new Float64Array(R);
  for (let r = 0; r < R; r++) {
    let mu = 0;
    for (let d = 0; d < D; d++) mu += x[r * D + d] / D;
    let v = 0;
    for (let d = 0; d < D; d++) v += (x[r * D + d] - mu) ** 2 / D;
    mean[r] = mu;
    rstd[r] = 1 / Math.sqrt(v + 1e-5);
    for (let d = 0; d < D; d++) out[r * D + d] = (x[r * D + d] - mu) * rstd[r] * g[d] + b[d];
  }
  return { out, mean, rstd };
}

/** GELU, tanh form: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))). */
export function gelu64(x: Nums): Float64Array {
  return Float64Array.from(x, (v) => 0.5 * v * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (v + 0.044715 * v ** 3))));
}

/** log softmax(z)[t] for one row z. */
function logSoftmaxAt(z: readonly number[], t: number): number {
  const mx = Math.max(...z);
  let s = 0;
  for (const x of z) s += Math.exp(x - mx);
  return z[t] - mx - Math.log(s);
}

/** Row r of logits (R, V) times invTemp, as plain numbers. */
function scaledRow(logits: Nums, r: number, V: number, invTemp: number): number[] {
  return Array.from({ length: V }, (_, v) => logits[r * V + v] * invTemp);
}

/**
 * Causal attention over packed (q | k | v) rows: query i of row n (position qStart[n] + i) attends to keys
 * j <= its position with j < keyLen[n], softmax of q·k / sqrt(Dh); no key: output 0. out (N, Tq, D); probs (N, H, Tq, Tk).
 */
export function attention64(q: Nums, kv: Nums, qStart: Nums, keyLen: Nums, N: number, Tq: number, Tk: number, H: number, Dh: number) {
  const D = H * Dh;
  const out = new Float64Array(N * Tq * D);
  const probs = new Float64Array(N * H * Tq * Tk);
  for (let n = 0; n < N; n++)
    for (let h = 0; h < H; h++)
      for (let i = 0; i < Tq; i++) {
        const keys: number[] = [];
        for (let j = 0; j < Tk; j++) if (j <= qStart[n] + i && j < keyLen[n]) keys.push(j);
        if (keys.length === 0) continue;
        const s = keys.map((j) => {
          let dot = 0;
          for (let d = 0; d < Dh; d++) dot += q[(n * Tq + i) * 3 * D + h * Dh + d] * kv[(n * Tk + j) * 3 * D + D + h * Dh + d];
          return dot / Math.sqrt(Dh);
        });
        keys.forEach((j, idx) => {
          const p = Math.exp(logSoftmaxAt(s, idx));
          probs[((n * H + h) * Tq + i) * Tk + j] = p;
          for (let d = 0; d < Dh; d++) out[(n * Tq + i) * D + h * Dh + d] += p * kv[(n * Tk + j) * 3 * D + 2 * D + h * Dh + d];
        });
      }
  return { out, probs };
}

/** log softmax(logits[r] * invTemp)[targets[r]] per row. */
export function logprobs64(logits: Nums, targets: Nums, R: number, V: number, invTemp: number): Float64Array {
  return Float64Array.from({ length: R }, (_, r) => logSoftmaxAt(scaledRow(logits, r, V, invTemp), targets[r]));
}

/** Which branch of the clipped objective each GRPO row took: 'low' / 'high' when the clip bound was active. */
export type ClipBranch = 'none' | 'low' | 'high' | 'ce' | 'zero';

/** Log-ratios past this are clamped (the loss stays finite) and pass no gradient: part of the op's contract. */
const LOG_RATIO_LIMIT = 20;

/**
 * The weighted per-token loss and its gradient, from the definitions: ratio r = exp(logp - old),
 * l = -min(r A, clip(r, 1 - epsLow, 1 + epsHigh) A) + beta min(k3, KL_CLAMP) with k3 = exp(ref - logp) - (ref - logp)
 * - 1 for 'grpo', -logp for 'ce'; times the row's weight; minus entropyCoef * H (H the row's entropy) on every row of
 * weight != 0. dLogits = w dl/dlogp (onehot - p) invTemp - entropyCoef dH/dz, dH/dz_v = -p_v (log p_v + H) invTemp.
 * stats (R, LOSS_STATS) as Ops.tokenLoss.
 */
export function tokenLoss64(logits: Nums, targets: Nums, weight: Nums, adv: Nums, old: Nums, ref: Nums | null, N: number, T: number, V: number, h: LossHyper) {
  const R = N * T;
  const dLogits = new Float64Array(R * V);
  const stats = new Float64Array(R * LOSS_STATS);
  const branch: ClipBranch[] = [];
  for (let r = 0; r < R; r++) {
    const w = weight[r];
    if (w === 0) {
      branch.push('zero');
      continue;
    }
    const z = scaledRow(logits, r, V, h.invTemp);
    const p = z.map((_, v) => Math.exp(logSoftmaxAt(z, v)));
    const logp = Math.log(p[targets[r]]);
    const entropy = -p.reduce((s, x) => s + (x > 0 ? x * Math.log(x) : 0), 0);
    let pg: number;
    let dl: number; // d l / d logp
    let kl = 0;
    let clipped = 0;
    if (h.objective === 'ce') {
      pg = -logp;
      dl = -1;
      branch.push('ce');
    } else {
      const A = adv[Math.floor(r / T)];
      const lr = logp - old[r];
      const inRange = Math.abs(lr) < LOG_RATIO_LIMIT;
      const ratio = Math.exp(Math.max(-LOG_RATIO_LIMIT, Math.min(LOG_RATIO_LIMIT, lr)));
      const clippedRatio = Math.min(1 + h.epsHigh, Math.max(1 - h.epsLow, ratio));
      if (clippedRatio * A < ratio * A) {
        pg = -clippedRatio * A;
        dl = 0;
        clipped = Math.sign(A);
        branch.push(ratio > 1 ? 'high' : 'low');
      } else {
        pg = -ratio * A;
        dl = inRange ? -ratio * A : 0;
        branch.push('none');
      }
      if (ref && h.beta !== 0) {
        const d = Math.max(-LOG_RATIO_LIMIT, Math.min(LOG_RATIO_LIMIT, ref[r] - logp));
        const k3 = Math.exp(d) - d - 1;
        kl = Math.min(k3, KL_CLAMP);
        if (k3 < KL_CLAMP) dl += h.beta * (1 - Math.exp(d));
      }
    }
    const c = h.entropyCoef;
    for (let v = 0; v < V; v++) {
      const bonus = p[v] > 0 ? c * p[v] * (Math.log(p[v]) + entropy) * h.invTemp : 0;
      dLogits[r * V + v] = w * dl * h.invTemp * ((v === targets[r] ? 1 : 0) - p[v]) + bonus;
    }
    stats.set([w * (pg + h.beta * kl) - c * entropy, w * pg, kl, entropy, clipped], r * LOSS_STATS);
  }
  return { dLogits, stats, branch };
}

/** out (R, D) = wte[tokens[r]] + wpe[pos[r]]. */
export function embedding64(tokens: Nums, pos: Nums, wte: Nums, wpe: Nums, R: number, D: number): Float64Array {
  return Float64Array.from({ length: R * D }, (_, i) => wte[tokens[Math.floor(i / D)] * D + (i % D)] + wpe[pos[Math.floor(i / D)] * D + (i % D)]);
}

/** Column sums of x (M, N). */
export function colSum64(x: Nums, M: number, N: number): Float64Array {
  const out = new Float64Array(N);
  for (let m = 0; m < M; m++) for (let n = 0; n < N; n++) out[n] += x[m * N + n];
  return out;
}

/** sqrt(sum of g^2). */
export function gradNorm64(g: Nums): number {
  let s = 0;
  for (let i = 0; i < g.length; i++) s += g[i] * g[i];
  return Math.sqrt(s);
}

/** One AdamW step (decoupled weight decay, bias-corrected moments, gradients scaled to a norm of at most gradClip). */
export function adamw64(p: Nums, g: Nums, m: Nums, v: Nums, norm: number, h: AdamHyper) {
  const scale = h.gradClip > 0 && norm > h.gradClip ? h.gradClip / norm : 1;
  const n = p.length;
  const out = { p: new Float64Array(n), m: new Float64Array(n), v: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const gi = g[i] * scale;
    out.m[i] = h.beta1 * m[i] + (1 - h.beta1) * gi;
    out.v[i] = h.beta2 * v[i] + (1 - h.beta2) * gi * gi;
    const mHat = out.m[i] / (1 - h.beta1 ** h.step);
    const vHat = out.v[i] / (1 - h.beta2 ** h.step);
    out.p[i] = p[i] - h.lr * (mHat / (Math.sqrt(vHat) + h.eps) + h.weightDecay * p[i]);
  }
  return out;
}

/**
 * The distribution a sampler draws from for one row: softmax(logits * invTemp) restricted to allowed tokens
 * (mask > 0, or all), then to the nucleus: the most probable tokens, in order, until their mass reaches topP (ties
 * at the boundary all kept), renormalised. Nothing allowed: all mass on token 0.
 */
export function nucleus64(logits: Nums, mask: Nums | null, invTemp: number, topP: number): Float64Array {
  const V = logits.length;
  const allowed = Array.from({ length: V }, (_, v) => !mask || mask[v] > 0);
  const out = new Float64Array(V);
  if (!allowed.some(Boolean)) {
    out[0] = 1;
    return out;
  }
  const mx = Math.max(...Array.from(logits).filter((_, v) => allowed[v]).map((x) => x * invTemp));
  const q = Array.from({ length: V }, (_, v) => (allowed[v] ? Math.exp(logits[v] * invTemp - mx) : 0));
  const total = q.reduce((a, b) => a + b, 0);
  const order = [...q.keys()].filter((v) => allowed[v]).sort((a, b) => q[b] - q[a]);
  let mass = 0;
  let boundary = 0;
  for (const v of order) {
    mass += q[v];
    boundary = q[v];
    if (mass >= topP * total) break;
  }
  let kept = 0;
  for (let v = 0; v < V; v++) if (allowed[v] && q[v] >= boundary) kept += q[v];
  for (let v = 0; v < V; v++) if (allowed[v] && q[v] >= boundary) out[v] = q[v] / kept;
  return out;
}
