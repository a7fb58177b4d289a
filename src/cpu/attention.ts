// CPU twin of causal multi-head attention with a padding mask over packed (q | k | v) rows: forward (training,
// prefill and KV-cached decode) and backward.

/** q (N, Tq, 3D); kv (N, Tk, 3D); out (N, Tq, D); probs (N, H, Tq, Tk). See Ops.attention. */
export function attention(q: Float32Array, kv: Float32Array, qStart: Int32Array, keyLen: Int32Array, out: Float32Array, probs: Float32Array, N: number, Tq: number, Tk: number, H: number, Dh: number): void {
  const D = H * Dh;
  const scale = 1 / Math.sqrt(Dh);
  for (let n = 0; n < N; n++) {
    for (let h = 0; h < H; h++) {
      for (let i = 0; i < Tq; i++) {
        const po = ((n * H + h) * Tq + i) * Tk;
        const limit = Math.max(0, Math.min(qStart[n] + i + 1, keyLen[n], Tk));
        const qo = (n * Tq + i) * 3 * D + h * Dh;
        const oo = (n * Tq + i) * D + h * Dh;
        let mx = -Infinity;
        for (let j = 0; j < limit; j++) {
          const ko = (n * Tk + j) * 3 * D + D + h * Dh;
          let s = 0;
          for (let d = 0; d < Dh; d++) s += q[qo + d] * kv[ko + d];
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
          const vo = (n * Tk + j) * 3 * D + 2 * D + h * Dh;
          for (let d = 0; d < Dh; d++) out[oo + d] += p * kv[vo + d];
        }
      }
    }
  }
}

let scratch = new Float64Array(64); // (T) dP row, reused across calls

/** Tq = Tk = T, qStart = 0. dqkv (N, T, 3D) overwritten. */
export function attentionBackward(qkv: Float32Array, probs: Float32Array, dOut: Float32Array, dqkv: Float32Array, N: number, T: number, H: number, Dh: number): void {
  const D = H * Dh;
  const W = 3 * D;
  const scale = 1 / Math.sqrt(Dh);
  dqkv.fill(0, 0, N * T * W);
  if (scratch.length < T) scratch = new Float64Array(T);
  const ds = scratch;
  for (let n = 0; n < N; n++) {
    for (let h = 0; h < H; h++) {
      for (let i = 0; i < T; i++) {
        const po = ((n * H + h) * T + i) * T;
        const oo = (n * T + i) * D + h * Dh;
        const qo = (n * T + i) * W + h * Dh;
        let dot = 0;
        for (let j = 0; j <= i; j++) {
          const p = probs[po + j];
          if (p === 0) continue;
          const vo = (n * T + j) * W + 2 * D + h * Dh;
          let dp = 0;
          for (let d = 0; d < Dh; d++) {
            dp += dOut[oo + d] * qkv[vo + d];
            dqkv[vo + d] += p * dOut[oo + d];
          }
          ds[j] = dp;
          dot += p * dp;
        }
        for (let j = 0; j <= i; j++) {
          const p = probs[po + j];
          if (p === 0) continue;
          const g = p * (ds[j] - dot) * scale;
          const ko = (n * T + j) * W + D + h * Dh;
          for (let d = 0; d < Dh; d++) {
            dqkv[qo + d] += g * qkv[ko + d];
            dqkv[ko + d] += g * qkv[qo + d];
          }
        }
      }
    }
  }
}
