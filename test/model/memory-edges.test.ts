// memory.ts's accounting by hand: every workspace of a training step of a small model (with and without a pointer
// head, both saved-attention kinds), the micro-batch size at its bounds, and the micro-batch ranges.
import { describe, expect, it } from 'vitest';
import { CPU_LIMITS, LOG_SUM_EXP, microBatchRows, microBatches, PROBABILITIES, STEP_SHARE, stepBuffers, stepBytes, UNLIMITED } from '../../src/model/memory';

/** V 5, D 4, H 2, L 1, pointer width pointerWidth(2) = 2·2·2 + 2 + 1 = 11. */
const MODEL = { vocab: 5, dim: 4, heads: 2, layers: 1, window: 3, pointer: 2 };

describe('stepBuffers', () => {
  it('counts each workspace of 2 rows of width 3 (R = 6 positions) by hand', () => {
    const got = stepBuffers(MODEL, 2, 3).map((b) => [b.bytes, b.count]);
    expect(got).toEqual([
      [6 * 4, 6], // ids, positions, targets, weights, old and reference log-probs: R
      [2 * 4, 3], // row starts, lengths, advantages: rows
      [6 * 4 * 4, 1 + 1 + 4 + 1 + 2 + 1], // activations R x D: x_0..x_L, 4 a layer, the final norm, dh, dres, dHidden
      [6 * 12 * 4, 2], // q|k|v R x 3D: one a layer and backward's
      [6 * 16 * 4, 4], // MLP R x 4D: two a layer and backward's two
      [6 * 4, 6], // layer-norm statistics R: four a layer and the final norm's two
      [2 * 2 * 9 * 4, 1], // attention probabilities rows x H x T^2, one a layer
      [6 * 5 * 4, 4], // logits R x V: logits, dLogits, the mixture's and its gradient
      [(64 + 6 * 5) * 4, 1], // loss statistics
      [6 * 11 * 4, 2], // pointer rows R x 11 and their gradient
      [6 * 2 * 4, 1], // pointer targets R x 2
      [2 * 2 * 9 * 4, 1], // pointer probabilities rows x 2 x T^2
    ]);
    expect(stepBuffers(MODEL, 2, 3)[6].label).toBe(PROBABILITIES.label);
    expect(stepBytes(MODEL, 2, 3)).toBe(5104);
  });

  it('counts the per-layer workspaces once a layer (2 layers)', () => {
    expect(stepBuffers({ ...MODEL, layers: 2 }, 2, 3).map((b) => b.count)).toEqual([6, 3, 2 + 1 + 8 + 1 + 2 + 1, 3, 6, 10, 2, 4, 1, 2, 1, 1]);
  });

  it('names each workspace as the fit check reports it', () => {
    expect(stepBuffers(MODEL, 2, 3).map((b) => b.label)).toEqual([
      'token ids, positions, targets, weights, old and reference log-probs (rows x window)',
      'row starts, lengths and advantages (rows)',
      'activations (rows x window x dim)',
      'attention q|k|v (rows x window x 3 dim)',
      'MLP activations (rows x window x 4 dim)',
      'layer-norm means and scales (rows x window)',
      'attention probabilities (rows x heads x window^2)',
      'logits (rows x window x vocab)',
      'loss statistics (rows x window x 5)',
      'pointer rows (rows x window x pointer width)',
      'pointer targets (rows x window x 2)',
      'pointer probabilities (rows x 2 heads x window^2)',
    ]);
    expect(LOG_SUM_EXP.label).toBe('attention log-sum-exp (rows x heads x window)');
  });

  it('leaves out the workspaces of no bytes: no rows leave the loss statistics header only', () => {
    expect(stepBuffers(MODEL, 0, 3)).toEqual([{ label: 'loss statistics (rows x window x 5)', bytes: 64 * 4, count: 1 }]);
  });

  it('keeps a log-sum-exp per query when the backend saves less, and leaves out the pointer buffers without a head', () => {
    expect(stepBuffers(MODEL, 2, 3, LOG_SUM_EXP)[6]).toEqual({ label: LOG_SUM_EXP.label, bytes: 2 * 2 * 3 * 4, count: 1 });
    const plain = stepBuffers({ ...MODEL, pointer: 0 }, 2, 3);
    expect(plain.map((b) => b.count)).toEqual([6, 3, 9, 2, 4, 6, 1, 2, 1]);
    expect(plain.some((b) => b.label.startsWith('pointer'))).toBe(false);
    expect(stepBuffers({ ...MODEL, pointer: undefined }, 2, 3)).toEqual(plain);
    expect(stepBytes(MODEL, 2, 3, LOG_SUM_EXP)).toBe(5104 - 144 + 48);
  });
});

describe('microBatchRows', () => {
  const perRow = () => stepBytes(MODEL, 1, 3);
  const largest = () => Math.max(...stepBuffers(MODEL, 1, 3).map((b) => b.bytes));

  it('takes the smaller of the two bounds, rounded down', () => {
    expect(microBatchRows(MODEL, 3, { totalBytes: (10.9 * perRow()) / STEP_SHARE, perBufferBytes: 20 * largest() })).toBe(10);
    expect(microBatchRows(MODEL, 3, { totalBytes: (20 * perRow()) / STEP_SHARE, perBufferBytes: 3.9 * largest() })).toBe(3);
    expect(microBatchRows(MODEL, 3, { totalBytes: (4 * perRow()) / STEP_SHARE, perBufferBytes: 4 * largest() })).toBe(4);
    expect(microBatchRows(MODEL, 3, { totalBytes: 1, perBufferBytes: 1 })).toBe(1);
  });

  it('reads the saved-attention kind, and gives Infinity without limits', () => {
    const limits = { totalBytes: (100 * perRow()) / STEP_SHARE, perBufferBytes: Infinity };
    expect(microBatchRows(MODEL, 3, limits)).toBe(100);
    expect(microBatchRows(MODEL, 3, limits, LOG_SUM_EXP)).toBeGreaterThan(100);
    expect(microBatchRows(MODEL, 3, UNLIMITED)).toBe(Infinity);
    expect(STEP_SHARE).toBe(0.25);
    expect(CPU_LIMITS).toEqual({ totalBytes: 2 ** 31, perBufferBytes: 2 ** 31 });
  });
});

describe('microBatches', () => {
  it('covers N rows with consecutive ranges of at most `per` rows; Infinity or more than N is one', () => {
    expect(microBatches(4, 2)).toEqual([[0, 2], [2, 4]]);
    expect(microBatches(3, 1)).toEqual([[0, 1], [1, 2], [2, 3]]);
    expect(microBatches(3, Infinity)).toEqual([[0, 3]]);
    expect(microBatches(3, 5)).toEqual([[0, 3]]);
    expect(microBatches(0, 2)).toEqual([]);
  });

  it('refuses a size that is not a whole number of at least 1, naming it', () => {
    for (const per of [0, 0.5, 1.5, -1, -Infinity, NaN]) expect(() => microBatches(4, per)).toThrow(`rows per micro-batch must be a whole number >= 1, got ${per}`);
  });
});
