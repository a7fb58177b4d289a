// CPU twin of the pointer-generator mixture (See et al. 2017) with POINTER_HEADS pointer heads, forward and backward.
// A head's softmax runs over the keys that emit a token; out holds the mixture's logits (log of its mass, which is
// short of 1 by the gates of heads with no such key: every consumer takes a log-softmax).
// A packed row of width W = 2 HP Dp + HP + 1 holds [q_0 .. q_{HP-1} | k_0 .. k_{HP-1} | gate logits (HP + 1)].
import { POINTER_HEADS as HP } from '../model/ops';

/** Natural log of the sum of exp over xs[o .. o + n). */
function logSumExp(xs: Float32Array, o: number, n: number): number {
  let mx = -Infinity;
  for (let v = 0; v < n; v++) mx = Math.max(mx, xs[o + v]);
  let s = 0;
  for (let v = 0; v < n; v++) s += Math.exp(xs[o + v] - mx);
  return mx + Math.log(s);
}

/** The log gates lg (HP + 1) of a packed row starting at `o`. */
function logGates(q: Float32Array, o: number, Dp: number, lg: Float64Array): void {
  const go = o + 2 * HP * Dp;
  let mx = -Infinity;
  for (let k = 0; k <= HP; k++) mx = Math.max(mx, q[go + k]);
  let s = 0;
  for (let k = 0; k <= HP; k++) s += Math.exp(q[go + k] - mx);
  const lse = mx + Math.log(s);
  for (let k = 0; k <= HP; k++) lg[k] = q[go + k] - lse;
}

const lg = new Float64Array(HP + 1);

/** See Ops.pointer. */
export function pointer(q: Float32Array, kv: Float32Array, targets: Int32Array, qStart: Int32Array, keyLen: Int32Array, logits: Float32Array, out: Float32Array, probs: Float32Array, N: number, Tq: number, Tk: number, Dp: number, V: number): void {
  const W = 2 * HP * Dp + HP + 1;
  const scale = 1 / Math.sqrt(Dp);
  for (let n = 0; n < N; n++)
    for (let i = 0; i < Tq; i++) {
      const r = n * Tq + i;
      const lim = Math.max(0, Math.min(qStart[n] + i + 1, keyLen[n], Tk));
      logGates(q, r * W, Dp, lg);
      const o = r * V;
      out.fill(0, o, o + V); // the pointers' mass per token, first
      for (let h = 0; h < HP; h++) {
        const po = ((n * HP + h) * Tq + i) * Tk;
        const qo = r * W + h * Dp;
        const emits = (j: number) => targets[(n * Tk + j) * HP + h] >= 0 && targets[(n * Tk + j) * HP + h] < V;
        let mx = -Infinity;
        for (let j = 0; j < lim; j++) {
          if (!emits(j)) continue;
          const ko = (n * Tk + j) * W + (HP + h) * Dp;
          let s = 0;
          for (let d = 0; d < Dp; d++) s += q[qo + d] * kv[ko + d];
          probs[po + j] = s * scale;
          mx = Math.max(mx, probs[po + j]);
        }
        let sum = 0;
        for (let j = 0; j < lim; j++) if (emits(j)) sum += probs[po + j] = Math.exp(probs[po + j] - mx);
        const g = Math.exp(lg[h + 1]);
        for (let j = 0; j < Tk; j++) {
          if (j >= lim || !emits(j)) {
            probs[po + j] = 0;
            continue;
          }
          const p = (probs[po + j] /= sum);
          out[o + targets[(n * Tk + j) * HP + h]] += g * p;
        }
      }
      const base = lg[0] - logSumExp(logits, o, V); // log g_0 - lse(logits)
      for (let v = 0; v < V; v++) {
        const a = base + logits[o + v];
        out[o + v] = out[o + v] > 0 ? Math.log(Math.exp(a) + out[o + v]) : a;
      }
    }
}

let dPs = new Float64Array(64); // (HP, T) one row's dP

/** See Ops.pointerBackward: out is recomputed from the pointers' mass per token, kept in dLogits' row until the end. */
export function pointerBackward(qkv: Float32Array, probs: Float32Array, targets: Int32Array, logits: Float32Array, dOut: Float32Array, dLogits: Float32Array, dq: Float32Array, N: number, T: number, Dp: number, V: number): void {
  const W = 2 * HP * Dp + HP + 1;
  const scale = 1 / Math.sqrt(Dp);
  dq.fill(0, 0, N * T * W);
  if (dPs.length < HP * T) dPs = new Float64Array(HP * T);
  const G = new Float64Array(HP + 1); // d loss / d log g_k
  for (let n = 0; n < N; n++)
    for (let i = 0; i < T; i++) {
      const r = n * T + i;
      const o = r * V;
      logGates(qkv, r * W, Dp, lg);
      dLogits.fill(0, o, o + V);
      for (let h = 0; h < HP; h++) {
        const g = Math.exp(lg[h + 1]);
        for (let j = 0; j <= i; j++) {
          const t = targets[(n * T + j) * HP + h];
          if (t >= 0 && t < V) dLogits[o + t] += g * probs[((n * HP + h) * T + i) * T + j];
        }
      }
      const lse = logSumExp(logits, o, V);
      const base = lg[0] - lse;
      const mixed = (v: number) => {
        const a = base + logits[o + v];
        return dLogits[o + v] > 0 ? Math.log(Math.exp(a) + dLogits[o + v]) : a;
      };
      // each pointer: dP_j = dOut_t g / m_t for the token t key j emits, then softmax backward into dq
      for (let h = 0; h < HP; h++) {
        const po = ((n * HP + h) * T + i) * T;
        let dot = 0;
        for (let j = 0; j <= i; j++) {
          const p = probs[po + j];
          const t = targets[(n * T + j) * HP + h];
          const d = p > 0 && t >= 0 && t < V ? dOut[o + t] * Math.exp(lg[h + 1] - mixed(t)) : 0;
          dPs[h * T + j] = d;
          dot += p * d;
        }
        G[h + 1] = dot;
        const qo = r * W + h * Dp;
        for (let j = 0; j <= i; j++) {
          const p = probs[po + j];
          if (p === 0) continue;
          const ds = p * (dPs[h * T + j] - dot) * scale;
          const ko = (n * T + j) * W + (HP + h) * Dp;
          for (let d = 0; d < Dp; d++) {
            dq[qo + d] += ds * qkv[ko + d];
            dq[ko + d] += ds * qkv[qo + d];
          }
        }
      }
      // the vocabulary part a_v = log g_0 + log softmax(logits)_v: its share of the mixture is exp(a_v - out_v)
      let sumDa = 0;
      for (let v = 0; v < V; v++) {
        const da = dOut[o + v] * Math.exp(base + logits[o + v] - mixed(v));
        dLogits[o + v] = da;
        sumDa += da;
      }
      for (let v = 0; v < V; v++) dLogits[o + v] -= Math.exp(logits[o + v] - lse) * sumDa;
      G[0] = sumDa;
      let sumG = 0;
      for (let k = 0; k <= HP; k++) sumG += G[k];
      for (let k = 0; k <= HP; k++) dq[r * W + 2 * HP * Dp + k] = G[k] - Math.exp(lg[k]) * sumG;
    }
}
