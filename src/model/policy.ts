// The transformer policy on any backend: KV-cached batched generation, log-probabilities and one GRPO / CE step.
import type { Rng } from '../core/rng';
import { LOSS_STATS, type Ops, type Precision } from './ops';
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

  constructor(private readonly ops: Ops<F, I>, readonly config: ModelConfig, rng: Rng) {
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
    if (T > this.window) throw new Error(`batch width ${T} exceeds the model's window ${this.window}`);
    if (b.tokens.length !== N * T) throw new Error(`tokens has ${b.tokens.length} entries, expected rows*width = ${N * T}`);
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

  async logprobs(batch: TokenBatch, temperature: number): Promise<Float32Array> {
    const { rows: N, width: T } = batch;
    const u = this.uploadBatch('train', batch);
    const hf = this.model.forward('train', u.tokens, u.pos, u.qStart, u.keyLen, N, T);
    const logits = this.model.head('train', hf, N * T, this.pointer?.vocabBias);
    const scores = this.pointer ? this.pointer.forward('train', hf, logits, batch.tokens, batch.lengths, u.qStart, u.keyLen, N, T) : logits;
    const lp = this.ops.f32('train.logp', N * T);
    this.ops.logprobs(scores, u.targets, lp, N * T, this.config.vocab, 1 / temperature);
    const got = await this.ops.readF32(lp, N * T);
    const out = new Float32Array(N * T);
    for (let n = 0; n < N; n++) for (let t = 1; t < batch.lengths[n]; t++) out[n * T + t] = got[n * T + t - 1];
    return out;
  }

  async trainStep(batch: TrainBatch, h: StepHyper): Promise<StepMetrics> {
    const { rows: N, width: T } = batch;
    const R = N * T;
    const shift = (a: Float32Array) => {
      const out = new Float32Array(R);
      for (let n = 0; n < N; n++) for (let t = 0; t + 1 < T; t++) out[n * T + t] = a[n * T + t + 1];
      return out;
    };
    const weight = shift(batch.weight);
    const u = this.uploadBatch('train', batch);
    const wT = this.floats('train.weight', weight);
    const adv = this.floats('train.adv', batch.advantage);
    const old = this.floats('train.old', shift(batch.oldLogp));
    const useRef = h.objective === 'grpo' && h.beta !== 0;
    if (useRef && !batch.refLogp) throw new Error('beta > 0 needs refLogp');
    const ref = useRef ? this.floats('train.ref', shift(batch.refLogp as Float32Array)) : null;
    const m = this.model;
    const hf = m.forward('train', u.tokens, u.pos, u.qStart, u.keyLen, N, T);
    const logits = m.head('train', hf, R, this.pointer?.vocabBias);
    const scores = this.pointer ? this.pointer.forward('train', hf, logits, batch.tokens, batch.lengths, u.qStart, u.keyLen, N, T) : logits;
    const dScores = this.ops.f32('train.dlogits', R * this.config.vocab);
    // The step's metrics in one tensor, for one readback: the gradient norm at 0, per-row loss stats from 64.
    const metrics = this.ops.f32('train.metrics', 64 + R * LOSS_STATS);
    const gradNorm = this.ops.view(metrics, 0, 1);
    const stats = this.ops.view(metrics, 64, R * LOSS_STATS);
    let tokens = 0; // tokens in the loss: the entropy bonus is their plain mean
    for (let i = 0; i < R; i++) if (weight[i] !== 0) tokens++;
    const entropyCoef = h.objective === 'grpo' && tokens > 0 ? (h.entropyCoef ?? 0) / tokens : 0;
    const lossHyper = { objective: h.objective, invTemp: 1 / h.temperature, beta: useRef ? h.beta : 0, epsLow: h.epsLow, epsHigh: h.epsHigh, entropyCoef };
    this.ops.tokenLoss(scores, u.targets, wT, adv, old, ref, dScores, stats, N, T, this.config.vocab, lossHyper);
    const back = this.pointer ? this.pointer.backward('train', hf, logits, dScores, N, T) : { dLogits: dScores, dHidden: null };
    m.backward('train', u.tokens, u.pos, back.dLogits, N, T, back.dHidden);
    this.ops.gradNorm(m.grads, m.P, gradNorm);
    this.step++;
    const adam = { lr: h.lr, beta1: 0.9, beta2: 0.999, eps: 1e-8, weightDecay: h.weightDecay, step: this.step, gradClip: h.gradClip };
    this.ops.adamw(m.params, m.grads, m.m, m.v, gradNorm, m.P, adam);
    const got = await this.ops.readF32(metrics, 64 + R * LOSS_STATS);
    const s = got.subarray(64);
    const norm = got[0];
    const sum = [0, 0, 0, 0];
    let lowClipped = 0;
    let highClipped = 0;
    for (let r = 0; r < R; r++) {
      for (let k = 0; k < 4; k++) sum[k] += s[r * LOSS_STATS + k];
      const clip = s[r * LOSS_STATS + 4];
      if (clip < 0) lowClipped++;
      else if (clip > 0) highClipped++;
    }
    const mean = (x: number) => (tokens > 0 ? x / tokens : 0);
    return { loss: sum[0], policyLoss: sum[1], kl: mean(sum[2]), entropy: mean(sum[3]), lowClipped, highClipped, tokens, gradNorm: norm };
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
