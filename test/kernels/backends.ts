// Backends the kernel specs run on: the CPU twin, the WebAssembly backend (Node, or Chromium in a page or worker),
// and WebGPU (Dawn in Node, or Chromium in a page or worker).
import type { AnyOps } from '../../src/model/ops';
import { CpuOps } from '../../src/cpu/ops';
import { GpuOps } from '../../src/gpu/ops';
import { acquireDevice } from '../../src/gpu/device';
import { WasmOps } from '../../src/wasm/ops';

export interface Backend {
  name: string;
  ops: AnyOps;
  /** Allowed |got - want| <= atol + rtol * |want| against the float64 reference. */
  rtol: number;
  atol: number;
}

let cpu: Promise<Backend> | null = null;
let gpu: Promise<Backend> | null = null;

/** The CPU twin (one per test file). */
export function cpuBackend(): Promise<Backend> {
  return (cpu ??= Promise.resolve({ name: 'cpu', ops: new CpuOps(), rtol: 1e-5, atol: 1e-5 }));
}

const wasm = new Map<number, Promise<Backend>>();

/**
 * The WebAssembly backend with `threads` threads (one instance per test file and thread count); with more than one,
 * every op is split between the threads however small.
 */
export function wasmBackend(threads = 1): Promise<Backend> {
  let b = wasm.get(threads);
  if (!b) wasm.set(threads, (b = WasmOps.create({ threads, minParallelWork: 0 }).then((ops) => ({ name: `wasm x${threads}`, ops, rtol: 1e-5, atol: 1e-5 }))));
  return b;
}

/** One WebGPU device per test file: pipelines compile once (slow on SwiftShader). */
export function gpuBackend(): Promise<Backend> {
  return (gpu ??= acquireDevice().then((got) => {
    if (got.kind !== 'webgpu') throw new Error(`no WebGPU device: ${got.reason}`);
    return { name: 'webgpu', ops: new GpuOps(got.device), rtol: 1e-4, atol: 1e-4 };
  }));
}

/** Upload floats to a named tensor. */
export function putF(ops: AnyOps, name: string, data: ArrayLike<number>): unknown {
  const t = ops.f32(name, data.length);
  ops.writeF32(t, Float32Array.from(data));
  return t;
}

export function putI(ops: AnyOps, name: string, data: ArrayLike<number>): unknown {
  const t = ops.i32(name, data.length);
  ops.writeI32(t, Int32Array.from(data));
  return t;
}

/** Deterministic pseudo-random floats in [-s, s). */
export function randn(n: number, seed: number, s = 1): Float64Array {
  const out = new Float64Array(n);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) | 0;
    out[i] = (((x >>> 0) / 4294967296) * 2 - 1) * s;
  }
  return out;
}

/** Assert every element within tolerance; reports the first bad index. */
export function expectClose(got: ArrayLike<number>, want: ArrayLike<number>, b: { rtol: number; atol: number }, what: string): void {
  if (got.length < want.length) throw new Error(`${what}: got ${got.length} values, want ${want.length}`);
  let worst = 0;
  for (let i = 0; i < want.length; i++) {
    const err = Math.abs(got[i] - want[i]);
    const lim = b.atol + b.rtol * Math.abs(want[i]);
    if (!(err <= lim)) throw new Error(`${what}: index ${i}: got ${got[i]}, want ${want[i]} (|err| ${err} > ${lim})`);
    worst = Math.max(worst, err);
  }
}
