// CPU twins of the output-side ops: log-softmax gather, the GRPO / CE per-token loss with its gradient, and sampling.
import { KL_CLAMP, LOSS_STATS, type LossHyper } from '../model/ops';

/** Max and log-sum-exp of row r of logits (R, V) scaled by invTemp. */
function rowLse(logits: Float32Array, o: number, V: number, invTemp: number): number {
  let mx = -Infinity;
  for (let v = 0; v < V; v++) mx = Math.max(mx, logits[o + v] * invTemp);
  let s = 0;
  for (let v = 0; v < V; v++) s += Math.exp(logits[o + v] * invTemp - mx);
  return mx + Math.log(s);
}

export function logprobs(logits: Float32Array, targets: Int32Array, out: Float32Array, R: number, V: number, invTemp: number): void {
  for (let r = 0; r < R; r++) out[r] = logits[r * V + targets[r]] * invTemp - rowLse(logits, r * V, V, invTemp);
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Per token l = -min(r A, clip(r, 1-epsLow, 1+epsHigh) A) + beta min(k3, KL_CLAMP) ('grpo') or -logp ('ce'), times
 * weight, minus entropyCoef * H for every token with weight != 0 (H the entropy of softmax(logits * invTemp)).
 * Row r = n*T + t. dLogits (R, V) = d(sum of l)/d logits; stats (R, LOSS_STATS).
 */
export function tokenLoss(logits: Float32Array, targets: Int32Array, weight: Float32Array, adv: Float32Array, oldLogp: Float32Array, refLogp: Float32Array | null, dLogits: Float32Array, stats: Float32Array, N: number, T: number, V: number, h: LossHyper): void {
  for (let r = 0; r < N * T; r++) {
    const o = r * V;
    const w = weight[r];
    const so = r * LOSS_STATS;
    if (w === 0) {
      dLogits.fill(0, o, o + V);
      stats.fill(0, so, so + LOSS_STATS);
      continue;
    }
    const lse = rowLse(logits, o, V, h.invTemp);
    const logp = logits[o + targets[r]] * h.invTemp - lse;
    let pz = 0;
    for (let v = 0; v < V; v++) {
      const z = logits[o + v] * h.invTemp;
      pz += Math.exp(z - lse) * z;
    }
    const entropy = lse - pz;
    let pg: number;
    let kl = 0;
    let clipped = 0;
    let g: number; // d l / d logp
    if (h.objective === 'ce') {
      pg = -logp;
      g = -1;
    } else {
      const A = adv[Math.floor(r / T)];
      const lr = logp - oldLogp[r];
      const ratio = Math.exp(clamp(lr, -20, 20));
      const s1 = ratio * A;
      const s2 = clamp(ratio, 1 - h.epsLow, 1 + h.epsHigh) * A;
      if (s2 < s1) {
        pg = -s2;
        g = 0;
        clipped = Math.sign(A); // -1: below 1 - epsLow with A < 0; +1: above 1 + epsHigh with A > 0
      } else {
        pg = -s1;
        g = Math.abs(lr) < 20 ? -s1 : 0;
      }
      if (refLogp && h.beta !== 0) {
        const d = clamp(refLogp[r] - logp, -20, 20);
        const k3 = Math.exp(d) - d - 1;
        kl = Math.min(k3, KL_CLAMP);
        if (k3 < KL_CLAMP) g += h.beta * (1 - Math.exp(d));
      }
    }
    // d(-c H)/dz_v = c p_v (log p_v + H) per scaled logit z_v (dH/dz_v = -p_v (log p_v + H))
    const scale = w * g * h.invTemp;
    const ent = h.entropyCoef * h.invTemp;
    for (let v = 0; v < V; v++) {
      const lp = logits[o + v] * h.invTemp - lse;
      dLogits[o + v] = Math.exp(lp) * (ent * (lp + entropy) - scale);
    }
    dLogits[o + targets[r]] += scale;
    stats[so] = w * (pg + h.beta * kl) - h.entropyCoef * entropy;
    stats[so + 1] = w * pg;
    stats[so + 2] = kl;
    stats[so + 3] = entropy;
    stats[so + 4] = clipped;
  }
}

/** Nucleus threshold: the largest tau (to 2^-32) whose kept mass sum(q >= tau) is still >= target. Shared by twin and spec. */
export const TOP_P_STEPS = 32;

/** See Ops.sample. One uniform per row; the walk over the vocabulary is in index order. */
export function sample(logits: Float32Array, mask: Float32Array | null, u: Float32Array, tokens: Int32Array, logp: Float32Array, entropy: Float32Array, N: number, V: number, invTemp: number, topP: number): void {
  for (let n = 0; n < N; n++) {
    const o = n * V;
    const lse = rowLse(logits, o, V, invTemp);
    let mx = -Infinity;
    for (let v = 0; v < V; v++) if (!mask || mask[o + v] > 0) mx = Math.max(mx, logits[o + v] * invTemp);
    const q = (v: number) => (!mask || mask[o + v] > 0 ? Math.exp(logits[o + v] * invTemp - mx) : 0);
    const kept = (tau: number) => {
      let s = 0;
      for (let v = 0; v < V; v++) {
        const x = q(v);
        if (x >= tau) s += x;
      }
      return s;
    };
    let tau = 0;
    if (topP < 1) {
      const target = topP * kept(0);
      let lo = 0;
      let hi = 1;
      for (let i = 0; i < TOP_P_STEPS; i++) {
        const mid = (lo + hi) / 2;
        if (kept(mid) >= target) lo = mid;
        else hi = mid;
      }
      tau = lo;
    }
    // the sampled distribution is q / Z over the kept tokens: H = log Z - sum(q log q) / Z, log q = z - mx
    const Z = kept(tau);
    let qlogq = 0;
    for (let v = 0; v < V; v++) {
      const qv = q(v);
      if (qv > 0 && qv >= tau) qlogq += qv * (logits[o + v] * invTemp - mx);
    }
    entropy[n] = Z > 0 ? Math.log(Z) - qlogq / Z : 0;
    let pick = -1;
    let x = u[n] * Z;
    for (let v = 0; v < V; v++) {
      const qv = q(v);
      if (qv > 0 && qv >= tau) {
        pick = v;
        x -= qv;
        if (x < 0) break;
      }
    }
    if (pick < 0) pick = 0; // everything masked: the caller's grammar left nothing, fall back to token 0
    tokens[n] = pick;
    logp[n] = logits[o + pick] * invTemp - lse;
  }
}
