// createPolicy: a transformer policy on the CPU (WebAssembly SIMD, or the TypeScript twin) or on WebGPU, from a
// preset (or shape), a vocabulary size and a seed. 'auto' times one training step on both and keeps the faster.
import { Rng } from '../core/rng';
import { CpuOps } from '../cpu/ops';
import { acquireDevice } from '../gpu/device';
import { GpuOps } from '../gpu/ops';
import { WasmOps } from '../wasm/ops';
import type { AnyOps, Precision } from './ops';
import type { ModelConfig } from './params';
import type { Policy, StepHyper, TrainBatch } from './policy-api';
import { TransformerPolicy } from './policy';
import { checkModelFits, presetConfig, type PresetName } from './presets';

export interface PolicyOptions {
  /** A named size, or an explicit shape. */
  model: PresetName | Omit<ModelConfig, 'vocab'>;
  /** The tokenizer's vocabulary size. */
  vocab: number;
  seed: number;
  /** 'auto' times a training step on WebGPU and on the CPU and keeps the faster (the CPU without a device). Default 'auto'. */
  backend?: 'cpu' | 'webgpu' | 'auto';
  /** The CPU engine: WebAssembly SIMD ('wasm', the default) or the plain-TypeScript twin ('twin', the oracle of tests). */
  cpu?: 'wasm' | 'twin';
  /** Threads of the wasm engine (default: what the context allows, at most 4; 1 in a page that is not cross-origin isolated). */
  threads?: number;
  /** Use this device instead of acquiring one. */
  device?: GPUDevice;
  /** Rows per training step, for the fit check and the calibration (default 16). */
  rows?: number;
  /** On WebGPU, run forward matrix products in f16 when the device has shader-f16 (see Precision). Default false. */
  f16?: boolean;
  /** With a named size: give it its pointer head (default true). */
  pointer?: boolean;
}

export interface CreatedPolicy extends Policy {
  readonly config: ModelConfig;
  /** Workspace bytes held by the backend. */
  readonly bytesAllocated: number;
}

/** Why the backend is what it is (e.g. 'webgpu chosen: ...' or 'cpu: wasm SIMD, 2 threads (no navigator.gpu ...)'). */
export interface PolicyResult {
  policy: CreatedPolicy;
  note: string;
}

/** The CPU ops: wasm unless the twin is asked for or WebAssembly cannot start (then the twin, saying why). */
async function cpuOps(o: PolicyOptions): Promise<{ ops: AnyOps; what: string }> {
  if (o.cpu === 'twin') return { ops: new CpuOps(), what: 'TypeScript twin' };
  try {
    const ops = await WasmOps.create({ threads: o.threads });
    return { ops, what: ops.describe() };
  } catch (e) {
    return { ops: new CpuOps(), what: `TypeScript twin, as WebAssembly failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

export async function createPolicy(o: PolicyOptions): Promise<PolicyResult> {
  const config: ModelConfig = typeof o.model === 'string' ? presetConfig(o.model, o.vocab, o.pointer) : { ...o.model, vocab: o.vocab };
  const want = o.backend ?? 'auto';
  const onCpu = async (why: string) => {
    const { ops, what } = await cpuOps(o);
    return { policy: new TransformerPolicy(ops, config, Rng.fromSeed(o.seed)), note: `cpu: ${what}${why}` };
  };
  if (want === 'cpu') return onCpu('');
  let device = o.device;
  let reason = '';
  if (!device) {
    const got = await acquireDevice();
    if (got.kind === 'webgpu') device = got.device;
    else reason = got.reason;
  }
  if (device) {
    const fit = checkModelFits(config, device.limits as unknown as Parameters<typeof checkModelFits>[1], o.rows);
    if (fit.ok) {
      const rows = o.rows ?? 16;
      const known = want === 'auto' ? verdicts.get(device)?.get(JSON.stringify([config, rows])) : undefined;
      if (known?.pick === 'cpu') return withWhy(await onCpu(''), known.why);
      const ops = new GpuOps(device, { f16: o.f16 });
      const perBuffer = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
      const limits = { totalBytes: Infinity, perBufferBytes: perBuffer }; // micro-batches keep each buffer within a binding
      const gpu = { policy: new TransformerPolicy(ops, config, Rng.fromSeed(o.seed), limits), note: `webgpu: ${fit.message}; ${precisionNote(ops.precision, !!o.f16)}` };
      if (want === 'webgpu') return gpu;
      if (known) return withWhy(gpu, known.why);
      return calibrated(gpu, await onCpu(''), config, rows, device);
    }
    reason = fit.message;
  }
  if (want === 'webgpu') throw new Error(`WebGPU policy unavailable: ${reason}`);
  return onCpu(` (no WebGPU: ${reason})`);
}

/** One calibration's verdict, per device and shape, so that later policies of a run (the reference) agree. */
const verdicts = new WeakMap<GPUDevice, Map<string, { pick: 'webgpu' | 'cpu'; why: string }>>();

/** Milliseconds of one training step after a warm-up step; the policy's state is put back as it was. */
async function stepMs(p: CreatedPolicy, batch: TrainBatch): Promise<number> {
  const state = await p.getState();
  const hyper: StepHyper = { objective: 'grpo', lr: 1e-3, beta: 0.01, epsLow: 0.2, epsHigh: 0.28, gradClip: 1, weightDecay: 0, temperature: 1 };
  await p.trainStep(batch, hyper);
  const t0 = performance.now();
  await p.trainStep(batch, hyper);
  const ms = performance.now() - t0;
  await p.setState(state);
  return ms;
}

/** A training batch of `rows` random rows at up to 64 tokens, the shape auto calibrates on. */
function calibrationBatch(c: ModelConfig, rows: number): TrainBatch {
  const r = Rng.fromSeed(0);
  const T = Math.min(c.window, 64);
  const R = rows * T;
  return {
    rows,
    width: T,
    tokens: Int32Array.from({ length: R }, () => r.int(c.vocab)),
    lengths: new Int32Array(rows).fill(T),
    weight: new Float32Array(R).fill(1 / R),
    advantage: Float32Array.from({ length: rows }, () => r.normal()),
    oldLogp: new Float32Array(R).fill(-Math.log(c.vocab)),
    refLogp: new Float32Array(R).fill(-Math.log(c.vocab)),
  };
}

/** The note of a policy 'auto' chose. */
function withWhy(r: PolicyResult, why: string): PolicyResult {
  return { policy: r.policy, note: `${r.note} (auto, ${why})` };
}

/** 'auto' with a device, first time for this shape: time a step on both, keep the faster, say which and why. */
async function calibrated(gpu: PolicyResult, cpu: PolicyResult, c: ModelConfig, rows: number, device: GPUDevice): Promise<PolicyResult> {
  const batch = calibrationBatch(c, rows);
  const g = await stepMs(gpu.policy, batch);
  const k = await stepMs(cpu.policy, batch);
  const v = { pick: g <= k ? ('webgpu' as const) : ('cpu' as const), why: `calibrated ${rows} x ${batch.width} tokens: webgpu ${g.toFixed(0)} ms, cpu ${k.toFixed(0)} ms per step` };
  let byShape = verdicts.get(device);
  if (!byShape) verdicts.set(device, (byShape = new Map()));
  byShape.set(JSON.stringify([c, rows]), v);
  const [kept, dropped] = v.pick === 'webgpu' ? [gpu, cpu] : [cpu, gpu];
  dropped.policy.dispose();
  return withWhy(kept, v.why);
}

function precisionNote(precision: Precision, wanted: boolean): string {
  if (precision === 'f16') return 'f16 forward matrix products (shader-f16)';
  return wanted ? 'f32 (this adapter has no shader-f16)' : 'f32';
}
