// The f16 matmul in the tiled shapes a GPU with shader-f16 runs (lavapipe, a CPU adapter, would pick the direct one):
// f16 tiles in workgroup memory, f16 products, f32 sums in ascending k, equal to the f16 twin within f32 rounding.
import { describe, it } from 'vitest';
import { CpuOps } from '../../src/cpu/ops';
import type { GpuTensor } from '../../src/gpu/context';
import { acquireDevice } from '../../src/gpu/device';
import { GpuOps } from '../../src/gpu/ops';
import { matmul, type MatmulTiles } from '../../src/gpu/kernels/matmul';
import { expectClose, randn } from './backends';

const CASES: [number, number, number, boolean, boolean][] = [
  [17, 33, 9, false, true],
  [17, 33, 9, true, false],
  [36, 48, 68, false, false],
  [36, 48, 68, true, true],
];

const TILES: MatmulTiles[] = [
  { BM: 32, BN: 32, BK: 16 },
  { BM: 64, BN: 64, BK: 16 },
  { BM: 128, BN: 128, BK: 8 },
];

describe('matmul, f16 variant, tiled (Dawn on lavapipe)', () => {
  for (const tiles of TILES)
    it(`${tiles.BM}x${tiles.BN}x${tiles.BK}: each transpose once, at (17,33,9) (scalar loads) or (36,48,68) (vec4), equals the f16 twin`, async () => {
      const got = await acquireDevice();
      if (got.kind !== 'webgpu') throw new Error(`no WebGPU device: ${got.reason}`);
      const ops = new GpuOps(got.device, { f16: true });
      const twin = new CpuOps({ f16: true });
      const put = (name: string, x: Float32Array): GpuTensor => {
        const t = ops.f32(name, x.length);
        ops.writeF32(t, x);
        return t;
      };
      for (const [M, K, N, ta, tb] of CASES) {
        const [a, b, bias] = [Float32Array.from(randn(M * K, 1 + K)), Float32Array.from(randn(K * N, 2 + N)), Float32Array.from(randn(N, 3))];
        const c = ops.f32('c', M * N);
        matmul(ops.ctx, put('a', a), put('b', b), c, M, K, N, { ta, tb, forward: true }, put('bias', bias), ops.f32('dummy', 1), true, tiles);
        const want = new Float32Array(M * N);
        twin.matmul(a, b, want, M, K, N, { ta, tb, forward: true }, bias);
        expectClose(await ops.readF32(c, M * N), want, { rtol: 1e-6, atol: 1e-6 }, `(${M},${K},${N}) ta=${ta} tb=${tb}`);
      }
      ops.dispose();
    });
});
