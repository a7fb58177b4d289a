// The kernel specs on WebGPU in Node (Dawn on SwiftShader) with the GPU-shaped layouts: rows reduced on subgroups,
// rows reduced in workgroup memory, and every matmul tile shape at awkward sizes, against float64.
import { describe, it } from 'vitest';
import type { GpuTensor } from '../../src/gpu/context';
import { GpuOps } from '../../src/gpu/ops';
import { matmul, type MatmulTiles } from '../../src/gpu/kernels/matmul';
import { expectClose, putF, randn } from './backends';
import { ref } from './specs/matmul.spec';
import { opsSpec } from './specs/ops.spec';
import { SUBGROUP_ROWS, TREE_ROWS, layoutBackend, sharedDevice } from './layouts';

describe('rows on subgroups (4 lanes)', () => opsSpec(layoutBackend(SUBGROUP_ROWS, true)));
describe('rows in workgroup memory (32 lanes)', () => opsSpec(layoutBackend(TREE_ROWS, false)));

const TILES: MatmulTiles[] = [
  { BM: 32, BN: 32, BK: 16 },
  { BM: 64, BN: 64, BK: 16 },
  { BM: 128, BN: 128, BK: 8 },
  { BM: 32, BN: 32, BK: 16, DIRECT: 1 },
];

describe('matmul tiles', () => {
  for (const tiles of TILES)
    it(`${tiles.BM}x${tiles.BN}x${tiles.BK}${tiles.DIRECT ? ' direct' : ''}: every transpose with bias and accumulation at (17,33,9), (68,36,132), (36,48,68): scalar and vec4 loads, partial tiles, NaN past the operands`, async () => {
      const ops = new GpuOps(await sharedDevice());
      for (const [M, K, N] of [[17, 33, 9], [68, 36, 132], [36, 48, 68]])
        for (const ta of [false, true])
          for (const tb of [false, true]) {
            const a = randn(M * K, 1 + M);
            const b = randn(K * N, 2 + N);
            const bias = randn(N, 3);
            const c0 = randn(M * N, 4);
            // Operands sit in buffers whose tails hold NaN: reads past a tensor must never reach a stored output.
            const put = (name: string, x: Float64Array) => {
              putF(ops, name, new Float64Array(4 * x.length + 1024).fill(NaN));
              return putF(ops, name, x) as GpuTensor;
            };
            const c = put('c', c0);
            matmul(ops.ctx, put('a', a), put('b', b), c, M, K, N, { ta, tb, acc: true }, put('bias', bias), ops.f32('dummy', 1), false, tiles);
            const got = await ops.readF32(c, M * N);
            expectClose(got, ref(a, b, M, K, N, ta, tb, bias, c0), { rtol: 1e-4 * Math.sqrt(K), atol: 1e-4 * Math.sqrt(K) }, `(${M},${K},${N}) ta=${ta} tb=${tb}`);
          }
      ops.dispose();
    });
});
