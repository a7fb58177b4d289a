// Dedicated-worker entry for the worker kernel test: runs matmul and attention on WebGPU inside the worker and
// posts back the results with the CPU twin's, for the page to compare.
import { CpuOps } from '../../src/cpu/ops';
import { acquireDevice } from '../../src/gpu/device';
import { GpuOps } from '../../src/gpu/ops';
import type { AnyOps } from '../../src/model/ops';
import { randn } from './backends';

async function run(ops: AnyOps): Promise<Float32Array[]> {
  const [M, K, N] = [17, 33, 9];
  const put = (name: string, n: number, seed: number) => {
    const t = ops.f32(name, n);
    ops.writeF32(t, Float32Array.from(randn(n, seed)));
    return t;
  };
  const c = ops.f32('c', M * N);
  ops.matmul(put('a', M * K, 1), put('b', K * N, 2), c, M, K, N, { tb: false }, put('bias', N, 3));
  const [B, T, H, Dh] = [2, 17, 2, 4];
  const qkv = put('qkv', B * T * 3 * H * Dh, 4);
  const q0 = ops.i32('q0', B);
  ops.writeI32(q0, new Int32Array(B));
  const len = ops.i32('len', B);
  ops.writeI32(len, Int32Array.from([17, 4]));
  const out = ops.f32('out', B * T * H * Dh);
  ops.attention(qkv, qkv, q0, len, out, ops.f32('probs', B * H * T * T), B, T, T, H, Dh);
  return [await ops.readF32(c, M * N), await ops.readF32(out, B * T * H * Dh)];
}

self.onmessage = async () => {
  const got = await acquireDevice();
  if (got.kind !== 'webgpu') return void self.postMessage({ error: got.reason });
  const gpu = await run(new GpuOps(got.device));
  const cpu = await run(new CpuOps());
  self.postMessage({ gpu, cpu, adapter: got.adapter.architecture });
};
