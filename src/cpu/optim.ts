// CPU twins of the optimizer ops: global gradient norm and AdamW with norm clipping.
import type { AdamHyper } from '../model/ops';

/** Reduction lanes, as the GPU kernel's workgroup: lane i sums g[i], g[i + LANES], ... then lanes are added in order. */
export const NORM_LANES = 256;

export function gradNorm(g: Float32Array, n: number, out: Float32Array): void {
  let s = 0;
  for (let lane = 0; lane < NORM_LANES; lane++) {
    let t = 0;
    for (let i = lane; i < n; i += NORM_LANES) t += g[i] * g[i];
    s += t;
  }
  out[0] = Math.sqrt(s);
}

export function clipScale(norm: number, clip: number): number {
  return clip > 0 && norm > clip ? clip / (norm + 1e-6) : 1;
}

export function adamw(p: Float32Array, g: Float32Array, m: Float32Array, v: Float32Array, norm: Float32Array, n: number, h: AdamHyper): void {
  const scale = clipScale(norm[0], h.gradClip);
  const c1 = 1 - Math.pow(h.beta1, h.step);
  const c2 = 1 - Math.pow(h.beta2, h.step);
  for (let i = 0; i < n; i++) {
    const gi = g[i] * scale;
    m[i] = h.beta1 * m[i] + (1 - h.beta1) * gi;
    v[i] = h.beta2 * v[i] + (1 - h.beta2) * gi * gi;
    p[i] -= h.lr * (m[i] / c1 / (Math.sqrt(v[i] / c2) + h.eps) + h.weightDecay * p[i]);
  }
}
