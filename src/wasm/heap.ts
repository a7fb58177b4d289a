// The one linear memory of a WasmOps and its tensors. A tensor is a byte offset and a length: it stays valid when
// the memory grows (typed views are remade then). Named workspaces grow to powers of two and never move back, so a
// handle taken before a workspace grew still points at memory nobody else gets (at most 2x the largest size).

export type DType = 'f32' | 'i32';

export interface WasmTensor<D extends DType = DType> {
  readonly ptr: number; // byte offset, 64-aligned for workspaces
  readonly length: number; // elements
  readonly dtype: D;
}

const PAGE = 65536;
const ALIGN = 64;

/** Grow to a power of two (at least 16 elements) so alternating shapes settle on one block. */
function grown(n: number): number {
  return Math.max(16, 2 ** Math.ceil(Math.log2(Math.max(n, 1))));
}

export class Heap {
  private top: number;
  private readonly named = new Map<string, WasmTensor>();
  private f32v = new Float32Array(0);
  private i32v = new Int32Array(0);
  private f64v = new Float64Array(0);

  constructor(readonly memory: WebAssembly.Memory, heapBase: number, private readonly maxBytes: number) {
    this.top = heapBase;
  }

  /** Bytes handed out past the linker's stack and data. */
  get bytesAllocated(): number {
    let s = 0;
    for (const t of this.named.values()) s += t.length * 4;
    return s;
  }

  /** A fresh block of `bytes`, growing the memory when needed. */
  alloc(bytes: number, align = ALIGN): number {
    const ptr = Math.ceil(this.top / align) * align;
    const end = ptr + bytes;
    if (end > this.maxBytes) throw new Error(`WebAssembly memory is full: ${bytes} more bytes would pass the ${this.maxBytes / 2 ** 20} MiB limit; use a smaller model or batch`);
    const have = this.memory.buffer.byteLength;
    if (end > have) this.memory.grow(Math.ceil((end - have) / PAGE));
    this.top = end;
    return ptr;
  }

  /** The workspace `name` of at least `length` elements (reallocated larger when asked for more). */
  tensor<D extends DType>(name: string, dtype: D, length: number): WasmTensor<D> {
    if (!Number.isInteger(length) || length < 0) throw new Error(`tensor ${name}: size ${length} is not a whole number >= 0`);
    const key = `${dtype}:${name}`;
    const t = this.named.get(key) as WasmTensor<D> | undefined;
    if (t && t.length >= length) return t;
    const n = grown(length);
    const made: WasmTensor<D> = { ptr: this.alloc(n * 4), length: n, dtype };
    this.named.set(key, made);
    return made;
  }

  private fresh(): boolean {
    return this.f32v.byteLength === this.memory.buffer.byteLength;
  }
  private remake(): void {
    const b = this.memory.buffer;
    this.f32v = new Float32Array(b);
    this.i32v = new Int32Array(b);
    this.f64v = new Float64Array(b);
  }
  get f32(): Float32Array {
    if (!this.fresh()) this.remake();
    return this.f32v;
  }
  get i32(): Int32Array {
    if (!this.fresh()) this.remake();
    return this.i32v;
  }
  get f64(): Float64Array {
    if (!this.fresh()) this.remake();
    return this.f64v;
  }
}
