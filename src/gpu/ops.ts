// GpuOps: the WebGPU backend of the op set. Each method is the wrapper of one kernel (.wgsl in ./kernels): it
// records a dispatch into the context's open encoder; pipelines and bind groups are cached by the context.
import { POINTER_HEADS, type AdamHyper, type LossHyper, type MatmulOptions, type Ops, type Precision } from '../model/ops';
import { GpuContext, type GpuTensor, type Uniforms } from './context';
import { attention, attentionBackward, attentionSavedSize } from './kernels/attention';
import { matmul, matmulTiles, splitK } from './kernels/matmul';
import { RowKernels } from './kernels/rows';
import { verifiedSubgroupSize } from './subgroups';
import { isCpuAdapter } from './device';
import addCode from './kernels/add.wgsl?raw';
import adamwCode from './kernels/adamw.wgsl?raw';
import copyRowsCode from './kernels/copyrows.wgsl?raw';
import embeddingCode from './kernels/embedding.wgsl?raw';
import embeddingBackCode from './kernels/embedding_backward.wgsl?raw';
import embeddingSortCode from './kernels/embedding_sort.wgsl?raw';
import geluCode from './kernels/gelu.wgsl?raw';
import * as pointerKernels from './pointer';

type T = GpuTensor;
const WG = 64;

/** Workgroups for n threads of WG each, split over two dimensions past the 65535 limit. */
function groups(n: number): [number, number] {
  const g = Math.max(1, Math.ceil(n / WG));
  return g <= 65535 ? [g, 1] : [65535, Math.ceil(g / 65535)];
}

export interface GpuOpsOptions {
  /** Run forward matrix products in f16 when the device has shader-f16 (default false: f32 everywhere). */
  f16?: boolean;
  /** Reduce with subgroups (default: where acquireDevice's probe verified them; true is ignored elsewhere). */
  subgroups?: boolean;
  /** Threads per row in the row kernels, a power of two (default: 1 on a CPU adapter, 32 on a GPU). */
  rowLanes?: number;
}

export class GpuOps implements Ops<T, T> {
  readonly kind = 'webgpu' as const;
  readonly precision: Precision;
  readonly ctx: GpuContext;
  /** A software adapter (SwiftShader, lavapipe): kernels shaped for CPU threads rather than GPU cores. */
  readonly cpuAdapter: boolean;
  private readonly dummy: T;
  private readonly rows: RowKernels;

  constructor(readonly device: GPUDevice, options: GpuOpsOptions = {}) {
    this.precision = options.f16 && device.features.has('shader-f16') ? 'f16' : 'f32';
    this.cpuAdapter = isCpuAdapter(device);
    this.ctx = new GpuContext(device);
    this.dummy = this.f32('dummy', 64);
    const subgroupSize = options.subgroups === false ? null : verifiedSubgroupSize(device);
    this.rows = new RowKernels(this.ctx, { lanes: options.rowLanes ?? (this.cpuAdapter ? 1 : 32), subgroupSize }, this.dummy);
  }

  /** Whether the row reductions run on subgroups. */
  get subgroups(): boolean {
    return this.rows.onSubgroups;
  }

  get bytesAllocated(): number {
    return this.ctx.pool.bytesAllocated;
  }
  f32(name: string, size: number): T {
    return { buffer: this.ctx.pool.get('f:' + name, size * 4), offset: 0, size };
  }
  i32(name: string, size: number): T {
    return { buffer: this.ctx.pool.get('i:' + name, size * 4), offset: 0, size };
  }
  /**
   * A window of `base`. Its bindings cover the window rounded up to 64 floats (the alignment of view offsets, so that
   * neighbouring views never overlap); a window that ends where `base` ends binds to the end of the buffer, so that
   * a tail of varying size (a step's loss stats) keeps one bind group.
   */
  view(base: T, offset: number, size: number): T {
    const tail = offset + size >= base.size;
    return { buffer: base.buffer, offset: base.offset + offset * 4, size, span: tail ? base.span : Math.ceil(size / 64) * 256 };
  }
  writeF32(t: T, data: Float32Array): void {
    this.write(t, data);
  }
  writeI32(t: T, data: Int32Array): void {
    this.write(t, data);
  }
  private write(t: T, data: Float32Array | Int32Array): void {
    this.ctx.flush(); // work recorded before must see the old contents
    this.device.queue.writeBuffer(t.buffer, t.offset, data.buffer, data.byteOffset, data.byteLength);
  }
  async readF32(t: T, size: number): Promise<Float32Array> {
    return new Float32Array(await this.ctx.read(t, size * 4), 0, size);
  }
  async readI32(t: T, size: number): Promise<Int32Array> {
    return new Int32Array(await this.ctx.read(t, size * 4), 0, size);
  }

  private run(code: string, constants: Record<string, number>, uni: Uniforms, tensors: T[], threads: number): void {
    this.ctx.dispatch(code, { WG, ...constants }, uni, tensors, groups(threads));
  }

  embedding(tokens: T, pos: T, wte: T, wpe: T, out: T, R: number, D: number): void {
    this.run(embeddingCode, {}, { u: [R, D] }, [tokens, pos, wte, wpe, out], R * D);
  }
  embeddingBackward(tokens: T, pos: T, dOut: T, dWte: T, dWpe: T, R: number, D: number, V: number, P: number): void {
    this.scatterRows(tokens, dOut, dWte, R, D, V, true);
    this.scatterRows(pos, dOut, dWpe, R, D, P, false);
  }
  /** dTable (rows, D) (+)= dOut's rows summed by index: a stable sort of rows by index, then one pass per table entry. */
  private scatterRows(index: T, dOut: T, dTable: T, R: number, D: number, rows: number, acc: boolean): void {
    const sorted = this.ctx.workspace('embedding.sorted', rows + 1 + R);
    this.ctx.dispatch(embeddingSortCode, {}, { u: [R, rows] }, [index, this.ctx.workspace('embedding.counts', rows), sorted], [1]);
    this.run(embeddingBackCode, { ACC: +acc }, { u: [R, D, rows] }, [sorted, dOut, dTable], rows * D);
  }
  matmul(a: T, b: T, c: T, M: number, K: number, N: number, o: MatmulOptions = {}, bias?: T): void {
    const f16 = this.precision === 'f16' && !!o.forward;
    const tiles = matmulTiles(M, N, this.cpuAdapter);
    matmul(this.ctx, a, b, c, M, K, N, o, bias, this.dummy, f16, tiles, f16 ? 1 : splitK(M, N, K, tiles));
  }
  colSum(dOut: T, dBias: T, M: number, N: number): void {
    this.rows.colSum(dOut, dBias, M, N);
  }
  layerNorm(x: T, g: T, b: T, out: T, mean: T, rstd: T, R: number, D: number): void {
    this.rows.layerNorm(x, g, b, out, mean, rstd, R, D);
  }
  layerNormBackward(dOut: T, x: T, g: T, mean: T, rstd: T, dx: T, dg: T, db: T, R: number, D: number, acc: boolean): void {
    this.rows.layerNormBackward(dOut, x, g, mean, rstd, dx, dg, db, R, D, acc);
  }
  gelu(x: T, out: T, n: number): void {
    this.run(geluCode, { BACKWARD: 0 }, { u: [n] }, [x, this.dummy, out], n);
  }
  geluBackward(x: T, dOut: T, dx: T, n: number): void {
    this.run(geluCode, { BACKWARD: 1 }, { u: [n] }, [x, dOut, dx], n);
  }
  add(a: T, b: T, n: number): void {
    this.run(addCode, {}, { u: [n] }, [b, a], n);
  }
  /** Attention saves the log-sum-exp per query (and backward's row dots), not the (N, H, Tq, Tk) probabilities. */
  attentionSavedSize(N: number, H: number, Tq: number): number {
    return attentionSavedSize(N, H, Tq);
  }
  attention(q: T, kv: T, qStart: T, keyLen: T, out: T, saved: T, N: number, Tq: number, Tk: number, H: number, Dh: number): void {
    attention(this.ctx, q, kv, qStart, keyLen, out, saved, N, Tq, Tk, H, Dh, this.cpuAdapter);
  }
  attentionBackward(qkv: T, saved: T, dOut: T, dqkv: T, N: number, T_: number, H: number, Dh: number): void {
    attentionBackward(this.ctx, qkv, saved, dOut, dqkv, N, T_, H, Dh, this.cpuAdapter);
  }
  copyRows(flat: T, seq: T, pos: T, N: number, Tw: number, W: number, gather: boolean): void {
    this.run(copyRowsCode, { GATHER: +gather }, { u: [N, Tw, W] }, [pos, flat, seq], N * W);
  }
  pointer(q: T, kv: T, targets: T, qStart: T, keyLen: T, logits: T, out: T, probs: T, N: number, Tq: number, Tk: number, Dp: number, V: number): void {
    pointerKernels.pointer(this.ctx, q, kv, targets, qStart, keyLen, logits, out, probs, N, Tq, Tk, Dp, V);
  }
  pointerBackward(qkv: T, probs: T, targets: T, logits: T, dOut: T, dLogits: T, dq: T, N: number, T_: number, Dp: number, V: number): void {
    const dS = this.f32('pointer.dS', N * POINTER_HEADS * T_ * T_);
    pointerKernels.pointerBackward(this.ctx, qkv, probs, targets, logits, dOut, dLogits, dq, dS, N, T_, Dp, V);
  }
  logprobs(logits: T, targets: T, out: T, R: number, V: number, invTemp: number): void {
    this.rows.logprobs(logits, targets, out, R, V, invTemp);
  }
  tokenLoss(logits: T, targets: T, weight: T, adv: T, oldLogp: T, refLogp: T | null, dLogits: T, stats: T, N: number, T_: number, V: number, h: LossHyper): void {
    this.rows.tokenLoss(logits, targets, weight, adv, oldLogp, refLogp, dLogits, stats, N, T_, V, h);
  }
  gradNorm(g: T, n: number, out: T): void {
    this.rows.gradNorm(g, n, out);
  }
  adamw(p: T, g: T, m: T, v: T, norm: T, n: number, h: AdamHyper): void {
    const c1 = 1 - Math.pow(h.beta1, h.step);
    const c2 = 1 - Math.pow(h.beta2, h.step);
    const uni = { u: [n], f: [h.lr, h.beta1, h.beta2, h.eps, h.weightDecay, c1, c2, h.gradClip] };
    this.run(adamwCode, {}, uni, [g, norm, p, m, v], n);
  }
  sample(logits: T, mask: T | null, u: T, tokens: T, logp: T, entropy: T, N: number, V: number, invTemp: number, topP: number): void {
    this.rows.sample(logits, mask, u, tokens, logp, entropy, N, V, invTemp, topP);
  }
  flush(): void {
    this.ctx.flush();
  }
  dispose(): void {
    this.ctx.dispose();
  }
}
