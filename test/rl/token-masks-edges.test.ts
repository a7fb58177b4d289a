// Edges of the token masks (src/rl/token-masks.ts) next to grpo-options.test.ts: quantiles at and past their
// bounds, empty actions, tokens with no recorded entropy or an entropy equal to the threshold, and a batch left as it was.
import { describe, expect, it } from 'vitest';
import type { TrainBatch } from '../../src/model/policy-api';
import { END } from '../../src/model/tokenizer';
import type { EpisodeRecord, TurnRecord } from '../../src/rl/rollout';
import { cutOff, keepTopEntropy, quantile, sequenceRatioBatch } from '../../src/rl/token-masks';

const turn = (action: number[], entropy: number[] = []): TurnRecord => ({ prompt: [1], action, logp: [], entropy, text: '' });

describe('cutOff', () => {
  it('an empty action or an episode without turns is not cut off', () => {
    expect(cutOff({ turns: [turn([]), turn([4, END])] } as unknown as EpisodeRecord)).toBe(false);
    expect(cutOff({ turns: [] } as unknown as EpisodeRecord)).toBe(false);
    expect(cutOff({ turns: [turn([END, 4])] } as unknown as EpisodeRecord)).toBe(true);
  });
});

describe('quantile', () => {
  it('clamps p to [0, 1] and takes the largest value at 1', () => {
    expect(quantile([3, 1, 2], 1)).toBe(3);
    expect(quantile([3, 1, 2], 2)).toBe(3);
    expect(quantile([3, 1, 2], 0)).toBe(1);
    expect(quantile([3, 1, 2], -0.5)).toBe(1);
    expect(quantile([10, 30, 20], 0.75)).toBe(25); // position 1.5 of [10, 20, 30]
    expect(quantile([-1, -10, 5], 0.5)).toBe(-1); // sorted as numbers, not as text
  });

  it('refuses no values', () => {
    expect(() => quantile([], 0.5)).toThrow(new RangeError('quantile of no values'));
  });
});

describe('keepTopEntropy', () => {
  it('keeps a token whose entropy equals the threshold, and one with no recorded entropy', () => {
    // entropies 1, 2, 3 (the fourth token has none): the median 2 is the threshold; only 1 is below it.
    const weight = Float32Array.from([0.5, 0.5, 0.5, 0.5]);
    keepTopEntropy(weight, [turn([5, 6, 7, END], [2, 1, 3])], [{ episode: 0, start: 0, count: 4 }], 4, 0.5);
    expect([...weight]).toEqual([0.5, 0, 0.5, 0.5]);
  });

  it('leaves the weights as they were when no token in the loss has an entropy', () => {
    const weight = Float32Array.from([0, 0.5, 0.5]);
    keepTopEntropy(weight, [turn([5, 6, END], [7])], [{ episode: 0, start: 0, count: 3 }], 3, 0.2);
    expect([...weight]).toEqual([0, 0.5, 0.5]);
  });

  it('reads a turn without entropies (a demonstration, or an older checkpoint) as none recorded', () => {
    const weight = Float32Array.from([0.5, 0.5, 0.5, 0.5]);
    const bare = { ...turn([5, END]), entropy: undefined } as unknown as TurnRecord;
    keepTopEntropy(weight, [bare, turn([6, END], [1, 3])], [{ episode: 0, start: 0, count: 2 }, { episode: 1, start: 0, count: 2 }], 2, 0.5);
    expect([...weight]).toEqual([0.5, 0.5, 0, 0.5]); // threshold 2 over [1, 3]
  });

  it('reads each row at its own offset (row n at n x T + start), counting only its tokens in the loss', () => {
    // T 5. Row 0: tokens 0-1, entropies 1, 3. Row 1: tokens 6-8, entropies 4, 6, 0, the last out of the loss.
    // The quantile is over [1, 3, 4, 6]: threshold 3.5 (position 1.5), so both of row 0 go.
    const weight = Float32Array.from([1, 1, 0, 0, 0, 0, 1, 1, 0, 0]);
    const spans = [{ episode: 0, start: 0, count: 2 }, { episode: 1, start: 1, count: 3 }];
    keepTopEntropy(weight, [turn([5, END], [1, 3]), turn([5, 6, END], [4, 6, 0])], spans, 5, 0.5);
    expect([...weight]).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 0, 0]);
  });

  it('leaves the weights past a span alone, even where its turn records more entropies', () => {
    // The row holds the first two of the turn's three tokens: the quantile of [5, 6] is 5.5; the third (entropy 0)
    // neither counts in it nor loses its weight.
    const weight = Float32Array.from([1, 1, 1]);
    keepTopEntropy(weight, [turn([5, 6, 7], [5, 6, 0])], [{ episode: 0, start: 0, count: 2 }], 3, 0.5);
    expect([...weight]).toEqual([0, 1, 1]);
  });
});

describe('sequenceRatioBatch', () => {
  it('writes a new oldLogp and leaves the given batch as it was', () => {
    const oldLogp = Float32Array.from([-1, -2]);
    const b: TrainBatch = { rows: 1, width: 2, tokens: new Int32Array(2), lengths: Int32Array.from([2]), weight: new Float32Array(2), advantage: new Float32Array(1), oldLogp, refLogp: null };
    // one episode, tokens 0 and 1: log-ratios 0.5 and 1.5, mean 1: old becomes now - 1.
    const out = sequenceRatioBatch(b, [{ episode: 0, start: 0, count: 2 }], Float32Array.from([-0.5, -0.5]));
    expect([...out.oldLogp]).toEqual([-1.5, -1.5]);
    expect([...oldLogp]).toEqual([-1, -2]);
    expect(out.tokens).toBe(b.tokens);
  });
});
