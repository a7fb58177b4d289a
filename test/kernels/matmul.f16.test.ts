// The f16 variant of the matmul kernel on Dawn + lavapipe (the software adapter here with shader-f16): equal to its
// CPU twin (matmulF16), within the f16 error bound of the exact product, and really different from the f32 kernel.
import { describe, expect, it } from 'vitest';
import { CpuOps } from '../../src/cpu/ops';
import { acquireDevice } from '../../src/gpu/device';
import { GpuOps } from '../../src/gpu/ops';
import type { AnyOps, MatmulOptions } from '../../src/model/ops';
import { expectClose, putF, randn } from './backends';
import { matmul64 as ref } from './reference64';

const F16_EPS = 2 ** -11; // unit roundoff of f16
const SIZES = [1, 17, 33, 257];

const backends = new Map<boolean, Promise<GpuOps>>();
/** One GpuOps per precision on one device (pipelines compile once). */
function gpu(f16: boolean): Promise<GpuOps> {
  let ops = backends.get(f16);
  if (!ops) {
    ops = acquireDevice().then((g) => {
      if (g.kind !== 'webgpu') throw new Error(`no WebGPU device: ${g.reason}`);
      return new GpuOps(g.device, { f16 });
    });
    backends.set(f16, ops);
  }
  return ops;
}

interface Case {
  M: number;
  K: number;
  N: number;
  o: MatmulOptions;
  bias: boolean;
}

/** C from both backends for one case, with the exact (float64) product and its magnitude Σ|a||b| per element. */
async function run(c: Case, seed: number, scale = 1) {
  const { M, K, N, o } = c;
  const a = randn(M * K, seed, scale);
  const b = randn(K * N, seed + 1, scale);
  const bias = c.bias ? randn(N, seed + 2) : null;
  const c0 = randn(M * N, seed + 3);
  const out: Float32Array[] = [];
  for (const ops of [await gpu(true), new CpuOps({ f16: true })] as AnyOps[]) {
    const C = putF(ops, 'c', c0);
    ops.matmul(putF(ops, 'a', a), putF(ops, 'b', b), C, M, K, N, o, bias ? putF(ops, 'bias', bias) : undefined);
    out.push(await ops.readF32(C, M * N));
  }
  const exact = ref(a, b, M, K, N, !!o.ta, !!o.tb, bias, o.acc ? c0 : null);
  const magnitude = ref(a.map(Math.abs), b.map(Math.abs), M, K, N, !!o.ta, !!o.tb, null, null); // Σ|a||b|
  return { gpu: out[0], twin: out[1], exact, magnitude };
}

describe('matmul, f16 variant (Dawn on lavapipe)', () => {
  it('the device has shader-f16 and GpuOps takes f16 only when asked', async () => {
    expect((await gpu(true)).precision).toBe('f16');
    expect((await gpu(false)).precision).toBe('f32');
  });

  for (const M of SIZES)
    for (const K of SIZES) {
      const N = SIZES[(SIZES.indexOf(M) + SIZES.indexOf(K)) % SIZES.length];
      it(`(${M},${K},${N}), every transpose, bias and accumulation: equals the CPU twin, within f16's bound of exact`, async () => {
        for (const ta of [false, true])
          for (const tb of [false, true]) {
            const c: Case = { M, K, N, o: { ta, tb, acc: ta, forward: true }, bias: tb }; // none, bias, acc, both
            const r = await run(c, 7 + M + K);
            const what = `C ta=${ta} tb=${tb}`;
            // Same roundings, same order: only f32 sums of identical terms, so agreement to a few f32 ulps.
            expectClose(r.gpu, r.twin, { rtol: 1e-6, atol: 1e-6 }, `${what} vs twin`);
            // Inputs and products rounded to f16: each term off by at most ~3 f16 ulps of itself, f32 sums on top.
            r.exact.forEach((x, i) => expect(Math.abs(r.gpu[i] - x), `${what} index ${i}`).toBeLessThanOrEqual(3 * F16_EPS * r.magnitude[i] + 1e-6 * (1 + Math.abs(x))));
          }
      });
    }

  it('really runs in f16: its error against exact is f16-sized, where the f32 kernel is f32-sized', async () => {
    const c: Case = { M: 33, K: 257, N: 17, o: { forward: true }, bias: false };
    const r = await run(c, 3);
    const f32: AnyOps = await gpu(false);
    const C = f32.f32('c', c.M * c.N);
    f32.matmul(putF(f32, 'a', randn(c.M * c.K, 3)), putF(f32, 'b', randn(c.K * c.N, 4)), C, c.M, c.K, c.N, { forward: true });
    const full = await f32.readF32(C, c.M * c.N);
    const worst = (x: ArrayLike<number>) => r.exact.reduce((w, e, i) => Math.max(w, Math.abs(x[i] - e) / r.magnitude[i]), 0);
    expect(worst(r.gpu)).toBeGreaterThan(1e-5); // f16 inputs: relative error ~1e-4
    expect(worst(full)).toBeLessThan(1e-6); // f32: ~1e-7
  });

  it('gradient products (no forward flag) stay f32 under f16 precision', async () => {
    const ops: AnyOps = await gpu(true);
    const [M, K, N] = [17, 33, 9];
    const a = randn(M * K, 5);
    const b = randn(K * N, 6);
    const C = ops.f32('c', M * N);
    ops.matmul(putF(ops, 'a', a), putF(ops, 'b', b), C, M, K, N, { ta: false });
    const got = await ops.readF32(C, M * N);
    const want = new Float32Array(M * N);
    new CpuOps().matmul(Float32Array.from(a), Float32Array.from(b), want, M, K, N);
    expectClose(got, want, { rtol: 1e-5, atol: 1e-5 }, 'C');
  });

  it('edge cases: values past f16 range overflow to ±Infinity as in the twin; tiny values keep f16 subnormals', async () => {
    const big = await run({ M: 2, K: 3, N: 2, o: { forward: true }, bias: false }, 9, 1e5); // |x| up to 1e5 > 65504
    expect(big.twin.some((x) => !Number.isFinite(x))).toBe(true);
    big.twin.forEach((x, i) => expect(big.gpu[i]).toBe(x));
    const tiny = await run({ M: 4, K: 5, N: 3, o: { forward: true }, bias: false }, 10, 3e-3); // products ~1e-5: subnormal in f16
    expectClose(tiny.gpu, tiny.twin, { rtol: 1e-6, atol: 1e-12 }, 'tiny');
    tiny.exact.forEach((x, i) => expect(Math.abs(tiny.gpu[i] - x)).toBeLessThan(0.05 * tiny.magnitude[i] + 1e-9));
  });
});
