// createPolicy: a transformer policy on the CPU twin or on WebGPU, from a preset (or shape), a vocabulary size and a seed.
import { Rng } from '../core/rng';
import { CpuOps } from '../cpu/ops';
import { acquireDevice } from '../gpu/device';
import { GpuOps } from '../gpu/ops';
import type { Precision } from './ops';
import type { ModelConfig } from './params';
import type { Policy } from './policy-api';
import { TransformerPolicy } from './policy';
import { checkModelFits, presetConfig, type PresetName } from './presets';

export interface PolicyOptions {
  /** A named size, or an explicit shape. */
  model: PresetName | Omit<ModelConfig, 'vocab'>;
  /** The tokenizer's vocabulary size. */
  vocab: number;
  seed: number;
  /** 'auto' takes WebGPU when a device is available and the model fits, else the CPU. Default 'auto'. */
  backend?: 'cpu' | 'webgpu' | 'auto';
  /** Use this device instead of acquiring one. */
  device?: GPUDevice;
  /** Rows per training step, for the fit check (default 16). */
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

/** Why the backend is what it is (e.g. 'no navigator.gpu ...' when 'auto' fell back to the CPU). */
export interface PolicyResult {
  policy: CreatedPolicy;
  note: string;
}

export async function createPolicy(o: PolicyOptions): Promise<PolicyResult> {
  const config: ModelConfig = typeof o.model === 'string' ? presetConfig(o.model, o.vocab, o.pointer) : { ...o.model, vocab: o.vocab };
  const rng = Rng.fromSeed(o.seed);
  const want = o.backend ?? 'auto';
  if (want !== 'cpu') {
    let device = o.device;
    let note = 'webgpu';
    if (!device) {
      const got = await acquireDevice();
      if (got.kind === 'webgpu') device = got.device;
      else note = got.reason;
    }
    if (device) {
      const adapterLimits = device.limits as unknown as Parameters<typeof checkModelFits>[1];
      const fit = checkModelFits(config, adapterLimits, o.rows);
      if (fit.ok) {
        const ops = new GpuOps(device, { f16: o.f16 });
        return { policy: new TransformerPolicy(ops, config, rng), note: `${fit.message}; ${precisionNote(ops.precision, !!o.f16)}` };
      }
      note = fit.message;
    }
    if (want === 'webgpu') throw new Error(`WebGPU policy unavailable: ${note}`);
    return { policy: new TransformerPolicy(new CpuOps(), config, rng), note: `cpu (${note})` };
  }
  return { policy: new TransformerPolicy(new CpuOps(), config, rng), note: 'cpu' };
}

function precisionNote(precision: Precision, wanted: boolean): string {
  if (precision === 'f16') return 'f16 forward matrix products (shader-f16)';
  return wanted ? 'f32 (this adapter has no shader-f16)' : 'f32';
}
