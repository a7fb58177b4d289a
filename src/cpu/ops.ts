// CpuOps: the CPU backend of the op set, plain TypeScript over Float32Array (the specification of every kernel).
import type { MatmulOptions, Ops, Precision } from '../model/ops';
import { matmul, matmulF16, colSum } from './matmul';
import { add, embedding, embeddingBackward, gelu, geluBackward, layerNorm, layerNormBackward, copyRows } from './layers';
import { attention, attentionBackward } from './attention';
import { logprobs, sample, tokenLoss } from './loss';
import { adamw, gradNorm } from './optim';
import { pointer, pointerBackward } from './pointer';

/** Grow to a power of two so alternating shapes settle on one buffer. */
function grown(n: number): number {
  return Math.max(16, 2 ** Math.ceil(Math.log2(Math.max(n, 1))));
}

export interface CpuOpsOptions {
  /** Emulate the WebGPU f16 precision: same roundings in the same order (the f16 kernels' twin; slow, for tests). */
  f16?: boolean;
}

export class CpuOps implements Ops<Float32Array, Int32Array> {
  readonly kind = 'cpu' as const;
  readonly precision: Precision;

  constructor(options: CpuOpsOptions = {}) {
    this.precision = options.f16 ? 'f16' : 'f32';
  }
  private floats = new Map<string, Float32Array>();
  private ints = new Map<string, Int32Array>();

  f32(name: string, size: number): Float32Array {
    let t = this.floats.get(name);
    if (!t || t.length < size) this.floats.set(name, (t = new Float32Array(grown(size))));
    return t;
  }
  i32(name: string, size: number): Int32Array {
    let t = this.ints.get(name);
    if (!t || t.length < size) this.ints.set(name, (t = new Int32Array(grown(size))));
    return t;
  }
  /** Bytes held by workspaces (constant once a run's shapes have been seen). */
  get bytesAllocated(): number {
    let s = 0;
    for (const t of this.floats.values()) s += t.byteLength;
    for (const t of this.ints.values()) s += t.byteLength;
    return s;
  }
  view(base: Float32Array, offset: number, size: number): Float32Array {
    return base.subarray(offset, offset + size);
  }
  writeF32(t: Float32Array, data: Float32Array): void {
    t.set(data);
  }
  writeI32(t: Int32Array, data: Int32Array): void {
    t.set(data);
  }
  async readF32(t: Float32Array, size: number): Promise<Float32Array> {
    return t.slice(0, size);
  }
  async readI32(t: Int32Array, size: number): Promise<Int32Array> {
    return t.slice(0, size);
  }

  embedding = embedding;
  embeddingBackward(tokens: Int32Array, pos: Int32Array, dOut: Float32Array, dWte: Float32Array, dWpe: Float32Array, R: number, D: number, _V: number, P: number): void {
    embeddingBackward(tokens, pos, dOut, dWte, dWpe, R, D, P);
  }
  matmul(a: Float32Array, b: Float32Array, c: Float32Array, M: number, K: number, N: number, o: MatmulOptions = {}, bias?: Float32Array): void {
    (this.precision === 'f16' && o.forward ? matmulF16 : matmul)(a, b, c, M, K, N, o, bias);
  }
  colSum = colSum;
  layerNorm = layerNorm;
  layerNormBackward = layerNormBackward;
  gelu = gelu;
  geluBackward = geluBackward;
  add = add;
  attention = attention;
  attentionBackward = attentionBackward;
  copyRows = copyRows;
  pointer = pointer;
  pointerBackward = pointerBackward;
  logprobs = logprobs;
  tokenLoss = tokenLoss;
  gradNorm = gradNorm;
  adamw = adamw;
  sample = sample;
  flush(): void {}
  dispose(): void {
    this.floats.clear();
    this.ints.clear();
  }
}
