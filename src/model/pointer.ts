// The policy's pointer/copy head (pointer-generator networks, See et al. 2017; CopyNet; the element scoring of WGE's
// DOMNET and DOM-Q-NET): from the final hidden states, two pointer heads score the context's positions, head 0 copying
// the token at a position (a goal word for typed text) and head 1 emitting the id of the element line the position is
// in (an element for click(id)); gates mix them with the vocabulary softmax (Ops.pointer). What a position emits is
// read off the tokens alone (pointerTargets), so training rows, prompts and the ONNX export all agree on it.
import { FORWARD } from './transformer';
import { POINTER_HEADS as HP, pointerWidth, type Ops } from './ops';
import type { ParamTable } from './params';
import { EL, SMALL_NUMBERS, SPECIALS, UNK } from './tokenizer';

const isSpecial = (t: number) => t < SPECIALS.length;

/**
 * What each position emits to each pointer head, (N, T, HP): head 0 the token itself (none for specials, <unk> and
 * an element's id), head 1 the id of its element line: from an <el> to the next special, every position emits the
 * token after the <el> (the element's id). Positions at or past a row's length emit nothing (-1). An id is thus
 * emitted by pointing at its element, never by copying the number.
 */
export function pointerTargets(tokens: ArrayLike<number>, lengths: ArrayLike<number>, N: number, T: number): Int32Array {
  const out = new Int32Array(N * T * HP).fill(-1);
  for (let n = 0; n < N; n++) {
    const len = Math.min(lengths[n], T);
    let id = -1;
    for (let t = 0; t < len; t++) {
      const x = tokens[n * T + t];
      if (isSpecial(x) && x !== UNK) {
        const next = t + 1 < len ? tokens[n * T + t + 1] : 0;
        id = x === EL && !isSpecial(next) ? next : -1;
      }
      out[(n * T + t) * HP] = isSpecial(x) || (t > 0 && tokens[n * T + t - 1] === EL) ? -1 : x;
      out[(n * T + t) * HP + 1] = id;
    }
  }
  return out;
}

/** Added to the vocabulary logits beside the pointer head: numbers 0..99 (ids, counts) come from pointing or copying. */
export const NUMBER_BIAS = -100; // exp(-100) is below f32's normal range: a mask, yet outputs stay within the export's 1e-4 check

/** The vocabulary logits' bias (V) that leaves the numbers to the pointers (tokenizer.ts puts 0..99 after the specials). */
export function vocabularyBias(V: number): Float32Array {
  const bias = new Float32Array(V);
  bias.fill(NUMBER_BIAS, Math.min(V, SPECIALS.length), Math.min(V, SPECIALS.length + SMALL_NUMBERS));
  return bias;
}

/** The head on one backend: its parameters (views of the policy's flat buffers) and its workspaces. */
export class PointerHead<F, I> {
  readonly W: number; // packed row width
  /** (V) the vocabulary logits' bias: see vocabularyBias. */
  readonly vocabBias: F;
  private readonly w: F; // (D, W)
  private readonly b: F; // (W)
  /** Generation's targets (N, Tc, HP) on the host, a position filled in at each step. */
  private genTargets: Int32Array = new Int32Array(0);

  constructor(private readonly ops: Ops<F, I>, private readonly table: ParamTable, params: F, private readonly grads: F, private readonly D: number, private readonly V: number, readonly Dp: number) {
    this.W = pointerWidth(Dp);
    [this.w, this.b] = [this.at(params, 'ptr.w'), this.at(params, 'ptr.b')];
    this.vocabBias = ops.f32('ptr.vocabbias', V);
    ops.writeF32(this.vocabBias, vocabularyBias(V));
  }

  /** Parameter `name` (ptr.w, ptr.b) in a flat buffer laid out by the table (parameters, gradients). */
  private at(base: F, name: string): F {
    const e = this.table.entries.get(name);
    if (!e) throw new Error(`no parameter ${name}`);
    return this.ops.view(base, e.offset, e.size);
  }

  private ws(prefix: string, name: string, size: number): F {
    return this.ops.f32(`${prefix}.ptr.${name}`, size);
  }

  private targets(prefix: string, data: Int32Array): I {
    const t = this.ops.i32(`${prefix}.ptr.targets`, data.length);
    this.ops.writeI32(t, data);
    return t;
  }

  /**
   * Every position of N rows of T tokens (tokens on the host, lengths (N) also as keyLen): the mixture's logits
   * (N*T, V) from the final hidden states hf (N*T, D) and the vocabulary logits (N*T, V).
   */
  forward(prefix: string, hf: F, logits: F, tokens: Int32Array, lengths: Int32Array, qStart: I, keyLen: I, N: number, T: number): F {
    const { ops, W, V } = this;
    const R = N * T;
    const qkv = this.ws(prefix, 'qkv', R * W);
    ops.matmul(hf, this.w, qkv, R, this.D, W, FORWARD, this.b);
    const out = this.ws(prefix, 'out', R * V);
    const targets = this.targets(prefix, pointerTargets(tokens, lengths, N, T));
    ops.pointer(qkv, qkv, targets, qStart, keyLen, logits, out, this.ws(prefix, 'probs', N * HP * T * T), N, T, T, this.Dp, V);
    return out;
  }

  /**
   * Backward of forward(prefix) from dOut (N*T, V): the head's parameter gradients (overwritten in the flat gradient
   * buffer `grads`, by default the policy's), and the gradients of the vocabulary logits and of the hidden states it returns (workspaces).
   */
  backward(prefix: string, hf: F, logits: F, dOut: F, N: number, T: number, grads: F = this.grads): { dLogits: F; dHidden: F } {
    const { ops, W, V, D } = this;
    const R = N * T;
    const qkv = this.ws(prefix, 'qkv', R * W);
    const dq = this.ws(prefix, 'dq', R * W);
    const dLogits = this.ws(prefix, 'dlogits', R * V);
    ops.pointerBackward(qkv, this.ws(prefix, 'probs', N * HP * T * T), this.ops.i32(`${prefix}.ptr.targets`, R * HP), logits, dOut, dLogits, dq, N, T, this.Dp, V);
    ops.matmul(hf, dq, this.at(grads, 'ptr.w'), D, R, W, { ta: true }); // dW (D, W) = hf^T · dq
    ops.colSum(dq, this.at(grads, 'ptr.b'), R, W);
    const dHidden = this.ws(prefix, 'dhidden', R * D);
    ops.matmul(dq, this.w, dHidden, R, W, D, { tb: true });
    return { dLogits, dHidden };
  }

  /**
   * Generation's prefill: the rows of every prompt position (hfAll (N, Tc, D)) become the cache, and the last
   * positions (last (N), their vocabulary logits (N, V)) point over it. Returns the mixture's logits (N, V).
   */
  prefill(prefix: string, hfAll: F, last: I, logits: F, tokens: Int32Array, lens: Int32Array, N: number, Tc: number): F {
    const { ops, W } = this;
    const cache = this.ws(prefix, 'cache', N * Tc * W);
    ops.matmul(hfAll, this.w, cache, N * Tc, this.D, W, FORWARD, this.b);
    const q = this.ws(prefix, 'q', N * W);
    ops.copyRows(q, cache, last, N, Tc, W, true);
    this.genTargets = pointerTargets(tokens, lens, N, Tc);
    return this.point(prefix, q, last, this.ops.i32(`${prefix}.ptr.lens`, N), lens, logits, N, Tc);
  }

  /**
   * One decode step: each row's new token tok (N) at position pos (N; also on the host as `at`) with final hidden
   * state h (N, D) joins the cache; returns the mixture's logits (N, V) at that position.
   */
  step(prefix: string, h: F, pos: I, at: Int32Array, tok: Int32Array, logits: F, N: number, Tc: number): F {
    const { ops, W } = this;
    const q = this.ws(prefix, 'q', N * W);
    ops.matmul(h, this.w, q, N, this.D, W, FORWARD, this.b);
    ops.copyRows(q, this.ws(prefix, 'cache', N * Tc * W), pos, N, Tc, W, false);
    for (let n = 0; n < N; n++) this.genTargets[(n * Tc + at[n]) * HP] = isSpecial(tok[n]) ? -1 : tok[n]; // after <act>: no element
    return this.point(prefix, q, pos, this.ops.i32(`${prefix}.ptr.all`, N), new Int32Array(N).fill(Tc), logits, N, Tc);
  }

  private point(prefix: string, q: F, qStart: I, keyLen: I, keyLens: Int32Array, logits: F, N: number, Tc: number): F {
    this.ops.writeI32(keyLen, keyLens);
    const out = this.ws(prefix, 'out', N * this.V);
    const probs = this.ws(prefix, 'probs', N * HP * Tc);
    this.ops.pointer(q, this.ws(prefix, 'cache', N * Tc * this.W), this.targets(prefix, this.genTargets), qStart, keyLen, logits, out, probs, N, 1, Tc, this.Dp, this.V);
    return out;
  }
}
