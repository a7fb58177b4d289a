// What one training step holds in memory, buffer by buffer, and the micro-batches that keep it inside a backend's
// limits: checkModelFits (presets.ts) checks the largest buffer, the policy splits an update's rows by the sum.
import { LOSS_STATS, POINTER_HEADS, pointerWidth } from './ops';
import type { ModelConfig } from './params';

/** What a backend can hold: in all (a heap) and in one buffer (a WebGPU binding). */
export interface MemoryLimits {
  totalBytes: number;
  perBufferBytes: number;
}

/** wasm32's heap as the wasm backend builds it (src/wasm/module.ts: MAX_PAGES of 64 KiB): 2 GiB. */
export const WASM32_HEAP_BYTES = 2 ** 31;

/** The CPU backends' limits: the wasm heap's; the TypeScript twin plans like it, so both run the same micro-batches. */
export const CPU_LIMITS: MemoryLimits = { totalBytes: WASM32_HEAP_BYTES, perBufferBytes: WASM32_HEAP_BYTES };

/** No limit: one micro-batch whatever the update's size. */
export const UNLIMITED: MemoryLimits = { totalBytes: Infinity, perBufferBytes: Infinity };

/**
 * Share of the total a step's workspaces may ask for: workspaces round up to powers of two (up to 2x) and one that
 * grows leaves its old block behind (up to 2x again), and parameters, moments and generation need the rest.
 */
export const STEP_SHARE = 1 / 4;

/**
 * What attention saves for backward, per row and head, for queries and keys of width T: the probabilities (T^2)
 * unless the backend keeps less (Ops.attentionSavedSize: WebGPU keeps a log-sum-exp per query, T).
 */
export interface SavedState {
  label: string;
  floats(T: number): number;
}
export const PROBABILITIES: SavedState = { label: 'attention probabilities (rows x heads x window^2)', floats: (T) => T * T };
export const LOG_SUM_EXP: SavedState = { label: 'attention log-sum-exp (rows x heads x window)', floats: (T) => T };

/** One kind of workspace: what it holds, the bytes of one, and how many a step holds. */
export interface StepBuffer {
  label: string;
  bytes: number;
  count: number;
}

/**
 * The workspaces of one training step over `rows` rows of width T (TransformerPolicy.trainStep, Transformer,
 * PointerHead: every `train.` workspace, counted by kind): forward activations, backward scratch, the loss's logits
 * and gradients, the pointer head's. Parameters, gradients and moments are apart (they do not grow with the rows).
 */
export function stepBuffers(c: ModelConfig, rows: number, T: number, saved: SavedState = PROBABILITIES): StepBuffer[] {
  const R = rows * T;
  const { dim: D, heads: H, layers: L, vocab: V } = c;
  const W = c.pointer ? pointerWidth(c.pointer) : 0;
  const ptr = W > 0 ? 1 : 0;
  const f = (label: string, floats: number, count: number): StepBuffer => ({ label, bytes: floats * 4, count });
  return [
    f('token ids, positions, targets, weights, old and reference log-probs (rows x window)', R, 6),
    f('row starts, lengths and advantages (rows)', rows, 3),
    // x_0..x_L, per layer h1 a xm h2, the final norm's output, backward's dh and dres, the pointer's dHidden
    f('activations (rows x window x dim)', R * D, L + 1 + 4 * L + 1 + 2 + ptr),
    f('attention q|k|v (rows x window x 3 dim)', R * 3 * D, L + 1), // per layer, and backward's dqkv
    f('MLP activations (rows x window x 4 dim)', R * 4 * D, 2 * L + 2), // per layer f and u, backward's d4 and df
    f('layer-norm means and scales (rows x window)', R, 4 * L + 2),
    f(saved.label, rows * H * saved.floats(T), L),
    f('logits (rows x window x vocab)', R * V, 2 + 2 * ptr), // logits and dLogits; the mixture's and its gradient
    f('loss statistics (rows x window x 5)', 64 + R * LOSS_STATS, 1), // one micro-batch: its stats end the tensor (policy.ts)
    // Stryker disable next-line ArithmeticOperator: ptr is 0 or 1, so 2 / ptr is 2 or NaN, and a NaN count is left out as 0 is
    f('pointer rows (rows x window x pointer width)', R * W, 2 * ptr), // q|k|gates and their gradient
    f('pointer targets (rows x window x 2)', R * POINTER_HEADS, ptr),
    f('pointer probabilities (rows x 2 heads x window^2)', rows * POINTER_HEADS * T * T, ptr),
  ].filter((b) => b.count > 0 && b.bytes > 0);
}

/** Bytes of stepBuffers, all together. */
export function stepBytes(c: ModelConfig, rows: number, T: number, saved?: SavedState): number {
  return stepBuffers(c, rows, T, saved).reduce((s, b) => s + b.bytes * b.count, 0);
}

/**
 * The most rows of width T one micro-batch may hold: its workspaces within STEP_SHARE of the total and each within
 * one buffer's limit: Infinity without limits. At least 1 (a single row that does not fit is the backend's error to
 * report, with its sizes).
 */
export function microBatchRows(c: ModelConfig, T: number, limits: MemoryLimits, saved?: SavedState): number {
  const perRow = stepBuffers(c, 1, T, saved);
  const total = perRow.reduce((s, b) => s + b.bytes * b.count, 0);
  const largest = perRow.reduce((m, b) => Math.max(m, b.bytes), 0);
  const rows = Math.min((limits.totalBytes * STEP_SHARE) / total, limits.perBufferBytes / largest);
  return Math.max(1, Math.floor(rows));
}

/** Consecutive row ranges [start, end) of at most `per` rows (Infinity: one) covering N rows: the micro-batches, in order. */
export function microBatches(N: number, per: number): [number, number][] {
  if (!((Number.isInteger(per) || per === Infinity) && per >= 1)) throw new Error(`rows per micro-batch must be a whole number >= 1, got ${per}`);
  const out: [number, number][] = [];
  for (let start = 0; start < N; start += per) out.push([start, Math.min(N, start + per)]);
  return out;
}
