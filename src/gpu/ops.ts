// GpuOps: the WebGPU backend of the op set; each op records one or more dispatches into the context's encoder.
import type { MatmulOptions } from '../model/ops';
import { GpuContext, type GpuTensor } from './context';
import { matmul } from './kernels/matmul';

export class GpuOps {
  readonly kind = 'webgpu' as const;
  readonly ctx: GpuContext;
  private readonly dummy: GpuTensor;

  constructor(readonly device: GPUDevice) {
    this.ctx = new GpuContext(device);
    this.dummy = this.f32('dummy', 64);
  }

  get bytesAllocated(): number {
    return this.ctx.pool.bytesAllocated;
  }
  f32(name: string, size: number): GpuTensor {
    return { buffer: this.ctx.pool.get('f:' + name, size * 4), offset: 0, size };
  }
  i32(name: string, size: number): GpuTensor {
    return { buffer: this.ctx.pool.get('i:' + name, size * 4), offset: 0, size };
  }
  view(base: GpuTensor, offset: number, size: number): GpuTensor {
    return { buffer: base.buffer, offset: base.offset + offset * 4, size };
  }
  writeF32(t: GpuTensor, data: Float32Array): void {
    this.ctx.flush(); // recorded work must see the old contents
    this.device.queue.writeBuffer(t.buffer, t.offset, data.buffer, data.byteOffset, data.byteLength);
  }
  writeI32(t: GpuTensor, data: Int32Array): void {
    this.ctx.flush();
    this.device.queue.writeBuffer(t.buffer, t.offset, data.buffer, data.byteOffset, data.byteLength);
  }
  async readF32(t: GpuTensor, size: number): Promise<Float32Array> {
    return new Float32Array(await this.ctx.read(t, size * 4), 0, size);
  }
  async readI32(t: GpuTensor, size: number): Promise<Int32Array> {
    return new Int32Array(await this.ctx.read(t, size * 4), 0, size);
  }

  matmul(a: GpuTensor, b: GpuTensor, c: GpuTensor, M: number, K: number, N: number, o: MatmulOptions = {}, bias?: GpuTensor): void {
    matmul(this.ctx, a, b, c, M, K, N, o, bias, this.dummy);
  }
  flush(): void {
    this.ctx.flush();
  }
  dispose(): void {
    this.ctx.dispose();
  }
}
