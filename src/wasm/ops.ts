// WasmOps: the CPU backend users run. Every op of src/model/ops.ts is a WebAssembly SIMD kernel (src/wasm/c) over
// one linear memory that holds all the model's tensors (handles are byte offsets: no copies per op). With threads
// (Node, or a cross-origin-isolated page) a pool of workers shares that memory and splits each large op.
import type { AdamHyper, LossHyper, MatmulOptions, Ops } from '../model/ops';
import { LOSS_STATS, POINTER_HEADS, pointerWidth } from '../model/ops';
import { Heap, type WasmTensor } from './heap';
import { availableThreads, createMemory, instantiate, kernelModule, MAX_PAGES, type Kernel, type KernelName, type Variant } from './module';
import { ThreadPool } from './pool';

type F = WasmTensor<'f32'>;
type I = WasmTensor<'i32'>;

/**
 * Work (multiply-adds, or elements times a per-element cost) below which an op runs on the calling thread only:
 * about 50 us of one core, less than waking a sleeping worker can take on a busy machine.
 */
const MIN_PARALLEL_WORK = 1 << 20;
/** Fixed chunks of the gradient norm's partial sums (the same for every thread count). */
const NORM_CHUNKS = 256;

export interface WasmOpsOptions {
  /** Threads, the caller included; default: what availableThreads() finds (1 in a page that is not cross-origin isolated). */
  threads?: number;
  /** Ops with less work run on the calling thread only (default 2^20 multiply-adds; tests pass 0 to split every op). */
  minParallelWork?: number;
}

/** Throws unless tensor t holds at least n elements. */
function need(t: WasmTensor, n: number, op: string, what: string): void {
  if (!(n <= t.length)) throw new Error(`${op}: ${what} holds ${t.length} values, the op needs ${n}`);
}

export class WasmOps implements Ops<F, I> {
  readonly kind = 'cpu' as const;
  readonly precision = 'f32' as const;
  private readonly k: Record<KernelName, Kernel>;

  private constructor(
    private readonly heap: Heap,
    kernels: Record<KernelName, Kernel>,
    private readonly pool: ThreadPool | null,
    private readonly minParallelWork: number,
  ) {
    this.k = kernels;
  }

  /** Compile (once per JS thread) and instantiate the kernels on a fresh memory, with a pool when threads > 1. */
  static async create(o: WasmOpsOptions = {}): Promise<WasmOps> {
    const threads = Math.max(1, Math.floor(o.threads ?? (await availableThreads())));
    const variant: Variant = threads > 1 ? 'threads' : 'single';
    const module = await kernelModule(variant);
    const memory = createMemory(variant, 64);
    const own = instantiate(module, memory);
    const heap = new Heap(memory, own.heapBase, MAX_PAGES * 65536);
    const pool = threads > 1 ? await ThreadPool.create(module, memory, threads, (bytes) => heap.alloc(bytes, 16)) : null;
    return new WasmOps(heap, own.kernels, pool, o.minParallelWork ?? MIN_PARALLEL_WORK);
  }

  /** Threads each large op runs on. */
  get threads(): number {
    return this.pool?.threads ?? 1;
  }
  /** Chunks a large op is cut into (one per call of its kernel): the slots of per-chunk scratch. */
  private get slots(): number {
    return this.pool?.chunks ?? 1;
  }
  /** What runs, for the backend note: 'wasm SIMD, 2 threads'. */
  describe(): string {
    return `wasm SIMD, ${this.threads} thread${this.threads > 1 ? 's' : ''}`;
  }
  get bytesAllocated(): number {
    return this.heap.bytesAllocated;
  }

  private run(name: KernelName, work: number, ...args: number[]): void {
    if (this.pool && work >= this.minParallelWork) this.pool.run(name, this.k[name], args);
    else this.k[name](...args, 0, 1);
  }

  /** Throws unless every index in t[0..n) is in [0, limit). */
  private checkIndices(t: I, n: number, limit: number, op: string, what: string): void {
    need(t, n, op, what);
    const v = this.heap.i32;
    for (let i = t.ptr >> 2, end = i + n; i < end; i++)
      if (!(v[i] >= 0 && v[i] < limit)) throw new Error(`${op}: ${what}[${i - (t.ptr >> 2)}] = ${v[i]} is outside [0, ${limit})`);
  }

  f32(name: string, size: number): F {
    return this.heap.tensor(name, 'f32', size);
  }
  i32(name: string, size: number): I {
    return this.heap.tensor(name, 'i32', size);
  }
  view(base: F, offset: number, size: number): F {
    if (!(offset >= 0 && size >= 0 && offset + size <= base.length)) throw new Error(`view [${offset}, ${offset + size}) is outside a tensor of ${base.length} values`);
    return { ptr: base.ptr + offset * 4, length: size, dtype: 'f32' };
  }
  writeF32(t: F, data: Float32Array): void {
    need(t, data.length, 'writeF32', 'the tensor');
    this.heap.f32.set(data, t.ptr >> 2);
  }
  writeI32(t: I, data: Int32Array): void {
    need(t, data.length, 'writeI32', 'the tensor');
    this.heap.i32.set(data, t.ptr >> 2);
  }
  async readF32(t: F, size: number): Promise<Float32Array> {
    need(t, size, 'readF32', 'the tensor');
    return this.heap.f32.slice(t.ptr >> 2, (t.ptr >> 2) + size);
  }
  async readI32(t: I, size: number): Promise<Int32Array> {
    need(t, size, 'readI32', 'the tensor');
    return this.heap.i32.slice(t.ptr >> 2, (t.ptr >> 2) + size);
  }

  embedding(tokens: I, pos: I, wte: F, wpe: F, out: F, R: number, D: number): void {
    this.checkIndices(tokens, R, Math.floor(wte.length / D), 'embedding', 'tokens');
    this.checkIndices(pos, R, Math.floor(wpe.length / D), 'embedding', 'positions');
    need(out, R * D, 'embedding', 'out');
    this.run('gh_embedding', R * D, tokens.ptr, pos.ptr, wte.ptr, wpe.ptr, out.ptr, R, D);
  }
  embeddingBackward(tokens: I, pos: I, dOut: F, dWte: F, dWpe: F, R: number, D: number, V: number, P: number): void {
    this.checkIndices(tokens, R, V, 'embeddingBackward', 'tokens');
    this.checkIndices(pos, R, P, 'embeddingBackward', 'positions');
    need(dOut, R * D, 'embeddingBackward', 'dOut');
    need(dWte, V * D, 'embeddingBackward', 'dWte');
    need(dWpe, P * D, 'embeddingBackward', 'dWpe');
    this.run('gh_embedding_backward', R * D, tokens.ptr, pos.ptr, dOut.ptr, dWte.ptr, dWpe.ptr, R, D, P);
  }
  matmul(a: F, b: F, c: F, M: number, K: number, N: number, o: MatmulOptions = {}, bias?: F): void {
    need(a, M * K, 'matmul', 'A');
    need(b, K * N, 'matmul', 'B');
    need(c, M * N, 'matmul', 'C');
    if (bias) need(bias, N, 'matmul', 'bias');
    let bp = b.ptr;
    if (o.tb) {
      const bt = this.f32('~matmul.bt', K * N); // B^T (K, N)
      this.run('gh_transpose', K * N, b.ptr, bt.ptr, N, K);
      bp = bt.ptr;
    }
    this.run('gh_matmul', M * K * N, a.ptr, bp, c.ptr, M, K, N, o.ta ? 1 : 0, N, bias ? bias.ptr : 0, o.acc ? 1 : 0);
  }
  colSum(dOut: F, dBias: F, M: number, N: number): void {
    need(dOut, M * N, 'colSum', 'dOut');
    need(dBias, N, 'colSum', 'dBias');
    this.run('gh_colsum', M * N, dOut.ptr, dBias.ptr, M, N);
  }
  layerNorm(x: F, g: F, b: F, out: F, mean: F, rstd: F, R: number, D: number): void {
    for (const [t, n, w] of [[x, R * D, 'x'], [g, D, 'g'], [b, D, 'b'], [out, R * D, 'out'], [mean, R, 'mean'], [rstd, R, 'rstd']] as const) need(t, n, 'layerNorm', w);
    this.run('gh_layernorm', R * D, x.ptr, g.ptr, b.ptr, out.ptr, mean.ptr, rstd.ptr, R, D);
  }
  layerNormBackward(dOut: F, x: F, g: F, mean: F, rstd: F, dx: F, dg: F, db: F, R: number, D: number, acc: boolean): void {
    for (const [t, n, w] of [[dOut, R * D, 'dOut'], [x, R * D, 'x'], [g, D, 'g'], [mean, R, 'mean'], [rstd, R, 'rstd'], [dx, R * D, 'dx'], [dg, D, 'dg'], [db, D, 'db']] as const) need(t, n, 'layerNormBackward', w);
    this.run('gh_layernorm_backward', 2 * R * D, dOut.ptr, x.ptr, g.ptr, mean.ptr, rstd.ptr, dx.ptr, dg.ptr, db.ptr, R, D, acc ? 1 : 0);
  }
  gelu(x: F, out: F, n: number): void {
    need(x, n, 'gelu', 'x');
    need(out, n, 'gelu', 'out');
    this.run('gh_gelu', n * 8, x.ptr, out.ptr, n);
  }
  geluBackward(x: F, dOut: F, dx: F, n: number): void {
    for (const [t, w] of [[x, 'x'], [dOut, 'dOut'], [dx, 'dx']] as const) need(t, n, 'geluBackward', w);
    this.run('gh_gelu_backward', n * 8, x.ptr, dOut.ptr, dx.ptr, n);
  }
  add(a: F, b: F, n: number): void {
    need(a, n, 'add', 'a');
    need(b, n, 'add', 'b');
    this.run('gh_add', n, a.ptr, b.ptr, n);
  }
  attention(q: F, kv: F, qStart: I, keyLen: I, out: F, probs: F, N: number, Tq: number, Tk: number, H: number, Dh: number): void {
    const D = H * Dh;
    need(q, N * Tq * 3 * D, 'attention', 'q');
    need(kv, N * Tk * 3 * D, 'attention', 'kv');
    need(qStart, N, 'attention', 'qStart');
    need(keyLen, N, 'attention', 'keyLen');
    need(out, N * Tq * D, 'attention', 'out');
    need(probs, N * H * Tq * Tk, 'attention', 'probs');
    const keys = Tq > 1 ? this.f32('~attention.kt', this.slots * Dh * (Math.ceil(Tk / 4) * 4)) : probs; // per chunk (Dh, Tk) transposed keys
    this.run('gh_attention', N * Tq * Tk * D, q.ptr, kv.ptr, qStart.ptr, keyLen.ptr, out.ptr, probs.ptr, keys.ptr, N, Tq, Tk, H, Dh);
  }
  attentionBackward(qkv: F, probs: F, dOut: F, dqkv: F, N: number, T: number, H: number, Dh: number): void {
    const D = H * Dh;
    need(qkv, N * T * 3 * D, 'attentionBackward', 'qkv');
    need(probs, N * H * T * T, 'attentionBackward', 'probs');
    need(dOut, N * T * D, 'attentionBackward', 'dOut');
    need(dqkv, N * T * 3 * D, 'attentionBackward', 'dqkv');
    this.run('gh_attention_backward', 2 * N * T * T * D, qkv.ptr, probs.ptr, dOut.ptr, dqkv.ptr, N, T, H, Dh);
  }
  copyRows(flat: F, seq: F, pos: I, N: number, Tw: number, W: number, gather: boolean): void {
    this.checkIndices(pos, N, Tw, 'copyRows', 'positions');
    need(flat, N * W, 'copyRows', 'flat');
    need(seq, N * Tw * W, 'copyRows', 'seq');
    this.run('gh_copy_rows', N * W, flat.ptr, seq.ptr, pos.ptr, N, Tw, W, gather ? 1 : 0);
  }
  pointer(q: F, kv: F, targets: I, qStart: I, keyLen: I, logits: F, out: F, probs: F, N: number, Tq: number, Tk: number, Dp: number, V: number): void {
    const W = pointerWidth(Dp);
    need(q, N * Tq * W, 'pointer', 'q');
    need(kv, N * Tk * W, 'pointer', 'kv');
    need(targets, N * Tk * POINTER_HEADS, 'pointer', 'targets');
    need(qStart, N, 'pointer', 'qStart');
    need(keyLen, N, 'pointer', 'keyLen');
    need(logits, N * Tq * V, 'pointer', 'logits');
    need(out, N * Tq * V, 'pointer', 'out');
    need(probs, N * POINTER_HEADS * Tq * Tk, 'pointer', 'probs');
    const work = N * Tq * (POINTER_HEADS * Tk * (Dp + 4) + 8 * V);
    this.run('gh_pointer', work, q.ptr, kv.ptr, targets.ptr, qStart.ptr, keyLen.ptr, logits.ptr, out.ptr, probs.ptr, N, Tq, Tk, Dp, V);
  }
  pointerBackward(qkv: F, probs: F, targets: I, logits: F, dOut: F, dLogits: F, dq: F, N: number, T: number, Dp: number, V: number): void {
    const W = pointerWidth(Dp);
    need(qkv, N * T * W, 'pointerBackward', 'qkv');
    need(probs, N * POINTER_HEADS * T * T, 'pointerBackward', 'probs');
    need(targets, N * T * POINTER_HEADS, 'pointerBackward', 'targets');
    for (const [t, w] of [[logits, 'logits'], [dOut, 'dOut'], [dLogits, 'dLogits']] as const) need(t, N * T * V, 'pointerBackward', w);
    need(dq, N * T * W, 'pointerBackward', 'dq');
    const scratch = this.f32('~pointer.scratch', 2 * this.slots * (POINTER_HEADS * T + (POINTER_HEADS + 1) * V)); // per chunk, doubles
    const work = N * T * (POINTER_HEADS * T * (2 * Dp + 4) + 12 * V);
    this.run('gh_pointer_backward', work, qkv.ptr, probs.ptr, targets.ptr, logits.ptr, dOut.ptr, dLogits.ptr, dq.ptr, scratch.ptr, N, T, Dp, V);
  }
  logprobs(logits: F, targets: I, out: F, R: number, V: number, invTemp: number): void {
    need(logits, R * V, 'logprobs', 'logits');
    this.checkIndices(targets, R, V, 'logprobs', 'targets');
    need(out, R, 'logprobs', 'out');
    this.run('gh_logprobs', R * V * 4, logits.ptr, targets.ptr, out.ptr, R, V, invTemp);
  }
  tokenLoss(logits: F, targets: I, weight: F, adv: F, oldLogp: F, refLogp: F | null, dLogits: F, stats: F, N: number, T: number, V: number, h: LossHyper): void {
    const R = N * T;
    need(logits, R * V, 'tokenLoss', 'logits');
    this.checkIndices(targets, R, V, 'tokenLoss', 'targets');
    need(weight, R, 'tokenLoss', 'weight');
    need(adv, N, 'tokenLoss', 'advantages');
    need(oldLogp, R, 'tokenLoss', 'oldLogp');
    if (refLogp) need(refLogp, R, 'tokenLoss', 'refLogp');
    need(dLogits, R * V, 'tokenLoss', 'dLogits');
    need(stats, R * LOSS_STATS, 'tokenLoss', 'stats');
    const args = [logits.ptr, targets.ptr, weight.ptr, adv.ptr, oldLogp.ptr, refLogp ? refLogp.ptr : 0, dLogits.ptr, stats.ptr, N, T, V];
    this.run('gh_token_loss', R * V * 6, ...args, h.objective === 'ce' ? 1 : 0, h.invTemp, h.beta, h.epsLow, h.epsHigh, h.entropyCoef);
  }
  gradNorm(g: F, n: number, out: F): void {
    need(g, n, 'gradNorm', 'g');
    need(out, 1, 'gradNorm', 'out');
    const partial = this.f32('~gradnorm.partial', 2 * NORM_CHUNKS); // NORM_CHUNKS doubles
    this.run('gh_grad_norm_partials', n, g.ptr, n, partial.ptr, NORM_CHUNKS);
    this.k.gh_grad_norm_finish(partial.ptr, NORM_CHUNKS, out.ptr);
  }
  adamw(p: F, g: F, m: F, v: F, norm: F, n: number, h: AdamHyper): void {
    for (const [t, w] of [[p, 'parameters'], [g, 'gradients'], [m, 'first moments'], [v, 'second moments']] as const) need(t, n, 'adamw', w);
    need(norm, 1, 'adamw', 'norm');
    const c1 = 1 - Math.pow(h.beta1, h.step);
    const c2 = 1 - Math.pow(h.beta2, h.step);
    this.run('gh_adamw', n * 4, p.ptr, g.ptr, m.ptr, v.ptr, norm.ptr, n, h.lr, h.beta1, h.beta2, h.eps, h.weightDecay, c1, c2, h.gradClip);
  }
  sample(logits: F, mask: F | null, u: F, tokens: I, logp: F, entropy: F, N: number, V: number, invTemp: number, topP: number): void {
    need(logits, N * V, 'sample', 'logits');
    if (mask) need(mask, N * V, 'sample', 'mask');
    need(u, N, 'sample', 'uniforms');
    need(tokens, N, 'sample', 'tokens');
    need(logp, N, 'sample', 'logp');
    need(entropy, N, 'sample', 'entropy');
    const q = this.f32('~sample.q', this.slots * V); // per chunk, one row's allowed probabilities
    this.run('gh_sample', N * V * (topP < 1 ? 35 : 5), logits.ptr, mask ? mask.ptr : 0, u.ptr, tokens.ptr, logp.ptr, entropy.ptr, q.ptr, N, V, invTemp, topP);
  }
  flush(): void {}
  dispose(): void {
    this.pool?.dispose();
  }
}
