// The kernel specs on WebGPU in Node (Dawn on SwiftShader) with the GPU-shaped layouts: rows reduced on subgroups,
// rows reduced in workgroup memory, and every matmul tile shape at awkward sizes, against float64.
import { describe, it } from 'vitest';
import type { GpuTensor } from '../../src/gpu/context';
import { GpuOps } from '../../src/gpu/ops';
import { matmul, type MatmulTiles } from '../../src/gpu/kernels/matmul';
import { expectClose, putF, randn } from './backends';
import { matmul64 as ref } from './reference64';
import { opsSpec } from './specs/ops.spec';
import { SUBGROUP_ROWS, TREE_ROWS, layoutBackend, sharedDevice } from './layouts';

describe('rows on subgroups (4 lanes)', () => opsSpec(layoutBackend(SUBGROUP_ROWS, true)));
describe('rows in workgroup memory (32 lanes)', () => opsSpec(layoutBackend(TREE_ROWS, false)));

/**
 * (M, K, N) with the transposes (ta, tb) to run, for every tile shape. Each (shape, transposes) is a pipeline of its
 * own, and on SwiftShader compiling one costs 1-3 s while running it costs milliseconds, so each operand's load
 * branches are reached by the fewest pipelines (6 per tile shape): each branch once with the operand stored plain and
 * once transposed, and all four (ta, tb) pairs among them. QA/QB: vec4 loads when the stored row length (A: K, or M
 * with ta; B: N, or K with tb) is a multiple of 4, else checked scalar loads; EK: K a multiple of the tile depth (8
 * and 16), no K checks at all. M or N not a multiple of any tile: partial tiles throughout.
 */
const CASES: [number, number, number, [boolean, boolean][]][] = [
  // K = 33, odd: A plain and B transposed read K-rows in checked scalar loads, masked past K (the mask matters for
  // A's last row, whose next elements are the NaN tail); A transposed (M = 17) and B plain (N = 9) load scalars too,
  // their rows past K read as zero.
  [17, 33, 9, [[false, true], [true, false]]],
  // K = 36, a multiple of 4 but not of 8 or 16: vec4 loads of both operands (M = 68 and N = 132 too), K checked.
  [68, 36, 132, [[false, false], [true, true]]],
  // K = 48, a multiple of 16 and of 8: vec4 loads (M = 36, N = 68 too), no K checks.
  [36, 48, 68, [[false, true], [true, false]]],
];

const TILES: MatmulTiles[] = [
  { BM: 32, BN: 32, BK: 16 },
  { BM: 64, BN: 64, BK: 16 },
  { BM: 128, BN: 128, BK: 8 },
  { BM: 32, BN: 32, BK: 16, DIRECT: 1 },
];

describe('matmul tiles', () => {
  for (const tiles of TILES)
    it(`${tiles.BM}x${tiles.BN}x${tiles.BK}${tiles.DIRECT ? ' direct' : ''}: transposes, bias and accumulation; scalar loads with K checks, vec4 loads with and without; NaN past the operands`, async () => {
      const ops = new GpuOps(await sharedDevice());
      for (const [M, K, N, transposes] of CASES)
        for (const [ta, tb] of transposes) await checkProduct(ops, tiles, M, K, N, ta, tb, 1);
      ops.dispose();
    });

  // 32x32 tiles, as matmulTiles picks for these outputs (N < 64), and the cheapest tiled pipelines to compile.
  it('split K (32x32x16): chunks summed in parallel, then in order, with bias and accumulation', async () => {
    const ops = new GpuOps(await sharedDevice());
    const tiles: MatmulTiles = { BM: 32, BN: 32, BK: 16 };
    // Chunks of 80, the last 60, with vec4 loads and K checks; each operand plain in one product and transposed in
    // the other (a pipeline each, so two rather than all four pairs).
    for (const [ta, tb] of [[false, true], [true, false]]) await checkProduct(ops, tiles, 68, 300, 36, ta, tb, 4);
    await checkProduct(ops, tiles, 17, 33, 9, false, false, 3); // chunks of 16, 16 and 1, scalar loads
    ops.dispose();
  });
});

/** One product with bias and accumulation against float64; operands sit in buffers whose tails hold NaN. */
async function checkProduct(ops: GpuOps, tiles: MatmulTiles, M: number, K: number, N: number, ta: boolean, tb: boolean, splits: number): Promise<void> {
  const put = (name: string, x: Float64Array) => {
    putF(ops, name, new Float64Array(4 * x.length + 1024).fill(NaN));
    return putF(ops, name, x) as GpuTensor;
  };
  const [a, b, bias, c0] = [randn(M * K, 1 + M), randn(K * N, 2 + N), randn(N, 3), randn(M * N, 4)];
  const c = put('c', c0);
  matmul(ops.ctx, put('a', a), put('b', b), c, M, K, N, { ta, tb, acc: true }, put('bias', bias), ops.f32('dummy', 1), false, tiles, splits);
  const got = await ops.readF32(c, M * N);
  expectClose(got, ref(a, b, M, K, N, ta, tb, bias, c0), { rtol: 1e-4 * Math.sqrt(K), atol: 1e-4 * Math.sqrt(K) }, `(${M},${K},${N}) ta=${ta} tb=${tb} splits=${splits}`);
}
