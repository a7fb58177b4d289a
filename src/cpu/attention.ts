// CPU twin of causal multi-head attention with a padding mask (forward for training, prefill and KV-cached decode; backward).

/** q (N, Tq, H*Dh); k, v (N, Tk, H*Dh); out (N, Tq, H*Dh); probs (N, H, Tq, Tk). See Ops.attention. */
export function attention(q: Float32Array, k: Float32Array, v: Float32Array, qStart: Int32Array, keyLen: Int32Array, out: Float32Array, probs: Float32Array, N: number, Tq: number, Tk: number, H: number, Dh: number): void {
  const D = H * Dh;
  const scale = 1 / Math.sqrt(Dh);
  for (let n = 0; n < N; n++) {
    for (let h = 0; h < H; h++) {
      for (let i = 0; i < Tq; i++) {
        const po = ((n * H + h) * Tq + i) * Tk;
        const limit = Math.min(qStart[n] + i + 1, keyLen[n], Tk);
        const qo = (n * Tq + i) * D + h * Dh;
        const oo = qo;
        let mx = -Infinity;
        for (let j = 0; j < limit; j++) {
          const ko = (n * Tk + j) * D + h * Dh;
          let s = 0;
          for (let d = 0; d < Dh; d++) s += q[qo + d] * k[ko + d];
          s *= scale;
          probs[po + j] = s;
          if (s > mx) mx = s;
        }
        let sum = 0;
        for (let j = 0; j < limit; j++) sum += probs[po + j] = Math.exp(probs[po + j] - mx);
        for (let j = limit; j < Tk; j++) probs[po + j] = 0;
        out.fill(0, oo, oo + Dh);
        for (let j = 0; j < limit; j++) {
          const p = (probs[po + j] /= sum);
          const vo = (n * Tk + j) * D + h * Dh;
          for (let d = 0; d < Dh; d++) out[oo + d] += p * v[vo + d];
        }
      }
    }
  }
}

let scratch = new Float64Array(64); // (T) dP row, reused across calls

/** Tq = Tk = T, qStart = 0. dq, dk, dv (N, T, H*Dh) overwritten. */
export function attentionBackward(q: Float32Array, k: Float32Array, v: Float32Array, probs: Float32Array, dOut: Float32Array, dq: Float32Array, dk: Float32Array, dv: Float32Array, N: number, T: number, H: number, Dh: number): void {
  const D = H * Dh;
  const scale = 1 / Math.sqrt(Dh);
  dq.fill(0, 0, N * T * D);
  dk.fill(0, 0, N * T * D);
  dv.fill(0, 0, N * T * D);
  if (scratch.length < T) scratch = new Float64Array(T);
  const ds = scratch;
  for (let n = 0; n < N; n++) {
    for (let h = 0; h < H; h++) {
      for (let i = 0; i < T; i++) {
        const po = ((n * H + h) * T + i) * T;
        const oo = (n * T + i) * D + h * Dh;
        let dot = 0;
        for (let j = 0; j <= i; j++) {
          const p = probs[po + j];
          if (p === 0) {
            ds[j] = 0;
            continue;
          }
          const vo = (n * T + j) * D + h * Dh;
          let dp = 0;
          for (let d = 0; d < Dh; d++) {
            dp += dOut[oo + d] * v[vo + d];
            dv[vo + d] += p * dOut[oo + d];
          }
          ds[j] = dp;
          dot += p * dp;
        }
        for (let j = 0; j <= i; j++) {
          const p = probs[po + j];
          if (p === 0) continue;
          const g = p * (ds[j] - dot) * scale;
          const ko = (n * T + j) * D + h * Dh;
          for (let d = 0; d < Dh; d++) {
            dq[oo + d] += g * k[ko + d];
            dk[ko + d] += g * q[oo + d];
          }
        }
      }
    }
  }
}
