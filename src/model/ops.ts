// The backend-neutral op set the transformer is written against; CpuOps (src/cpu) and GpuOps (src/gpu) implement it.
// F is a float tensor handle, I an int tensor handle. Shapes are given explicitly; tensors are flat, row-major.

export interface MatmulOptions {
  ta?: boolean; // A is stored (K, M)
  tb?: boolean; // B is stored (N, K)
  acc?: boolean; // C += A·B instead of C = A·B
  /** Activations times weights (no gradient operand): under f16 precision A and B are rounded to f16. */
  forward?: boolean;
}

/**
 * 'f32' everywhere, or 'f16' (on a device with shader-f16): forward matrix products take f16 inputs and products,
 * summed in f32; attention, norms, softmax, losses, every gradient and the optimizer stay f32.
 */
export type Precision = 'f32' | 'f16';

export interface LossHyper {
  objective: 'grpo' | 'ce';
  invTemp: number;
  beta: number;
  epsLow: number;
  epsHigh: number;
  /** Entropy bonus per token in the loss (weight != 0): each such token adds -entropyCoef * H to the loss. 0 = none. */
  entropyCoef: number;
}

/** The k3 KL value is clamped to at most this (verl's low_var_kl); its gradient is 0 beyond. */
export const KL_CLAMP = 10;

export interface AdamHyper {
  lr: number;
  beta1: number;
  beta2: number;
  eps: number;
  weightDecay: number;
  step: number; // 1-based, for bias correction
  gradClip: number; // 0 = off; the clip scale is computed from the stored norm
}

/**
 * Pointer heads of the pointer-generator mixture: head 0 copies the token at a context position, head 1 emits the
 * id of the element line the position is in (see src/model/pointer.ts). A packed pointer row has width
 * pointerWidth(Dp) = [q_0 .. q_{HP-1} (Dp each) | k_0 .. k_{HP-1} (Dp each) | gate logits (HP + 1)].
 */
export const POINTER_HEADS = 2;

export function pointerWidth(Dp: number): number {
  return 2 * POINTER_HEADS * Dp + POINTER_HEADS + 1;
}

/**
 * Per loss row (N*T rows), what the loss kernel writes for metrics: (R, LOSS_STATS), all 0 where weight = 0:
 * weight * (policy loss + beta * kl) - entropyCoef * entropy, weight * policy loss, kl (k3, clamped), entropy of the
 * full distribution, and the clip flag: -1 clipped below (ratio < 1 - epsLow, A < 0), +1 above (> 1 + epsHigh, A > 0).
 */
export const LOSS_STATS = 5;

export interface Ops<F, I> {
  readonly kind: 'cpu' | 'webgpu';
  readonly precision: Precision;
  /** A workspace tensor that persists under `name` and grows when a larger size is asked for. */
  f32(name: string, size: number): F;
  i32(name: string, size: number): I;
  /** A window [offset, offset + size) of a float tensor (parameter views; offset a multiple of 64). */
  view(base: F, offset: number, size: number): F;
  writeF32(t: F, data: Float32Array): void;
  writeI32(t: I, data: Int32Array): void;
  readF32(t: F, size: number): Promise<Float32Array>;
  readI32(t: I, size: number): Promise<Int32Array>;

  /** out (R, D) = wte[tokens[r]] + wpe[pos[r]]. */
  embedding(tokens: I, pos: I, wte: F, wpe: F, out: F, R: number, D: number): void;
  /** dWte (V, D) += scatter of dOut (R, D) by token; dWpe (P, D) = scatter by position (fixed order). */
  embeddingBackward(tokens: I, pos: I, dOut: F, dWte: F, dWpe: F, R: number, D: number, V: number, P: number): void;
  /** C (M, N) = op(A) · op(B) [+ bias (N)] [+ C]. */
  matmul(a: F, b: F, c: F, M: number, K: number, N: number, o?: MatmulOptions, bias?: F): void;
  /** dBias (N) = column sums of dOut (M, N). */
  colSum(dOut: F, dBias: F, M: number, N: number): void;
  /** out (R, D) = (x - mean) * rstd * g + b; saves mean, rstd (R). */
  layerNorm(x: F, g: F, b: F, out: F, mean: F, rstd: F, R: number, D: number): void;
  /** dx (R, D) = (or += when acc) the input gradient; dg, db (D) = sums over rows. */
  layerNormBackward(dOut: F, x: F, g: F, mean: F, rstd: F, dx: F, dg: F, db: F, R: number, D: number, acc: boolean): void;
  /** out = gelu(x) (tanh form), n elements. */
  gelu(x: F, out: F, n: number): void;
  /** dx = dOut * gelu'(x). */
  geluBackward(x: F, dOut: F, dx: F, n: number): void;
  /** a += b, n elements. */
  add(a: F, b: F, n: number): void;
  /**
   * Causal multi-head attention. Rows of q and kv are packed (q | k | v), width 3*H*Dh: q (N, Tq, 3D) uses the q
   * part, kv (N, Tk, 3D) the k and v parts. Query i of row n sits at position qStart[n] + i and sees keys
   * j <= that position with j < keyLen[n] (none: output 0). out (N, Tq, D); saved: what backward needs, of
   * attentionSavedSize floats, backend-defined (the CPU twin keeps the probabilities (N, H, Tq, Tk)).
   */
  attention(q: F, kv: F, qStart: I, keyLen: I, out: F, saved: F, N: number, Tq: number, Tk: number, H: number, Dh: number): void;
  /** Backward with Tq = Tk = T, qStart = 0, from forward's saved: dqkv (N, T, 3D) overwritten from dOut (N, T, D). */
  attentionBackward(qkv: F, saved: F, dOut: F, dqkv: F, N: number, T: number, H: number, Dh: number): void;
  /**
   * Floats attention's `saved` takes; absent: N * H * Tq * Tk, the probabilities. A backend that recomputes them in
   * backward (WebGPU: from the log-sum-exp per query) needs far less.
   */
  attentionSavedSize?(N: number, H: number, Tq: number, Tk: number): number;
  /** seq (N, Tw, W)[n, pos[n]] = flat (N, W)[n] (the KV-cache write), or flat[n] = seq[n, pos[n]] when `gather`. */
  copyRows(flat: F, seq: F, pos: I, N: number, Tw: number, W: number, gather: boolean): void;
  /**
   * The pointer-generator mixture. Row r = (n, i) of q (N, Tq, W) holds the queries and gate logits, the rows of
   * kv (N, Tk, W) the keys. Key j emits token targets (N, Tk, HP)[n, j, h] to head h (-1 or >= V: nothing, and the
   * key is masked). Head h points at keys j <= qStart[n] + i with j < keyLen[n]: probs (N, HP, Tq, Tk) =
   * softmax_j(q_h . k_h / sqrt(Dp)). With gates g = softmax(gate logits), out (N*Tq, V) = the mixture's logits
   * log(g_0 softmax(logits) + sum_h g_{h+1} sum_j probs_h[j] [target = v]), exactly log g_0 + log softmax(logits)
   * where no pointer puts mass: finite for every token. The mass falls short of 1 by the gates of heads with no key.
   */
  pointer(q: F, kv: F, targets: I, qStart: I, keyLen: I, logits: F, out: F, probs: F, N: number, Tq: number, Tk: number, Dp: number, V: number): void;
  /** Backward of pointer with Tq = Tk = T, qStart = 0 (q = kv = qkv): dLogits (N*T, V) and dq (N, T, W) overwritten from dOut (N*T, V). */
  pointerBackward(qkv: F, probs: F, targets: I, logits: F, dOut: F, dLogits: F, dq: F, N: number, T: number, Dp: number, V: number): void;
  /** out (R) = log softmax(logits[r] * invTemp)[targets[r]]. */
  logprobs(logits: F, targets: I, out: F, R: number, V: number, invTemp: number): void;
  /**
   * The per-token loss and its gradient. Rows r = (n, t) of logits (R, V) with R = N*T; per row: weight,
   * oldLogp, refLogp (R) and advantage (N). Writes dLogits (R, V) and stats (R, LOSS_STATS). The KL term is beta times
   * k3 clamped at KL_CLAMP; h.entropyCoef adds an entropy bonus on every row with weight != 0.
   */
  tokenLoss(logits: F, targets: I, weight: F, adv: F, oldLogp: F, refLogp: F | null, dLogits: F, stats: F, N: number, T: number, V: number, h: LossHyper): void;
  /** out (1) = sqrt(sum of squares of g (n)), fixed reduction order. */
  gradNorm(g: F, n: number, out: F): void;
  /** One AdamW step over n parameters; gradients scaled by min(1, clip / norm[0]) when clipping. */
  adamw(p: F, g: F, m: F, v: F, norm: F, n: number, h: AdamHyper): void;
  /**
   * Sample one token per row of logits (N, V) * invTemp, restricted to mask (N, V) (1 = allowed) when given,
   * then to the top-p nucleus; u (N) uniforms in [0, 1). tokens (N); logp (N) under the unmasked distribution;
   * entropy (N) of the distribution actually sampled from (temperature, mask and nucleus applied; 0 if none is left).
   */
  sample(logits: F, mask: F | null, u: F, tokens: I, logp: F, entropy: F, N: number, V: number, invTemp: number, topP: number): void;
  /** Submit recorded work (a no-op on the CPU). */
  flush(): void;
  dispose(): void;
}

/** Any backend's ops, for code that does not care which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOps = Ops<any, any>;
