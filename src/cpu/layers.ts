// CPU twins of the element-wise and row-wise layers: embedding, layer norm, GELU, residual add, KV-cache write.

export function embedding(tokens: Int32Array, pos: Int32Array, wte: Float32Array, wpe: Float32Array, out: Float32Array, R: number, D: number): void {
  for (let r = 0; r < R; r++) {
    const to = tokens[r] * D;
    const po = pos[r] * D;
    const o = r * D;
    for (let d = 0; d < D; d++) out[o + d] = wte[to + d] + wpe[po + d];
  }
}

/** dWte (V, D) += dOut rows by token; dWpe (P, D) = dOut rows by position; rows added in order r = 0..R-1. */
export function embeddingBackward(tokens: Int32Array, pos: Int32Array, dOut: Float32Array, dWte: Float32Array, dWpe: Float32Array, R: number, D: number, P: number): void {
  dWpe.fill(0, 0, P * D);
  for (let r = 0; r < R; r++) {
    const to = tokens[r] * D;
    const po = pos[r] * D;
    const o = r * D;
    for (let d = 0; d < D; d++) {
      dWte[to + d] += dOut[o + d];
      dWpe[po + d] += dOut[o + d];
    }
  }
}

export const LN_EPS = 1e-5;

export function layerNorm(x: Float32Array, g: Float32Array, b: Float32Array, out: Float32Array, mean: Float32Array, rstd: Float32Array, R: number, D: number): void {
  for (let r = 0; r < R; r++) {
    const o = r * D;
    let s = 0;
    for (let d = 0; d < D; d++) s += x[o + d];
    const mu = s / D;
    let v = 0;
    for (let d = 0; d < D; d++) v += (x[o + d] - mu) * (x[o + d] - mu);
    const rs = 1 / Math.sqrt(v / D + LN_EPS);
    mean[r] = mu;
    rstd[r] = rs;
    for (let d = 0; d < D; d++) out[o + d] = (x[o + d] - mu) * rs * g[d] + b[d];
  }
}

/** dx (R, D) = (or += when acc) the input gradient; dg, db (D) = sums over rows in order. */
export function layerNormBackward(dOut: Float32Array, x: Float32Array, g: Float32Array, mean: Float32Array, rstd: Float32Array, dx: Float32Array, dg: Float32Array, db: Float32Array, R: number, D: number, acc: boolean): void {
  if (!acc) dx.fill(0, 0, R * D);
  dg.fill(0, 0, D);
  db.fill(0, 0, D);
  for (let r = 0; r < R; r++) {
    const o = r * D;
    const mu = mean[r];
    const rs = rstd[r];
    let s1 = 0;
    let s2 = 0;
    for (let d = 0; d < D; d++) {
      const xh = (x[o + d] - mu) * rs;
      const dxh = dOut[o + d] * g[d];
      s1 += dxh;
      s2 += dxh * xh;
      dg[d] += dOut[o + d] * xh;
      db[d] += dOut[o + d];
    }
    s1 /= D;
    s2 /= D;
    for (let d = 0; d < D; d++) {
      const xh = (x[o + d] - mu) * rs;
      dx[o + d] += rs * (dOut[o + d] * g[d] - s1 - xh * s2);
    }
  }
}

const C = Math.sqrt(2 / Math.PI);

export function gelu(x: Float32Array, out: Float32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const v = x[i];
    out[i] = 0.5 * v * (1 + Math.tanh(C * (v + 0.044715 * v * v * v)));
  }
}

export function geluBackward(x: Float32Array, dOut: Float32Array, dx: Float32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const v = x[i];
    const t = Math.tanh(C * (v + 0.044715 * v * v * v));
    const dt = (1 - t * t) * C * (1 + 3 * 0.044715 * v * v);
    dx[i] = dOut[i] * (0.5 * (1 + t) + 0.5 * v * dt);
  }
}

export function add(a: Float32Array, b: Float32Array, n: number): void {
  for (let i = 0; i < n; i++) a[i] += b[i];
}

export function copyRows(flat: Float32Array, seq: Float32Array, pos: Int32Array, N: number, Tw: number, W: number, gather: boolean): void {
  for (let n = 0; n < N; n++) {
    const so = (n * Tw + pos[n]) * W;
    if (gather) flat.set(seq.subarray(so, so + W), n * W);
    else seq.set(flat.subarray(n * W, n * W + W), so);
  }
}
