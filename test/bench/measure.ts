// Benchmark bodies shared by the Node CLI and the Chromium bench page: matmul GFLOP/s and training-step tokens/s on
// one of our engines (wasm with n threads, the TypeScript twin, or WebGPU).
import { Rng } from '../../src/core/rng';
import { CpuOps } from '../../src/cpu/ops';
import { GpuOps } from '../../src/gpu/ops';
import type { AnyOps } from '../../src/model/ops';
import type { ModelConfig } from '../../src/model/params';
import { TransformerPolicy } from '../../src/model/policy';
import type { StepHyper, TrainBatch } from '../../src/model/policy-api';
import { WasmOps } from '../../src/wasm/ops';

export interface SizeSpec {
  name: string;
  model: ModelConfig;
  rows: number; // B
  width: number; // T
}

/** Which of our backends runs: wasm SIMD on n threads, the TypeScript twin, or WebGPU (forward products in f16 when asked and able). */
export type Engine = { kind: 'wasm'; threads: number } | { kind: 'twin' } | { kind: 'webgpu'; device: GPUDevice; f16?: boolean };

export const HYPER: StepHyper = { objective: 'grpo', lr: 1e-3, beta: 0.01, epsLow: 0.2, epsHigh: 0.28, gradClip: 1, weightDecay: 0.01, temperature: 1 };

/** Seconds per call of `f`, after one warm-up call, over at least `minS` seconds and one call. */
export async function timeIt(f: () => Promise<void>, minS = 1): Promise<number> {
  await f();
  let n = 0;
  const t0 = performance.now();
  do {
    await f();
    n++;
  } while (performance.now() - t0 < minS * 1000);
  return (performance.now() - t0) / 1000 / n;
}

export async function opsFor(e: Engine): Promise<AnyOps> {
  if (e.kind === 'wasm') return WasmOps.create({ threads: e.threads });
  if (e.kind === 'twin') return new CpuOps();
  return new GpuOps(e.device, { f16: e.f16 });
}

/** GFLOP/s of an (n, n) x (n, n) forward matmul; `reps` products per readback. */
export async function matmulGflops(e: Engine, n: number, reps = 4): Promise<number> {
  const ops = await opsFor(e);
  const a = ops.f32('a', n * n);
  const b = ops.f32('b', n * n);
  const c = ops.f32('c', n * n);
  const r = Rng.fromSeed(1);
  ops.writeF32(a, Float32Array.from({ length: n * n }, () => r.normal()));
  ops.writeF32(b, Float32Array.from({ length: n * n }, () => r.normal()));
  const s = await timeIt(async () => {
    for (let i = 0; i < reps; i++) ops.matmul(a, b, c, n, n, n, { forward: true });
    await ops.readF32(c, 1);
  }, 0.5);
  ops.dispose();
  return (2 * n * n * n * reps) / s / 1e9;
}

/** A GRPO batch of random tokens with loss on the second half of every row. */
export function randomBatch(vocab: number, B: number, T: number, seed = 1): TrainBatch {
  const r = Rng.fromSeed(seed);
  const weight = new Float32Array(B * T);
  for (let n = 0; n < B; n++) for (let t = T >> 1; t < T; t++) weight[n * T + t] = 1 / (B * (T - (T >> 1)));
  return {
    rows: B,
    width: T,
    tokens: Int32Array.from({ length: B * T }, () => 8 + r.int(vocab - 8)),
    lengths: new Int32Array(B).fill(T),
    weight,
    advantage: Float32Array.from({ length: B }, () => r.normal()),
    oldLogp: Float32Array.from({ length: B * T }, () => -Math.log(vocab) + 0.1 * r.normal()),
    refLogp: Float32Array.from({ length: B * T }, () => -Math.log(vocab) + 0.1 * r.normal()),
  };
}

/** Tokens per second of one whole training step (forward, loss, backward, AdamW, metrics readback). */
export async function stepTokensPerS(e: Engine, s: SizeSpec, minS = 1): Promise<number> {
  const p = new TransformerPolicy(await opsFor(e), s.model, Rng.fromSeed(1));
  const batch = randomBatch(s.model.vocab, s.rows, s.width);
  const sec = await timeIt(async () => void (await p.trainStep(batch, HYPER)), minS);
  p.dispose();
  return (s.rows * s.width) / sec;
}
