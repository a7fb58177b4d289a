// The WebGPU runtime: one command encoder per batch of dispatches, a uniform arena, pipeline and bind-group caches.
import { BufferPool, USAGE } from './pool';

/** A float or int tensor on the GPU: a window of a storage buffer (offset in bytes, size in elements). */
export interface GpuTensor {
  buffer: GPUBuffer;
  offset: number;
  size: number;
}

/** A dispatch's uniforms: u32 fields first, then f32 fields, as the kernel's struct declares them. */
export interface Uniforms {
  u?: readonly number[];
  f?: readonly number[];
}

const SLOT = 256; // bytes per uniform slot (minUniformBufferOffsetAlignment)
const SLOTS = 1024;

export class GpuContext {
  readonly pool: BufferPool;
  private encoder: GPUCommandEncoder | null = null;
  private pass: GPUComputePassEncoder | null = null;
  private slot = 0;
  private readonly arena: GPUBuffer;
  private readonly staging = new ArrayBuffer(SLOT * SLOTS);
  private readonly stagingU = new Uint32Array(this.staging);
  private readonly stagingF = new Float32Array(this.staging);
  private readonly codeIds = new Map<string, number>();
  private readonly modules = new Map<number, GPUShaderModule>();
  private readonly pipelines = new Map<string, GPUComputePipeline>();
  private readonly groups = new Map<string, GPUBindGroup>();
  private poolGeneration = 0;

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
    let codeId = this.codeIds.get(code);
    if (codeId === undefined) this.codeIds.set(code, (codeId = this.codeIds.size));
    const pipeKey = `${codeId}:${JSON.stringify(constants)}`;
    let pipeline = this.pipelines.get(pipeKey);
    if (!pipeline) {
      let module = this.modules.get(codeId);
      if (!module) this.modules.set(codeId, (module = this.device.createShaderModule({ code })));
      pipeline = this.device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main', constants } });
      this.pipelines.set(pipeKey, pipeline);
    }
    const slot = this.slot++;
    const base = (slot * SLOT) / 4;
    const nu = uni.u?.length ?? 0;
    uni.u?.forEach((x, i) => (this.stagingU[base + i] = x >>> 0));
    uni.f?.forEach((x, i) => (this.stagingF[base + nu + i] = x));
    const bindKey = pipeKey + '|' + slot + '|' + tensors.map((t) => `${this.pool.id(t.buffer)}@${t.offset}+${t.size}`).join(',');
    let group = this.groups.get(bindKey);
    if (!group) {
      const entries: GPUBindGroupEntry[] = [{ binding: 0, resource: { buffer: this.arena, offset: slot * SLOT, size: SLOT } }];
      tensors.forEach((t, i) => entries.push({ binding: i + 1, resource: { buffer: t.buffer, offset: t.offset, size: Math.max(4, t.size * 4) } }));
      group = this.device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries });
      this.groups.set(bindKey, group);
    }
    if (!this.pass) {
      this.encoder ??= this.device.createCommandEncoder();
      this.pass = this.encoder.beginComputePass();
    }
    this.pass.setPipeline(pipeline);
    this.pass.setBindGroup(0, group);
    this.pass.dispatchWorkgroups(groups[0], groups[1] ?? 1, groups[2] ?? 1);
  }

  /** The open encoder, with any compute pass ended (for copies). */
  commandEncoder(): GPUCommandEncoder {
    this.pass?.end();
    this.pass = null;
    return (this.encoder ??= this.device.createCommandEncoder());
  }

  /** Upload this batch's uniforms and submit everything recorded. */
  flush(): void {
    if (!this.encoder) return;
    const enc = this.commandEncoder();
    if (this.slot) this.device.queue.writeBuffer(this.arena, 0, this.staging, 0, this.slot * SLOT);
    this.device.queue.submit([enc.finish()]);
    this.encoder = null;
    this.slot = 0;
    this.pool.releaseRetired();
  }

  /** Copy `bytes` from a tensor to the CPU (submits recorded work first). */
  async read(t: GpuTensor, bytes: number): Promise<ArrayBuffer> {
    const size = Math.ceil(bytes / 4) * 4;
    const staging = this.pool.get('readback', size, USAGE.MAP_READ | USAGE.COPY_DST);
    this.commandEncoder().copyBufferToBuffer(t.buffer, t.offset, staging, 0, size);
    this.flush();
    await staging.mapAsync(1 /* GPUMapMode.READ */, 0, size);
    const out = staging.getMappedRange(0, size).slice(0);
    staging.unmap();
    return out;
  }

  dispose(): void {
    this.pool.dispose();
    this.groups.clear();
    this.pipelines.clear();
  }
}
