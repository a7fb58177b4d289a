// The pointer-generator mixture in float64 straight from its definition (see Ops.pointer), for query i of row n at
// position qStart[n] + i: training rows (q = kv, qStart 0) and decode rows reading a cache alike.
import { POINTER_HEADS as HP, pointerWidth } from '../../src/model/ops';

type Nums = ArrayLike<number>;

/** The mixture's mass per token (V) for query row (n, i) of q (N, Tq, W) over the keys of kv (N, Tk, W). */
export function pointerMixture64(q: Nums, kv: Nums, targets: Nums, qStart: Nums, keyLen: Nums, logits: Nums, n: number, i: number, Tq: number, Tk: number, Dp: number, V: number): number[] {
  const W = pointerWidth(Dp);
  const r = n * Tq + i;
  const z = Array.from({ length: HP + 1 }, (_, k) => q[r * W + 2 * HP * Dp + k]);
  const ez = z.map((x) => Math.exp(x - Math.max(...z)));
  const g = ez.map((x) => x / ez.reduce((a, b) => a + b));
  const l = Array.from({ length: V }, (_, v) => logits[r * V + v]);
  const el = l.map((x) => Math.exp(x - Math.max(...l)));
  const m = el.map((x) => (g[0] * x) / el.reduce((a, b) => a + b));
  const lim = Math.max(0, Math.min(qStart[n] + i + 1, keyLen[n], Tk));
  for (let h = 0; h < HP; h++) {
    const target = (j: number) => targets[(n * Tk + j) * HP + h];
    const keys = Array.from({ length: lim }, (_, j) => j).filter((j) => target(j) >= 0 && target(j) < V);
    const s = keys.map((j) => {
      let dot = 0;
      for (let d = 0; d < Dp; d++) dot += q[r * W + h * Dp + d] * kv[(n * Tk + j) * W + (HP + h) * Dp + d];
      return dot / Math.sqrt(Dp);
    });
    const es = s.map((x) => Math.exp(x - Math.max(...s)));
    const sum = es.reduce((a, b) => a + b, 0);
    keys.forEach((j, k) => (m[target(j)] += (g[h + 1] * es[k]) / sum));
  }
  return m;
}
