// The pointer-generator mixture's C SIMD kernels (src/wasm/c/pointer.c): the twin-equality spec with the work split
// between two threads, and the same bits on a rerun and on 1, 2 or 3 threads (backward splits the sequences).
import { expect, it } from 'vitest';
import { POINTER_HEADS as HP, pointerWidth } from '../../src/model/ops';
import { WasmOps } from '../../src/wasm/ops';
import { wasmBackend } from './backends';
import { F, ints } from './specs/ops.spec';
import { pointerSpec } from './specs/pointer.spec';

pointerSpec(() => wasmBackend(2));

/** Forward and backward over N 5 rows of T 19 (Dp 3, V 37), every output as bits. */
async function run(threads: number): Promise<Buffer> {
  const [N, T, Dp, V] = [5, 19, 3, 37];
  const W = pointerWidth(Dp);
  const ops = await WasmOps.create({ threads, minParallelWork: 0 });
  const put = (name: string, x: Float32Array) => (ops.writeF32(ops.f32(name, x.length), x), ops.f32(name, x.length));
  const q = put('q', F(N * T * W, 1, 2));
  const logits = put('logits', F(N * T * V, 2, 3));
  const dOut = put('dOut', F(N * T * V, 3, 0.5));
  const targets = ops.i32('targets', N * T * HP);
  ops.writeI32(targets, Int32Array.from(ints(N * T * HP, V + 2, 4), (x) => x - 1));
  const q0 = ops.i32('q0', N);
  ops.writeI32(q0, new Int32Array(N));
  const len = ops.i32('len', N);
  ops.writeI32(len, Int32Array.from({ length: N }, (_, n) => T - 3 * n));
  const [out, probs, dLogits, dq] = [ops.f32('out', N * T * V), ops.f32('probs', N * HP * T * T), ops.f32('dLogits', N * T * V), ops.f32('dq', N * T * W)];
  ops.pointer(q, q, targets, q0, len, logits, out, probs, N, T, T, Dp, V);
  ops.pointerBackward(q, probs, targets, logits, dOut, dLogits, dq, N, T, Dp, V);
  const got = [await ops.readF32(out, N * T * V), await ops.readF32(probs, N * HP * T * T), await ops.readF32(dLogits, N * T * V), await ops.readF32(dq, N * T * W)];
  ops.dispose();
  return Buffer.concat(got.map((x) => Buffer.from(x.buffer)));
}

it('the pointer kernels give the same bits on a rerun and on 1, 2 or 3 threads', async () => {
  const one = await run(1);
  for (const other of [await run(1), await run(2), await run(3)]) expect(other.equals(one)).toBe(true);
});
