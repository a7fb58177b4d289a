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

const EVERY: [boolean, boolean][] = [[false, false], [false, true], [true, false], [true, true]];
/** (M, K, N) with the transposes to run: odd sizes (scalar loads, K checked), K a multiple of 4 but not of the tile
 * depth (vec4 loads, K checked), and of both (no checks); partial tiles throughout. */
const CASES: [number, number, number, [boolean, boolean][]][] = [
  [17, 33, 9, EVERY],
  [36, 48, 68, EVERY],
  [68, 36, 132, [[false, false], [true, true]]],
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

  it('split K (64x64x16): chunks summed in parallel, then in order, with bias and accumulation', async () => {
    const ops = new GpuOps(await sharedDevice());
    const tiles: MatmulTiles = { BM: 64, BN: 64, BK: 16 };
    for (const [ta, tb] of EVERY) await checkProduct(ops, tiles, 68, 300, 36, ta, tb, 4); // chunks of 80, the last 60
    await checkProduct(ops, tiles, 17, 33, 9, false, false, 3); // chunks of 16, 16 and 1
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
