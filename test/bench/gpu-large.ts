// Large WebGPU measurements shared by `npm run bench`, its Chromium page and tools/device-bench: matmul GFLOP/s at
// big sizes (one product after a compile warm-up on a software adapter, where 1024³ takes seconds), the model FLOPs
// of a training step, and the f32 peaks of known GPUs for the achieved fraction.
import { GpuOps } from '../../src/gpu/ops';
import type { ModelConfig } from '../../src/model/params';
import { timeIt } from './measure';

/** GFLOP/s of one (n, n) x (n, n) forward product: a 64³ product with the same kernel variant first (compiles it),
 * then one timed product on a CPU adapter, or as many as fill half a second on a GPU. */
export async function largeMatmulGflops(device: GPUDevice, n: number): Promise<number> {
  const ops = new GpuOps(device);
  const tensors = (k: number) => [ops.f32('a', k * k), ops.f32('b', k * k), ops.f32('c', k * k)] as const;
  const warm = tensors(64);
  ops.matmul(warm[0], warm[1], warm[2], 64, 64, 64, { forward: true });
  await ops.readF32(warm[2], 1);
  const [a, b, c] = tensors(n);
  const fill = new Float32Array(n * n).map((_, i) => ((i * 2654435761) % 1000) / 1000 - 0.5);
  ops.writeF32(a, fill);
  ops.writeF32(b, fill);
  const product = async () => {
    ops.matmul(a, b, c, n, n, n, { forward: true });
    await ops.readF32(c, 1);
  };
  let seconds: number;
  if (ops.cpuAdapter) {
    const t0 = performance.now();
    await product();
    seconds = (performance.now() - t0) / 1000;
  } else seconds = await timeIt(product, 0.5);
  ops.dispose();
  return (2 * n ** 3) / seconds / 1e9;
}

/**
 * Model FLOPs of one training step (forward, backward, no recomputation counted): 6 per weight per token for the
 * matrix products (the tied head included), and the attention products (causal: half the T² scores; QKᵀ and PV
 * forward, four products backward).
 */
export function stepModelFlops(m: ModelConfig, rows: number, width: number): number {
  const R = rows * width;
  const D = m.dim;
  const weights = m.layers * (3 * D * D + D * D + 8 * D * D) + m.vocab * D;
  const attention = m.layers * rows * (width * width / 2) * D * 2 * (2 + 4);
  return 6 * weights * R + attention;
}

/** f32 (non-tensor-core) peaks in TFLOP/s of GPUs this bench may meet, by a pattern of their adapter description. */
const F32_PEAKS: [RegExp, number][] = [
  [/H200|H100.*SXM|H100 80GB HBM3/i, 67],
  [/H100/i, 51], // PCIe
  [/A100/i, 19.5],
  [/L40S/i, 91.6],
  [/L4\b/i, 30.3],
  [/A10\b/i, 31.2],
  [/RTX 4090/i, 82.6],
  [/T4\b/i, 8.1],
];

/** The f32 peak of the adapter described, in TFLOP/s, or null when it is not in the table. */
export function f32PeakTflops(description: string): number | null {
  return F32_PEAKS.find(([re]) => re.test(description))?.[1] ?? null;
}
