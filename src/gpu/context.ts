// The WebGPU runtime: one command encoder per batch of dispatches, a uniform arena bound with dynamic offsets, and
// caches of shader modules, pipelines and bind groups whose keys hold no tensor sizes, so that they stay bounded.
import { BufferPool, USAGE } from './pool';

/** A float or int tensor on the GPU: a window of a storage buffer (offset in bytes, size in elements). */
export interface GpuTensor {
  buffer: GPUBuffer;
  offset: number;
  size: number;
  /** Bytes a binding covers from `offset` (a view's aligned extent); absent: to the end of the buffer. */
  span?: number;
}

/** A dispatch's uniforms: u32 fields first, then f32 fields, as the kernel's struct declares them. */
export interface Uniforms {
  u?: readonly number[];
  f?: readonly number[];
}

const SLOT = 256; // bytes per uniform slot (minUniformBufferOffsetAlignment)
const SLOTS = 4096; // dispatches per submit before an early flush
/** Bind groups kept; the least recently used go first past this (a run uses a fixed set far below it). */
export const MAX_BIND_GROUPS = 4096;

/** Sizes of the caches, for tests that check they stay bounded. */
export interface CacheSizes {
  modules: number;
  pipelines: number;
  bindGroups: number;
  buffers: number;
  bytes: number;
}

interface Kernel {
  module: GPUShaderModule;
  layout: GPUBindGroupLayout;
  pipelineLayout: GPUPipelineLayout;
  id: number;
}

export class GpuContext {
  readonly pool: BufferPool;
  private encoder: GPUCommandEncoder | null = null;
  private pass: GPUComputePassEncoder | null = null;
  private slot = 0;
  private readonly arena: GPUBuffer;
  private readonly staging = new ArrayBuffer(SLOT * SLOTS);
  private readonly stagingU = new Uint32Array(this.staging);
  private readonly stagingF = new Float32Array(this.staging);
  private readonly kernels = new Map<string, Kernel>();
  private readonly pipelines = new Map<string, GPUComputePipeline>();
  private readonly groups = new Map<string, GPUBindGroup>();
  private poolGeneration = 0;
  private errors: Promise<GPUError | null>[] = [];

  constructor(readonly device: GPUDevice) {
    this.pool = new BufferPool(device);
    this.arena = this.pool.get('uniform-arena', SLOT * SLOTS, USAGE.UNIFORM | USAGE.COPY_DST);
  }

  /** Record one dispatch of `code` with override `constants`, binding uniforms at 0 and tensors at 1.. in order. */
  dispatch(code: string, constants: Record<string, number>, uni: Uniforms, tensors: readonly GpuTensor[], groups: [number, number?, number?]): void {
    if (this.slot === SLOTS) this.flush();
    if (this.poolGeneration !== this.pool.generation) {
      this.groups.clear(); // groups of replaced buffers are stale
      this.poolGeneration = this.pool.generation;
    }
    const kernel = this.kernel(code);
    let constKey = `${kernel.id}`;
    for (const k in constants) constKey += `,${k}=${constants[k]}`;
    let pipeline = this.pipelines.get(constKey);
    if (!pipeline) {
      pipeline = this.checked(() => this.device.createComputePipeline({ layout: kernel.pipelineLayout, compute: { module: kernel.module, entryPoint: 'main', constants } }));
      this.pipelines.set(constKey, pipeline);
    }
    const group = this.bindGroup(kernel, tensors);
    const slot = this.slot++;
    const base = (slot * SLOT) / 4;
    const nu = uni.u?.length ?? 0;
    uni.u?.forEach((x, i) => (this.stagingU[base + i] = x >>> 0));
    uni.f?.forEach((x, i) => (this.stagingF[base + nu + i] = x));
    if (!this.pass) {
      this.encoder ??= this.device.createCommandEncoder();
      this.pass = this.encoder.beginComputePass();
    }
    this.pass.setPipeline(pipeline);
    this.pass.setBindGroup(0, group, [slot * SLOT]);
    this.pass.dispatchWorkgroups(groups[0], groups[1] ?? 1, groups[2] ?? 1);
  }

  /** The module and explicit bind-group layout of a kernel (its bindings read from the WGSL). */
  private kernel(code: string): Kernel {
    let k = this.kernels.get(code);
    if (!k) {
      const layout = this.device.createBindGroupLayout({ entries: layoutEntries(code) });
      k = this.checked(() => ({
        module: this.device.createShaderModule({ code }),
        layout,
        pipelineLayout: this.device.createPipelineLayout({ bindGroupLayouts: [layout] }),
        id: this.kernels.size,
      }));
      this.kernels.set(code, k);
    }
    return k;
  }

  /** The bind group of a kernel's layout over these tensors: keyed by buffers, offsets and spans, never sizes. */
  private bindGroup(kernel: Kernel, tensors: readonly GpuTensor[]): GPUBindGroup {
    let key = `${kernel.id}`;
    for (const t of tensors) key += `|${this.pool.id(t.buffer)}@${t.offset}+${bindingSize(t)}`;
    let group = this.groups.get(key);
    if (group) {
      this.groups.delete(key); // most recently used last
      this.groups.set(key, group);
      return group;
    }
    const entries: GPUBindGroupEntry[] = [{ binding: 0, resource: { buffer: this.arena, offset: 0, size: SLOT } }];
    tensors.forEach((t, i) => entries.push({ binding: i + 1, resource: { buffer: t.buffer, offset: t.offset, size: bindingSize(t) } }));
    group = this.checked(() => this.device.createBindGroup({ layout: kernel.layout, entries }));
    this.groups.set(key, group);
    if (this.groups.size > MAX_BIND_GROUPS) this.groups.delete(this.groups.keys().next().value as string);
    return group;
  }

  /** Run `f` inside a validation error scope; an error surfaces at the next read. */
  private checked<R>(f: () => R): R {
    this.device.pushErrorScope('validation');
    try {
      return f();
    } finally {
      this.errors.push(this.device.popErrorScope());
    }
  }

  /** A float workspace of at least `floats` elements that persists under `name` (kernels' scratch). */
  workspace(name: string, floats: number): GpuTensor {
    return { buffer: this.pool.get('ws:' + name, Math.max(1, floats) * 4), offset: 0, size: Math.max(1, floats) };
  }

  /** The open encoder, with any compute pass ended (for copies). */
  commandEncoder(): GPUCommandEncoder {
    this.pass?.end();
    this.pass = null;
    return (this.encoder ??= this.device.createCommandEncoder());
  }

  /** Upload this batch's uniforms and submit everything recorded, in one command buffer. */
  flush(): void {
    if (!this.encoder) return;
    const enc = this.commandEncoder();
    if (this.slot) this.device.queue.writeBuffer(this.arena, 0, this.staging, 0, this.slot * SLOT);
    this.checked(() => this.device.queue.submit([enc.finish()]));
    this.encoder = null;
    this.slot = 0;
    this.pool.releaseRetired();
  }

  /** Copy `bytes` from a tensor to the CPU (submits recorded work first); throws the first WebGPU error since the last read. */
  async read(t: GpuTensor, bytes: number): Promise<ArrayBuffer> {
    const size = Math.ceil(bytes / 4) * 4;
    const staging = this.pool.get('readback', size, USAGE.MAP_READ | USAGE.COPY_DST);
    this.commandEncoder().copyBufferToBuffer(t.buffer, t.offset, staging, 0, size);
    this.flush();
    const errors = this.errors;
    this.errors = [];
    await staging.mapAsync(1 /* GPUMapMode.READ */, 0, size);
    const out = staging.getMappedRange(0, size).slice(0);
    staging.unmap();
    const error = (await Promise.all(errors)).find((e) => e !== null);
    if (error) throw new Error(`WebGPU error: ${error.message}`);
    return out;
  }

  /** How many modules, pipelines, bind groups and buffers are cached, and the buffers' bytes. */
  cacheSizes(): CacheSizes {
    return { modules: this.kernels.size, pipelines: this.pipelines.size, bindGroups: this.groups.size, buffers: this.pool.count, bytes: this.pool.bytesAllocated };
  }

  dispose(): void {
    this.pool.dispose();
    this.groups.clear();
    this.pipelines.clear();
    this.kernels.clear();
  }
}

/** A tensor's binding in bytes: its span (or the rest of its buffer), at least one vec4. */
function bindingSize(t: GpuTensor): number {
  const rest = t.buffer.size - t.offset;
  return Math.max(16, Math.min(t.span ?? rest, rest));
}

/** Bind-group layout entries from a kernel's `@group(0) @binding(i) var<...>` declarations; the uniform is dynamic. */
export function layoutEntries(code: string): GPUBindGroupLayoutEntry[] {
  const entries: GPUBindGroupLayoutEntry[] = [];
  for (const m of code.matchAll(/@group\(0\)\s*@binding\((\d+)\)\s*var<\s*(uniform|storage\s*,\s*read_write|storage\s*,\s*read|storage)\s*>/g)) {
    const kind = m[2].replace(/\s/g, '');
    const type: GPUBufferBindingType = kind === 'uniform' ? 'uniform' : kind === 'storage,read_write' ? 'storage' : 'read-only-storage';
    entries.push({ binding: +m[1], visibility: 4 /* GPUShaderStage.COMPUTE */, buffer: { type, hasDynamicOffset: type === 'uniform' } });
  }
  return entries;
}
