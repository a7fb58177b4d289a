// The decoder-only transformer (pre-LN, GELU MLP, tied head), written once against Ops: forward with saved
// activations, backward into the flat gradient buffer, and the KV-cached prefill / decode used by generation.
import type { MatmulOptions, Ops } from './ops';
import type { ModelConfig, ParamTable } from './params';

/** Activations · weights: may run in f16 (see Precision); gradient products pass no flag and stay f32. */
export const FORWARD: Readonly<MatmulOptions> = { forward: true };
const FORWARD_TB: Readonly<MatmulOptions> = { forward: true, tb: true };

interface LayerParams<F> {
  ln1g: F; ln1b: F; attnW: F; attnB: F; projW: F; projB: F;
  ln2g: F; ln2b: F; fcW: F; fcB: F; outW: F; outB: F;
}

/** Views of one flat buffer through the parameter table. */
interface Views<F> {
  wte: F; // (V, D)
  wpe: F; // (W, D)
  layers: LayerParams<F>[];
  lnfg: F;
  lnfb: F;
}

export class Transformer<F, I> {
  readonly D: number;
  readonly H: number;
  readonly Dh: number;
  readonly V: number;
  readonly L: number;
  readonly P: number; // flat buffer length
  readonly params: F;
  readonly grads: F;
  readonly m: F;
  readonly v: F;
  private readonly p: Views<F>;
  private readonly g: Views<F>;
  /** The second flat gradient buffer (P) and its views, made on first use by partGrads(). */
  private part: { grads: F; views: Views<F> } | null = null;

  constructor(readonly ops: Ops<F, I>, readonly cfg: ModelConfig, readonly table: ParamTable) {
    this.D = cfg.dim;
    this.H = cfg.heads;
    this.Dh = cfg.dim / cfg.heads;
    this.V = cfg.vocab;
    this.L = cfg.layers;
    this.P = table.total;
    this.params = ops.f32('params', this.P);
    this.grads = ops.f32('grads', this.P);
    this.m = ops.f32('adam.m', this.P);
    this.v = ops.f32('adam.v', this.P);
    this.p = this.views(this.params);
    this.g = this.views(this.grads);
  }

  /** A second flat gradient buffer (P), made once: micro-batches after a step's first backpropagate into it. */
  partGrads(): F {
    if (!this.part) {
      const grads = this.ops.f32('grads.part', this.P);
      this.part = { grads, views: this.views(grads) };
    }
    return this.part.grads;
  }

  private views(base: F): Views<F> {
    const at = (name: string) => {
      const e = this.table.entries.get(name);
      if (!e) throw new Error(`no parameter ${name}`);
      return this.ops.view(base, e.offset, e.size);
    };
    const layers: LayerParams<F>[] = [];
    for (let l = 0; l < this.L; l++) {
      const n = (s: string) => at(`h${l}.${s}`);
      layers.push({
        ln1g: n('ln1.g'), ln1b: n('ln1.b'), attnW: n('attn.w'), attnB: n('attn.b'), projW: n('proj.w'), projB: n('proj.b'),
        ln2g: n('ln2.g'), ln2b: n('ln2.b'), fcW: n('fc.w'), fcB: n('fc.b'), outW: n('out.w'), outB: n('out.b'),
      });
    }
    return { wte: at('wte'), wpe: at('wpe'), layers, lnfg: at('lnf.g'), lnfb: at('lnf.b') };
  }

  /** Floats of attention's saved state for backward (the probabilities unless the backend keeps less). */
  private savedSize(N: number, Tq: number, Tk: number): number {
    return this.ops.attentionSavedSize?.(N, this.H, Tq, Tk) ?? N * this.H * Tq * Tk;
  }

  /** Workspace tensor of one forward/backward (prefix keeps training and generation buffers apart). */
  private ws(prefix: string, name: string, size: number): F {
    return this.ops.f32(`${prefix}.${name}`, size);
  }

  /**
   * Forward over N rows of T tokens whose ids and positions are in `tokens`, `pos` (N*T), with keyLen (N) valid keys
   * per row. Leaves the final hidden states in `${prefix}.hf` (R, D) and every activation backward needs.
   * With `gatherPos` set, only row n's hidden state at gatherPos[n] goes through the final LN: hf is (N, D).
   */
  forward(prefix: string, tokens: I, pos: I, qStart: I, keyLen: I, N: number, T: number, gatherPos: I | null = null): F {
    const { ops, D, H, Dh } = this;
    const R = N * T;
    let x = this.ws(prefix, 'x0', R * D);
    ops.embedding(tokens, pos, this.p.wte, this.p.wpe, x, R, D);
    for (let l = 0; l < this.L; l++) {
      const w = this.p.layers[l];
      const s = (n: string, size: number) => this.ws(prefix, `${n}${l}`, size);
      const h1 = s('h1_', R * D);
      ops.layerNorm(x, w.ln1g, w.ln1b, h1, s('mu1_', R), s('rs1_', R), R, D);
      const qkv = s('qkv', R * 3 * D); // (N, T, 3D): also the KV cache during generation
      ops.matmul(h1, w.attnW, qkv, R, D, 3 * D, FORWARD, w.attnB);
      const a = s('a', R * D);
      ops.attention(qkv, qkv, qStart, keyLen, a, s('attn', this.savedSize(N, T, T)), N, T, T, H, Dh);
      const xm = s('xm', R * D);
      ops.matmul(a, w.projW, xm, R, D, D, FORWARD, w.projB);
      ops.add(xm, x, R * D);
      const h2 = s('h2_', R * D);
      ops.layerNorm(xm, w.ln2g, w.ln2b, h2, s('mu2_', R), s('rs2_', R), R, D);
      const f = s('f', R * 4 * D);
      ops.matmul(h2, w.fcW, f, R, D, 4 * D, FORWARD, w.fcB);
      const u = s('u', R * 4 * D);
      ops.gelu(f, u, R * 4 * D);
      const next = this.ws(prefix, `x${l + 1}`, R * D);
      ops.matmul(u, w.outW, next, R, 4 * D, D, FORWARD, w.outB);
      ops.add(next, xm, R * D);
      x = next;
    }
    let rows = R;
    if (gatherPos) {
      const last = this.ws(prefix, 'xlast', N * D);
      ops.copyRows(last, x, gatherPos, N, T, D, true);
      x = last;
      rows = N;
    }
    const hf = this.ws(prefix, 'hf', rows * D);
    ops.layerNorm(x, this.p.lnfg, this.p.lnfb, hf, this.ws(prefix, 'muf', rows), this.ws(prefix, 'rsf', rows), rows, D);
    return hf;
  }

  /** logits (rows, V) = hf (rows, D) · wte^T [+ bias (V), a constant]. */
  head(prefix: string, hf: F, rows: number, bias?: F): F {
    const logits = this.ws(prefix, 'logits', rows * this.V);
    this.ops.matmul(hf, this.p.wte, logits, rows, this.D, this.V, FORWARD_TB, bias);
    return logits;
  }

  /**
   * Backward of forward(prefix) + head from dLogits (R, V) into a flat gradient buffer laid out like `grads` (every
   * entry of the transformer's overwritten), plus dHidden (R, D) when another head also reads the final hidden states.
   */
  backward(prefix: string, tokens: I, pos: I, dLogits: F, N: number, T: number, dHidden: F | null = null, into: F = this.grads): void {
    const { ops, D, H, Dh } = this;
    const R = N * T;
    const g = into === this.grads ? this.g : into === this.part?.grads ? this.part.views : this.views(into);
    const ws = (n: string, size: number) => this.ws(prefix, n, size);
    const hf = ws('hf', R * D);
    ops.matmul(dLogits, hf, g.wte, this.V, R, D, { ta: true }); // dWte (V, D) = dLogits^T · hf
    const dh = ws('dh', R * D);
    ops.matmul(dLogits, this.p.wte, dh, R, this.V, D);
    if (dHidden) ops.add(dh, dHidden, R * D);
    const dres = ws('dres', R * D); // gradient of the residual stream
    ops.layerNormBackward(dh, ws(`x${this.L}`, R * D), this.p.lnfg, ws('muf', R), ws('rsf', R), dres, g.lnfg, g.lnfb, R, D, false);
    const d4 = ws('d4', R * 4 * D);
    const df = ws('df', R * 4 * D);
    const dqkv = ws('dqkv', R * 3 * D);
    for (let l = this.L - 1; l >= 0; l--) {
      const w = this.p.layers[l];
      const gw = g.layers[l];
      const s = (n: string, size: number) => ws(`${n}${l}`, size);
      // x_{l+1} = xm + gelu(h2 W1 + b1) W2 + b2
      const u = s('u', R * 4 * D);
      ops.matmul(u, dres, gw.outW, 4 * D, R, D, { ta: true });
      ops.colSum(dres, gw.outB, R, D);
      ops.matmul(dres, w.outW, d4, R, D, 4 * D, { tb: true });
      ops.geluBackward(s('f', R * 4 * D), d4, df, R * 4 * D);
      const h2 = s('h2_', R * D);
      ops.matmul(h2, df, gw.fcW, D, R, 4 * D, { ta: true });
      ops.colSum(df, gw.fcB, R, 4 * D);
      ops.matmul(df, w.fcW, dh, R, 4 * D, D, { tb: true });
      const xm = s('xm', R * D);
      ops.layerNormBackward(dh, xm, w.ln2g, s('mu2_', R), s('rs2_', R), dres, gw.ln2g, gw.ln2b, R, D, true);
      // xm = x_l + attention(LN1(x_l)) Wo + bo
      const a = s('a', R * D);
      ops.matmul(a, dres, gw.projW, D, R, D, { ta: true });
      ops.colSum(dres, gw.projB, R, D);
      ops.matmul(dres, w.projW, dh, R, D, D, { tb: true });
      const qkv = s('qkv', R * 3 * D);
      ops.attentionBackward(qkv, s('attn', this.savedSize(N, T, T)), dh, dqkv, N, T, H, Dh);
      const h1 = s('h1_', R * D);
      ops.matmul(h1, dqkv, gw.attnW, D, R, 3 * D, { ta: true });
      ops.colSum(dqkv, gw.attnB, R, 3 * D);
      ops.matmul(dqkv, w.attnW, dh, R, 3 * D, D, { tb: true });
      ops.layerNormBackward(dh, ws(`x${l}`, R * D), w.ln1g, s('mu1_', R), s('rs1_', R), dres, gw.ln1g, gw.ln1b, R, D, true);
    }
    ops.embeddingBackward(tokens, pos, dres, g.wte, g.wpe, R, D, this.V, this.cfg.window);
  }

  /**
   * One KV-cached decode step: the token at position pos[n] of each row goes through every layer, its packed
   * q|k|v is written into the prefill's cache `${prefix}.qkv{l}` (N, Tc, 3D), and attention reads the cache.
   * Returns the final hidden states (N, D).
   */
  decode(prefix: string, tokens: I, pos: I, keyLen: I, N: number, Tc: number): F {
    const { ops, D, H, Dh } = this;
    const ws = (n: string, size: number) => this.ws(`${prefix}.step`, n, size);
    let x = ws('x', N * D);
    ops.embedding(tokens, pos, this.p.wte, this.p.wpe, x, N, D);
    const h = ws('h', N * D);
    const mu = ws('mu', N);
    const rs = ws('rs', N);
    const qkv = ws('qkv', N * 3 * D);
    const a = ws('a', N * D);
    const f = ws('f', N * 4 * D);
    const u = ws('u', N * 4 * D);
    const x2 = ws('x2', N * D);
    for (let l = 0; l < this.L; l++) {
      const w = this.p.layers[l];
      const cache = this.ws(prefix, `qkv${l}`, N * Tc * 3 * D);
      ops.layerNorm(x, w.ln1g, w.ln1b, h, mu, rs, N, D);
      ops.matmul(h, w.attnW, qkv, N, D, 3 * D, FORWARD, w.attnB);
      ops.copyRows(qkv, cache, pos, N, Tc, 3 * D, false);
      ops.attention(qkv, cache, pos, keyLen, a, ws('attn', this.savedSize(N, 1, Tc)), N, 1, Tc, H, Dh);
      ops.matmul(a, w.projW, x2, N, D, D, FORWARD, w.projB);
      ops.add(x2, x, N * D);
      ops.layerNorm(x2, w.ln2g, w.ln2b, h, mu, rs, N, D);
      ops.matmul(h, w.fcW, f, N, D, 4 * D, FORWARD, w.fcB);
      ops.gelu(f, u, N * 4 * D);
      ops.matmul(u, w.outW, x, N, 4 * D, D, FORWARD, w.outB);
      ops.add(x, x2, N * D);
    }
    ops.layerNorm(x, this.p.lnfg, this.p.lnfb, h, mu, rs, N, D);
    return h;
  }
}
