// The GPU buffer pool: named buffers that persist and only grow, so a run's memory is constant after its first step.

/** GPUBufferUsage flags as numbers, so this module loads where the WebGPU globals are absent (plain Node). */
export const USAGE = { MAP_READ: 0x1, COPY_SRC: 0x4, COPY_DST: 0x8, UNIFORM: 0x40, STORAGE: 0x80 } as const;
export const STORAGE = USAGE.STORAGE | USAGE.COPY_SRC | USAGE.COPY_DST;

export class BufferPool {
  private named = new Map<string, GPUBuffer>();
  private ids = new WeakMap<GPUBuffer, number>();
  private nextId = 1;
  private retired: GPUBuffer[] = [];
  /** Total bytes of all live buffers. */
  bytesAllocated = 0;
  /** Counts buffer replacements, so caches keyed on buffers know when to drop stale entries. */
  generation = 0;

  constructor(private readonly device: GPUDevice) {}

  /** The buffer named `name`, at least `bytes` long; replaced by a larger one (rounded up to a power of two) when too small. */
  get(name: string, bytes: number, usage: number = STORAGE): GPUBuffer {
    const have = this.named.get(name);
    if (have && have.size >= bytes) return have;
    if (have) {
      this.bytesAllocated -= have.size;
      this.retired.push(have); // recorded, unsubmitted work may still use it
      this.generation++;
    }
    const size = Math.max(256, 2 ** Math.ceil(Math.log2(Math.max(bytes, 1))));
    const buf = this.device.createBuffer({ label: name, size, usage });
    this.ids.set(buf, this.nextId++);
    this.bytesAllocated += size;
    this.named.set(name, buf);
    return buf;
  }

  /** How many named buffers are live. */
  get count(): number {
    return this.named.size;
  }

  /** A small stable number per buffer, for bind-group cache keys. */
  id(buf: GPUBuffer): number {
    return this.ids.get(buf) ?? 0;
  }

  /** Destroy buffers replaced since the last call (after the work using them was submitted). */
  releaseRetired(): void {
    for (const b of this.retired) b.destroy();
    this.retired = [];
  }

  dispose(): void {
    this.releaseRetired();
    for (const b of this.named.values()) b.destroy();
    this.named.clear();
    this.bytesAllocated = 0;
  }
}
