// GpuOps: the WebGPU backend of the op set. Each method is the wrapper of one kernel (.wgsl in ./kernels): it
// records a dispatch into the context's open encoder; pipelines and bind groups are cached by the context.
import { POINTER_HEADS, type AdamHyper, type LossHyper, type MatmulOptions, type Ops, type Precision } from '../model/ops';
import { GpuContext, type GpuTensor, type Uniforms } from './context';
import { matmul } from './kernels/matmul';
import addCode from './kernels/add.wgsl?raw';
import adamwCode from './kernels/adamw.wgsl?raw';
import attentionCode from './kernels/attention.wgsl?raw';
import attnBackQCode from './kernels/attention_backward_q.wgsl?raw';
import attnBackKvCode from './kernels/attention_backward_kv.wgsl?raw';
import colsumCode from './kernels/colsum.wgsl?raw';
import copyRowsCode from './kernels/copyrows.wgsl?raw';
import embeddingCode from './kernels/embedding.wgsl?raw';
import embeddingBackCode from './kernels/embedding_backward.wgsl?raw';
import geluCode from './kernels/gelu.wgsl?raw';
import gradnormCode from './kernels/gradnorm.wgsl?raw';
import layernormCode from './kernels/layernorm.wgsl?raw';
import lnBackXCode from './kernels/layernorm_backward_x.wgsl?raw';
import lnBackParamCode from './kernels/layernorm_backward_param.wgsl?raw';
import logprobsCode from './kernels/logprobs.wgsl?raw';
import sampleCode from './kernels/sample.wgsl?raw';
import tokenlossCode from './kernels/tokenloss.wgsl?raw';
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
}

export class GpuOps implements Ops<T, T> {
  readonly kind = 'webgpu' as const;
  readonly precision: Precision;
  readonly ctx: GpuContext;
  private readonly dummy: T;

  constructor(readonly device: GPUDevice, options: GpuOpsOptions = {}) {
    this.precision = options.f16 && device.features.has('shader-f16') ? 'f16' : 'f32';
    this.ctx = new GpuContext(device);
    this.dummy = this.f32('dummy', 64);
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
  view(base: T, offset: number, size: number): T {
    return { buffer: base.buffer, offset: base.offset + offset * 4, size };
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
    this.run(embeddingBackCode, { ACC: 1 }, { u: [R, D, V] }, [tokens, dOut, dWte], V * D);
    this.run(embeddingBackCode, { ACC: 0 }, { u: [R, D, P] }, [pos, dOut, dWpe], P * D);
  }
  matmul(a: T, b: T, c: T, M: number, K: number, N: number, o: MatmulOptions = {}, bias?: T): void {
    matmul(this.ctx, a, b, c, M, K, N, o, bias, this.dummy, this.precision === 'f16' && !!o.forward);
  }
  colSum(dOut: T, dBias: T, M: number, N: number): void {
    this.run(colsumCode, {}, { u: [M, N] }, [dOut, dBias], N);
  }
  layerNorm(x: T, g: T, b: T, out: T, mean: T, rstd: T, R: number, D: number): void {
    this.run(layernormCode, {}, { u: [R, D] }, [x, g, b, out, mean, rstd], R);
  }
  layerNormBackward(dOut: T, x: T, g: T, mean: T, rstd: T, dx: T, dg: T, db: T, R: number, D: number, acc: boolean): void {
    this.run(lnBackXCode, { ACC: +acc }, { u: [R, D] }, [dOut, x, g, mean, rstd, dx], R);
    this.run(lnBackParamCode, {}, { u: [R, D] }, [dOut, x, mean, rstd, dg, db], D);
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
  attention(q: T, kv: T, qStart: T, keyLen: T, out: T, probs: T, N: number, Tq: number, Tk: number, H: number, Dh: number): void {
    this.run(attentionCode, {}, { u: [N, Tq, Tk, H, Dh] }, [q, kv, qStart, keyLen, out, probs], N * H * Tq);
  }
  attentionBackward(qkv: T, probs: T, dOut: T, dqkv: T, N: number, T_: number, H: number, Dh: number): void {
    const dS = this.f32('attn.dS', N * H * T_ * T_);
    this.run(attnBackQCode, {}, { u: [N, T_, H, Dh] }, [qkv, probs, dOut, dS, dqkv], N * H * T_);
    this.run(attnBackKvCode, {}, { u: [N, T_, H, Dh] }, [qkv, probs, dOut, dS, dqkv], N * H * T_);
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
    this.run(logprobsCode, {}, { u: [R, V], f: [invTemp] }, [logits, targets, out], R);
  }
  tokenLoss(logits: T, targets: T, weight: T, adv: T, oldLogp: T, refLogp: T | null, dLogits: T, stats: T, N: number, T_: number, V: number, h: LossHyper): void {
    const constants = { CE: +(h.objective === 'ce'), REF: +(refLogp !== null) };
    const uni = { u: [T_, N * T_, V], f: [h.invTemp, refLogp ? h.beta : 0, h.epsLow, h.epsHigh] };
    this.run(tokenlossCode, constants, uni, [logits, targets, weight, adv, oldLogp, refLogp ?? this.dummy, dLogits, stats], N * T_);
  }
  gradNorm(g: T, n: number, out: T): void {
    this.ctx.dispatch(gradnormCode, {}, { u: [n] }, [g, out], [1]);
  }
  adamw(p: T, g: T, m: T, v: T, norm: T, n: number, h: AdamHyper): void {
    const c1 = 1 - Math.pow(h.beta1, h.step);
    const c2 = 1 - Math.pow(h.beta2, h.step);
    const uni = { u: [n], f: [h.lr, h.beta1, h.beta2, h.eps, h.weightDecay, c1, c2, h.gradClip] };
    this.run(adamwCode, {}, uni, [g, norm, p, m, v], n);
  }
  sample(logits: T, mask: T | null, u: T, tokens: T, logp: T, N: number, V: number, invTemp: number, topP: number): void {
    this.run(sampleCode, { MASK: +(mask !== null) }, { u: [N, V], f: [invTemp, topP] }, [logits, mask ?? this.dummy, u, tokens, logp], N);
  }
  flush(): void {
    this.ctx.flush();
  }
  dispose(): void {
    this.ctx.dispose();
  }
}
