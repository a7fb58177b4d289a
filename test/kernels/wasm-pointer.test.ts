// The pointer-generator mixture's C kernels (src/wasm/c/pointer.c): the twin-equality spec with the work split between
// two threads; the twin's own bits (but for rare roundings) at card-battler-like shapes, so that runs on wasm and on
// the twin stay together over hundreds of steps; the same bits on a rerun and on 1, 2 or 3 threads.
import { expect, it } from 'vitest';
import { pointer as pointerTwin, pointerBackward as pointerBackwardTwin } from '../../src/cpu/pointer';
import { POINTER_HEADS as HP, pointerWidth } from '../../src/model/ops';
import { WasmOps } from '../../src/wasm/ops';
import { wasmBackend } from './backends';
import { F, ints } from './specs/ops.spec';
import { pointerSpec } from './specs/pointer.spec';

pointerSpec(() => wasmBackend(2));

/** Inputs of forward and backward over N rows of T: numbers' logits 100 below (the policy's NUMBER_BIAS), some keys short. */
function inputs(N: number, T: number, Dp: number, V: number) {
  const logits = F(N * T * V, 2, 3);
  for (let r = 0; r < N * T; r++) for (let v = 6; v < Math.min(V, 40); v++) logits[r * V + v] -= 100;
  return {
    q: F(N * T * pointerWidth(Dp), 1, 2), logits, dOut: F(N * T * V, 3, 0.5),
    targets: Int32Array.from(ints(N * T * HP, V + 2, 4), (x) => x - 1),
    keyLen: Int32Array.from({ length: N }, (_, n) => T - 3 * n),
  };
}

/** Forward and backward on wasm: out, probs, dLogits, dq. */
async function onWasm(threads: number, N: number, T: number, Dp: number, V: number): Promise<Float32Array[]> {
  const x = inputs(N, T, Dp, V);
  const ops = await WasmOps.create({ threads, minParallelWork: 0 });
  const put = (name: string, a: Float32Array) => (ops.writeF32(ops.f32(name, a.length), a), ops.f32(name, a.length));
  const putI = (name: string, a: Int32Array) => (ops.writeI32(ops.i32(name, a.length), a), ops.i32(name, a.length));
  const [q, logits, dOut] = [put('q', x.q), put('logits', x.logits), put('dOut', x.dOut)];
  const [targets, q0, len] = [putI('targets', x.targets), putI('q0', new Int32Array(N)), putI('len', x.keyLen)];
  const sizes = [N * T * V, N * HP * T * T, N * T * V, N * T * pointerWidth(Dp)];
  const [out, probs, dLogits, dq] = ['out', 'probs', 'dLogits', 'dq'].map((k, i) => ops.f32(k, sizes[i]));
  ops.pointer(q, q, targets, q0, len, logits, out, probs, N, T, T, Dp, V);
  ops.pointerBackward(q, probs, targets, logits, dOut, dLogits, dq, N, T, Dp, V);
  const got = await Promise.all([out, probs, dLogits, dq].map((t, i) => ops.readF32(t, sizes[i])));
  ops.dispose();
  return got;
}

it("the pointer kernels give the twin's bits, but for at most 1 in 10,000 values (N 3, T 40, Dp 16, V 120)", async () => {
  const [N, T, Dp, V] = [3, 40, 16, 120];
  const x = inputs(N, T, Dp, V);
  const want = [new Float32Array(N * T * V), new Float32Array(N * HP * T * T), new Float32Array(N * T * V), new Float32Array(N * T * pointerWidth(Dp))];
  pointerTwin(x.q, x.q, x.targets, new Int32Array(N), x.keyLen, x.logits, want[0], want[1], N, T, T, Dp, V);
  pointerBackwardTwin(x.q, want[1], x.targets, x.logits, x.dOut, want[2], want[3], N, T, Dp, V);
  const got = await onWasm(1, N, T, Dp, V);
  let differ = 0;
  let total = 0;
  got.forEach((g, k) => g.forEach((v, i) => ((total += 1), (differ += Object.is(v, want[k][i]) ? 0 : 1))));
  expect(differ, `${differ} of ${total} values differ`).toBeLessThanOrEqual(total / 1e4);
});

it('the pointer kernels give the same bits on a rerun and on 1, 2 or 3 threads', async () => {
  const bits = async (threads: number) => Buffer.concat((await onWasm(threads, 5, 19, 3, 37)).map((x) => Buffer.from(x.buffer)));
  const one = await bits(1);
  for (const other of [await bits(1), await bits(2), await bits(3)]) expect(other.equals(one)).toBe(true);
});
