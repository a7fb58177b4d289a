// Spec of matmul (with bias, transposes, accumulation) and column sums, run on every backend against float64.
import { describe, it } from 'vitest';
import { expectClose, putF, randn, type Backend } from '../backends';
import { matmul64 as ref } from '../reference64';

const SHAPES: [number, number, number][] = [
  [1, 1, 1],
  [17, 33, 9],
  [64, 64, 64],
  [128, 257, 33],
];

export function matmulSpec(make: () => Promise<Backend>): void {
  describe('matmul', () => {
    for (const [M, K, N] of SHAPES) {
      it(`(${M},${K},${N}) plain`, async () => {
        const be = await make();
        const a = randn(M * K, 1);
        const b = randn(K * N, 2);
        const c = be.ops.f32('c', M * N);
        be.ops.matmul(putF(be.ops, 'a', a), putF(be.ops, 'b', b), c, M, K, N);
        const got = await be.ops.readF32(c, M * N);
        expectClose(got, ref(a, b, M, K, N, false, false, null, null), scaled(be, K), 'C');
      });
    }
    it('transposes, bias and accumulation at (17,33,9) and (33,17,257)', async () => {
      const be = await make();
      for (const [M, K, N] of [
        [17, 33, 9],
        [33, 17, 257],
      ])
        for (const ta of [false, true])
          for (const tb of [false, true]) {
            const a = randn(M * K, 3);
            const b = randn(K * N, 4);
            const bias = randn(N, 5);
            const c0 = randn(M * N, 6);
            const c = putF(be.ops, 'c', c0);
            be.ops.matmul(putF(be.ops, 'a', a), putF(be.ops, 'b', b), c, M, K, N, { ta, tb, acc: true }, putF(be.ops, 'bias', bias));
            const got = await be.ops.readF32(c, M * N);
            expectClose(got, ref(a, b, M, K, N, ta, tb, bias, c0), scaled(be, K), `C ta=${ta} tb=${tb}`);
          }
    });
  });
}

/** Tolerance grows with the reduction length. */
function scaled(be: Backend, K: number) {
  return { rtol: be.rtol * Math.sqrt(K), atol: be.atol * Math.sqrt(K) };
}
