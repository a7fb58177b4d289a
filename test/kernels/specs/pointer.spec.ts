// Spec of the pointer-generator ops on any backend against the CPU twin, at awkward shapes (N 1..3, T 1, 17, 33, Dp 1, 5,
// V 17, 257) and named edge cases (a row with no key, huge gate and vocabulary logits, targets -1 and past V, decode
// rows reading a cache); the twin's forward is also checked against the mixture computed in float64 from its definition.
import { describe, expect, it } from 'vitest';
import { POINTER_HEADS as HP, pointerWidth, type AnyOps } from '../../../src/model/ops';
import type { Backend } from '../backends';
import { pointerMixture64 } from '../pointer64';
import { F, checkTwin, ints } from './ops.spec';

/** Targets (N, T, HP): tokens in [-1, V + 2) (so some are none and some past the vocabulary). */
export function targetsOf(N: number, T: number, V: number, seed: number): Int32Array {
  return Int32Array.from(ints(N * T * HP, V + 3, seed), (x) => x - 1);
}

export function pointerSpec(make: () => Promise<Backend>): void {
  describe('pointer-generator ops', () => {
    it('forward and backward over every key (N 1..3, T 1, 17, 33; Dp 1, 5; V 17, 257; a row with no key; huge logits)', async () => {
      const be = await make();
      const shapes: [number, number, number, number][] = [[1, 1, 1, 17], [2, 17, 5, 17], [3, 33, 5, 257], [2, 17, 1, 257]];
      for (const [N, T, Dp, V] of shapes) {
        const W = pointerWidth(Dp);
        const q = F(N * T * W, 1, 2);
        q[2 * HP * Dp] = 60; // row 0: gates all but saturated on the vocabulary
        const logits = F(N * T * V, 2, 4);
        logits[V + 1] = 90; // row 1: one huge logit, the rest of its softmax underflows
        const keyLen = Int32Array.from({ length: N }, (_, n) => (n === 1 ? 0 : T - n)); // row 1 has no key at all
        const targets = targetsOf(N, T, V, 3);
        const c = {
          inputs: { q, targets, q0: new Int32Array(N), len: keyLen, logits, dOut: F(N * T * V, 4, 0.5) },
          outs: { out: N * T * V, probs: N * HP * T * T, dLogits: N * T * V, dq: N * T * W },
          run: (o: AnyOps, t: Record<string, unknown>) => {
            o.pointer(t.q, t.q, t.targets, t.q0, t.len, t.logits, t.out, t.probs, N, T, T, Dp, V);
            o.pointerBackward(t.q, t.probs, t.targets, t.logits, t.dOut, t.dLogits, t.dq, N, T, Dp, V);
          },
        };
        const out = await checkTwin(be, c, Object.keys(c.outs), 10);
        for (let n = 0; n < N; n++)
          for (let i = 0; i < T; i++) {
            const want = pointerMixture64(q, q, targets, new Int32Array(N), keyLen, logits, n, i, T, T, Dp, V);
            want.forEach((m, v) => expect(Math.abs(Math.exp(out.out[(n * T + i) * V + v]) - m), `row ${n},${i} token ${v}`).toBeLessThan(1e-5 + 1e-4 * m));
          }
      }
    });

    it('decode rows read a cache: query i of row n sits at qStart[n] + i (N 3, Tq 1 and 2, Tk 17)', async () => {
      const be = await make();
      const [N, Tk, Dp, V] = [3, 17, 5, 33];
      const W = pointerWidth(Dp);
      for (const Tq of [1, 2])
        await checkTwin(be, {
          inputs: { q: F(N * Tq * W, 5), kv: F(N * Tk * W, 6), targets: targetsOf(N, Tk, V, 7), q0: Int32Array.from([0, 7, 16 - Tq + 1]), len: Int32Array.from([Tk, Tk, 9]), logits: F(N * Tq * V, 8, 3) },
          outs: { out: N * Tq * V, probs: N * HP * Tq * Tk },
          run: (o: AnyOps, t) => o.pointer(t.q, t.kv, t.targets, t.q0, t.len, t.logits, t.out, t.probs, N, Tq, Tk, Dp, V),
        }, ['out', 'probs']);
    });
  });
}
