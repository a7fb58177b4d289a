// The transformer policy on any backend: KV-cached batched generation, log-probabilities and one GRPO / CE step.
import type { Rng } from '../core/rng';
import { LOSS_STATS, type LossHyper, type Ops, type Precision } from './ops';
import { CPU_LIMITS, LOG_SUM_EXP, microBatches, microBatchRows, PROBABILITIES, UNLIMITED, type MemoryLimits } from './memory';
import type { ModelConfig } from './params';
import { countParams, initParams, paramTable } from './params';
import type { Generation, GenerateOptions, Policy, PolicyState, StepHyper, StepMetrics, TokenBatch, TrainBatch } from './policy-api';
import { Transformer } from './transformer';
import { acceptStep, beginGeneration, fillAllowedMask } from './decoding';
import { PointerHead } from './pointer';

export class TransformerPolicy<F, I> implements Policy {
  readonly backend: 'cpu' | 'webgpu';
  readonly precision: Precision;
  readonly window: number;
  readonly parameterCount: number;
  private readonly model: Transformer<F, I>;
  /** The pointer/copy head (config.pointer > 0): the policy's token scores are its mixture's logits. */
  private readonly pointer: PointerHead<F, I> | null;
  private step = 0;

  /**
   * @param limits what the backend can hold, for the micro-batches of a training step (default: the wasm heap's on
   *   the CPU, none on WebGPU, whose createPolicy passes the device's per-buffer limit)
   */
  constructor(private readonly ops: Ops<F, I>, readonly config: ModelConfig, rng: Rng, private readonly limits: MemoryLimits = ops.kind === 'cpu' ? CPU_LIMITS : UNLIMITED) {
    this.backend = ops.kind;
    this.precision = ops.precision;
    this.window = config.window;
    const table = paramTable(config);
    this.parameterCount = countParams(table);
    this.model = new Transformer(ops, config, table);
    this.pointer = config.pointer ? new PointerHead(ops, table, this.model.params, this.model.grads, config.dim, config.vocab, config.pointer) : null;
    ops.writeF32(this.model.params, initParams(config, table, rng.split('init')));
    const zeros = new Float32Array(table.total);
    ops.writeF32(this.model.grads, zeros);
    ops.writeF32(this.model.m, zeros);
    ops.writeF32(this.model.v, zeros);
  }

  /** Upload an int array to a named workspace. */
  private ints(name: string, data: Int32Array): I {
    const t = this.ops.i32(name, data.length);
    this.ops.writeI32(t, data);
    return t;
  }
  private floats(name: string, data: Float32Array): F {
    const t = this.ops.f32(name, data.length);
    this.ops.writeF32(t, data);
    return t;
  }

  /** Upload a batch's tokens, positions and masks; returns the handles forward needs. */
  private uploadBatch(prefix: string, b: TokenBatch) {
    const { rows: N, width: T } = b;
    this.checkShape(b);
    const pos = new Int32Array(N * T);
    const targets = new Int32Array(N * T); // row (n, t) predicts tokens[n, t + 1]
    for (let n = 0; n < N; n++)
      for (let t = 0; t < T; t++) {
        pos[n * T + t] = t;
        targets[n * T + t] = t + 1 < T ? b.tokens[n * T + t + 1] : 0;
      }
    return {
      tokens: this.ints(`${prefix}.tokens`, b.tokens),
      pos: this.ints(`${prefix}.pos`, pos),
      qStart: this.ints(`${prefix}.qstart`, new Int32Array(N)),
      keyLen: this.ints(`${prefix}.keylen`, b.lengths),
      targets: this.ints(`${prefix}.targets`, targets),
    };
  }

  /** Throws, naming what is wrong, unless the batch's width, tokens and lengths agree with each other and the window. */
  private checkShape(b: TokenBatch): void {
    const { rows: N, width: T } = b;
    if (T > this.window) throw new Error(`batch width ${T} exceeds the model's window ${this.window}`);
    if (b.tokens.length !== N * T) throw new Error(`tokens has ${b.tokens.length} entries, expected rows*width = ${N * T}`);
    if (b.lengths.length !== N) throw new Error(`lengths has ${b.lengths.length} entries, expected one per row (${N})`);
    const bad = b.lengths.findIndex((l) => !(l >= 0 && l <= T));
    if (bad >= 0) throw new Error(`lengths[${bad}] = ${b.lengths[bad]} is outside [0, width ${T}]`);
  }

  /**
   * The micro-batches of N rows of width T: consecutive row ranges, each as large as the memory limits allow for its
   * workspaces (memory.ts). A function of the shapes and the backend alone, so one seed gives one curve.
   */
  microBatches(N: number, T: number): [number, number][] {
    const size = this.ops.attentionSavedSize?.bind(this.ops);
    const saved = size ? { label: LOG_SUM_EXP.label, floats: (t: number) => size(1, 1, t, t) } : PROBABILITIES;
    return microBatches(N, microBatchRows(this.config, T, this.limits, saved));
  }

  async logprobs(batch: TokenBatch, temperature: number): Promise<Float32Array> {
    const { rows: N, width: T } = batch;
    this.checkShape(batch);
    const out = new Float32Array(N * T);
    const parts = this.microBatches(N, T);
    for (const [a, b] of parts) {
      const part = parts.length === 1 ? batch : sliceRows(batch, a, b);
      const { rows: n, width: w } = part;
      const u = this.uploadBatch('train', part);
      const hf = this.model.forward('train', u.tokens, u.pos, u.qStart, u.keyLen, n, w);
      const logits = this.model.head('train', hf, n * w, this.pointer?.vocabBias);
      const scores = this.pointer ? this.pointer.forward('train', hf, logits, part.tokens, part.lengths, u.qStart, u.keyLen, n, w) : logits;
      const lp = this.ops.f32('train.logp', n * w);
      this.ops.logprobs(scores, u.targets, lp, n * w, this.config.vocab, 1 / temperature);
      const got = await this.ops.readF32(lp, n * w);
      for (let r = 0; r < n; r++) for (let t = 1; t < part.lengths[r]; t++) out[(a + r) * T + t] = got[r * w + t - 1];
    }
    return out;
  }

  /**
   * Forward, loss, backward, gradient clipping and one AdamW step. The rows run in micro-batches (microBatches) whose
   * gradients add up, in order, in the flat gradient buffer before the norm, the clip and the step: the loss weights
   * carry the whole update's normalisers (TrainBatch.weight), and the entropy bonus's token count is the update's.
   */
  async trainStep(batch: TrainBatch, h: StepHyper): Promise<StepMetrics> {
    const { rows: N, width: T } = batch;
    this.checkShape(batch);
    const useRef = h.objective === 'grpo' && h.beta !== 0;
    if (useRef && !batch.refLogp) throw new Error('beta > 0 needs refLogp');
    let tokens = 0; // tokens in the loss (the shifted weight: position 0 predicts nothing): the entropy bonus is their plain mean
    for (let n = 0; n < N; n++) for (let t = 1; t < T; t++) if (batch.weight[n * T + t] !== 0) tokens++;
    const entropyCoef = h.objective === 'grpo' && tokens > 0 ? (h.entropyCoef ?? 0) / tokens : 0;
    const lossHyper = { objective: h.objective, invTemp: 1 / h.temperature, beta: useRef ? h.beta : 0, epsLow: h.epsLow, epsHigh: h.epsHigh, entropyCoef };
    const parts = this.microBatches(N, T).map(([a, b]) => (b - a === N ? batch : sliceRows(batch, a, b)));
    // The step's metrics in one tensor, for one readback: the gradient norm at 0, each micro-batch's per-row loss
    // stats (rows x width x LOSS_STATS) from a 64-aligned offset (a WebGPU binding's alignment). The last one ends
    // where the tensor ends, so that on WebGPU its view binds to the buffer's end and a new batch shape makes no new
    // bind group (test/kernels/caches.gpu.test.ts).
    const at: number[] = [];
    let end = 64;
    parts.forEach((p, k) => {
      at.push(end);
      const floats = p.rows * p.width * LOSS_STATS;
      end += k === parts.length - 1 ? floats : Math.ceil(floats / 64) * 64;
    });
    const metrics = this.ops.f32('train.metrics', end);
    const m = this.model;
    parts.forEach((p, k) => {
      const into = k === 0 ? m.grads : m.partGrads();
      this.backprop(p, lossHyper, this.ops.view(metrics, at[k], p.rows * p.width * LOSS_STATS), into);
      if (k > 0) this.ops.add(m.grads, into, m.P); // fixed order: ((g_0 + g_1) + g_2) + ...
    });
    const gradNorm = this.ops.view(metrics, 0, 1);
    this.ops.gradNorm(m.grads, m.P, gradNorm);
    this.step++;
    const adam = { lr: h.lr, beta1: 0.9, beta2: 0.999, eps: 1e-8, weightDecay: h.weightDecay, step: this.step, gradClip: h.gradClip };
    this.ops.adamw(m.params, m.grads, m.m, m.v, gradNorm, m.P, adam);
    const got = await this.ops.readF32(metrics, end);
    const sum = [0, 0, 0, 0];
    let lowClipped = 0;
    let highClipped = 0;
    parts.forEach((p, k) => {
      for (let r = 0, i = at[k]; r < p.rows * p.width; r++, i += LOSS_STATS) {
        for (let j = 0; j < 4; j++) sum[j] += got[i + j];
        if (got[i + 4] < 0) lowClipped++;
        else if (got[i + 4] > 0) highClipped++;
      }
    });
    const mean = (x: number) => (tokens > 0 ? x / tokens : 0);
    return { loss: sum[0], policyLoss: sum[1], kl: mean(sum[2]), entropy: mean(sum[3]), lowClipped, highClipped, tokens, gradNorm: got[0] };
  }

  /** One micro-batch's forward, token loss (its per-row stats into `stats`) and backward into the flat buffer `into`. */
  private backprop(batch: TrainBatch, lossHyper: LossHyper, stats: F, into: F): void {
    const { rows: N, width: T } = batch;
    const R = N * T;
    const shift = (a: Float32Array) => {
      const out = new Float32Array(R);
      for (let n = 0; n < N; n++) for (let t = 0; t + 1 < T; t++) out[n * T + t] = a[n * T + t + 1];
      return out;
    };
    const u = this.uploadBatch('train', batch);
    const wT = this.floats('train.weight', shift(batch.weight));
    const adv = this.floats('train.adv', batch.advantage);
    const old = this.floats('train.old', shift(batch.oldLogp));
    const ref = lossHyper.beta !== 0 ? this.floats('train.ref', shift(batch.refLogp as Float32Array)) : null;
    const m = this.model;
    const hf = m.forward('train', u.tokens, u.pos, u.qStart, u.keyLen, N, T);
    const logits = m.head('train', hf, R, this.pointer?.vocabBias);
    const scores = this.pointer ? this.pointer.forward('train', hf, logits, batch.tokens, batch.lengths, u.qStart, u.keyLen, N, T) : logits;
    const dScores = this.ops.f32('train.dlogits', R * this.config.vocab);
    this.ops.tokenLoss(scores, u.targets, wT, adv, old, ref, dScores, stats, N, T, this.config.vocab, lossHyper);
    const back = this.pointer ? this.pointer.backward('train', hf, logits, dScores, N, T, into) : { dLogits: dScores, dHidden: null };
    m.backward('train', u.tokens, u.pos, back.dLogits, N, T, back.dHidden, into);
  }

  async generate(prompts: readonly (readonly number[])[], o: GenerateOptions): Promise<Generation> {
    const N = prompts.length;
    const V = this.config.vocab;
    const { out, lens, Tc, done } = beginGeneration(prompts, this.window, o.maxNewTokens); // Tc: the cache length
    if (N === 0) return out;
    const tokens = new Int32Array(N * Tc);
    const pos = new Int32Array(N * Tc);
    prompts.forEach((p, n) => tokens.set(p, n * Tc));
    for (let i = 0; i < N * Tc; i++) pos[i] = i % Tc;
    const last = this.ints('gen.last', lens.map((l) => l - 1));
    let logits = this.prefill(tokens, pos, last, lens, N, Tc);
    const allLen = this.ints('gen.cachelen', new Int32Array(N).fill(Tc));
    const mask = o.allowed ? new Float32Array(N * V) : null;
    const uni = new Float32Array(N);
    const invTemp = 1 / o.temperature;
    for (let s = 0; s < o.maxNewTokens; s++) {
      if (mask && o.allowed) fillAllowedMask(mask, o.allowed, out, done, V);
      for (let n = 0; n < N; n++) uni[n] = o.rng.next();
      const maskT = mask ? this.floats('gen.mask', mask) : null;
      const uT = this.floats('gen.u', uni);
      const tokT = this.ops.i32('gen.sampled', N);
      // log-probs and sampling entropies in one tensor, for one readback: lp at 0, entropy from `stride`
      const stride = Math.ceil(N / 64) * 64;
      const lpEnt = this.ops.f32('gen.sampled.lpent', 2 * stride);
      this.ops.sample(logits, maskT, uT, tokT, this.ops.view(lpEnt, 0, N), this.ops.view(lpEnt, stride, N), N, V, invTemp, o.topP);
      const tok = await this.ops.readI32(tokT, N);
      const both = await this.ops.readF32(lpEnt, stride + N);
      const [lp, ent] = [both.subarray(0, N), both.subarray(stride, stride + N)];
      const stepPos = Int32Array.from(lens, (l) => Math.min(l + s, Tc - 1));
      if (!acceptStep(out, tok, lp, ent, done, lens, s, Tc)) break;
      const stepPosT = this.ints('gen.step.pos', stepPos);
      const hf = this.model.decode('gen', this.ints('gen.step.tokens', tok), stepPosT, allLen, N, Tc);
      logits = this.model.head('gen.step', hf, N, this.pointer?.vocabBias);
      if (this.pointer) logits = this.pointer.step('gen', hf, stepPosT, stepPos, tok, logits, N, Tc);
    }
    return out;
  }

  /** Generation's prefill over the prompts (N, Tc): the token scores (N, V) at each row's last position. */
  private prefill(tokens: Int32Array, pos: Int32Array, last: I, lens: Int32Array, N: number, Tc: number): F {
    const args = [this.ints('gen.tokens', tokens), this.ints('gen.pos', pos), this.ints('gen.qstart', new Int32Array(N)), this.ints('gen.keylen', lens), N, Tc] as const;
    if (!this.pointer) return this.model.head('gen', this.model.forward('gen', ...args, last), N);
    const hfAll = this.model.forward('gen', ...args); // every position: the pointer's keys
    const hfLast = this.ops.f32('gen.hflast', N * this.config.dim);
    this.ops.copyRows(hfLast, hfAll, last, N, Tc, this.config.dim, true);
    return this.pointer.prefill('gen', hfAll, last, this.model.head('gen', hfLast, N, this.pointer.vocabBias), tokens, lens, N, Tc);
  }

  async getState(): Promise<PolicyState> {
    const m = this.model;
    return { params: await this.ops.readF32(m.params, m.P), adamM: await this.ops.readF32(m.m, m.P), adamV: await this.ops.readF32(m.v, m.P), step: this.step };
  }

  async getParams(): Promise<Float32Array> {
    return this.ops.readF32(this.model.params, this.model.P);
  }

  async setParams(params: Float32Array): Promise<void> {
    if (params.length !== this.model.P) throw new Error(`setParams: ${params.length} values, this model has ${this.model.P}`);
    this.ops.writeF32(this.model.params, params);
  }

  async setState(s: PolicyState): Promise<void> {
    const m = this.model;
    for (const [name, a] of [['params', s.params], ['adamM', s.adamM], ['adamV', s.adamV]] as const)
      if (a.length !== m.P) throw new Error(`setState: ${name} has ${a.length} values, this model has ${m.P}`);
    this.ops.writeF32(m.params, s.params);
    this.ops.writeF32(m.m, s.adamM);
    this.ops.writeF32(m.v, s.adamV);
    this.step = s.step;
  }

  /** Workspace bytes held by the backend (constant over a run once its shapes have been seen). */
  get bytesAllocated(): number {
    return (this.ops as unknown as { bytesAllocated: number }).bytesAllocated;
  }

  dispose(): void {
    this.ops.dispose();
  }
}

/** Rows [a, b) of a batch, trimmed to their longest row: one micro-batch. */
export function sliceRows<B extends TokenBatch>(batch: B, a: number, b: number): B {
  const T = batch.width;
  let w = 1;
  for (let n = a; n < b; n++) w = Math.max(w, batch.lengths[n]);
  const rows = <A extends Float32Array | Int32Array>(x: A): A => {
    const out = new (x.constructor as new (n: number) => A)((b - a) * w);
    for (let n = a; n < b; n++) out.set(x.subarray(n * T, n * T + w), (n - a) * w);
    return out;
  };
  const out: TokenBatch = { rows: b - a, width: w, tokens: rows(batch.tokens), lengths: batch.lengths.slice(a, b) };
  if (!('weight' in batch)) return out as B;
  const t = batch as unknown as TrainBatch;
  const train: TrainBatch = { ...out, weight: rows(t.weight), advantage: t.advantage.slice(a, b), oldLogp: rows(t.oldLogp), refLogp: t.refLogp && rows(t.refLogp) };
  return train as unknown as B;
}
