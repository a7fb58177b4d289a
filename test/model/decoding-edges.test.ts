// Batched generation's bookkeeping (decoding.ts) with hand-made rows: the prompts' checks at their bounds, the
// generation width Tc, the grammar's mask for live, done and unconstrained rows, and when a row stops.
import { describe, expect, it } from 'vitest';
import { acceptStep, beginGeneration, fillAllowedMask } from '../../src/model/decoding';
import { END } from '../../src/model/tokenizer';

describe('beginGeneration', () => {
  it('sets up empty rows, the prompt lengths and Tc = min(window, longest prompt + new tokens)', () => {
    const g = beginGeneration([[1, 2, 3], [4]], 10, 4);
    expect(g.out).toEqual({ tokens: [[], []], logp: [[], []], entropy: [[], []] });
    expect(Array.from(g.lens)).toEqual([3, 1]);
    expect(g.Tc).toBe(7);
    expect(Array.from(g.done)).toEqual([0, 0]);
    expect(beginGeneration([[1, 2, 3], [4]], 6, 4).Tc).toBe(6);
    expect(beginGeneration([[4], [1, 2, 3]], 60, 4).Tc).toBe(7);
  });

  it('takes a prompt one token shorter than the window, and names one that fills it or is empty', () => {
    expect(beginGeneration([[1], [1, 2, 3, 4]], 5, 8).Tc).toBe(5);
    expect(() => beginGeneration([[1], [1, 2, 3, 4, 5]], 5, 8)).toThrow('generate: a prompt of 5 tokens leaves no room in the window of 5');
    expect(() => beginGeneration([[1], []], 5, 8)).toThrow('generate: every prompt needs at least one token');
  });
});

describe('fillAllowedMask', () => {
  it("marks a live row's allowed tokens only, and every token of a done row or a row without a grammar", () => {
    const V = 4;
    const mask = new Float32Array(4 * V).fill(7);
    const asked: number[] = [];
    const out = { tokens: [[5], [6], [], [4]], logp: [[], [], [], []], entropy: [[], [], [], []] };
    const allowed = (n: number, generated: readonly number[]) => {
      asked.push(n);
      expect(generated).toBe(out.tokens[n]);
      return [null, [0], [3, 1], [2]][n];
    };
    fillAllowedMask(mask, allowed, out, Uint8Array.from([0, 1, 0, 0]), V);
    expect(Array.from(mask)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1, 0]);
    expect(asked).toEqual([0, 2, 3]);
  });
});

describe('acceptStep', () => {
  it('adds the step to live rows; a row stops at END or when its prompt and tokens fill Tc', () => {
    const out = { tokens: [[], [], [], []] as number[][], logp: [[], [], [], []] as number[][], entropy: [[], [], [], []] as number[][] };
    const done = Uint8Array.from([0, 0, 1, 0]);
    const lens = Int32Array.from([2, 2, 2, 5]);
    // step 1 with Tc 7: row 0 ends (END), row 1 has 2 + 2 tokens, row 2 was done, row 3 reaches 5 + 2 = 7
    const live = acceptStep(out, Int32Array.from([END, 5, 6, 7]), Float32Array.from([-1, -2, -3, -4]), Float32Array.from([0.5, 0.25, 0, 1]), done, lens, 1, 7);
    expect(live).toBe(1);
    expect(out.tokens).toEqual([[END], [5], [], [7]]);
    expect(out.logp).toEqual([[-1], [-2], [], [-4]]);
    expect(out.entropy).toEqual([[0.5], [0.25], [], [1]]);
    expect(Array.from(done)).toEqual([1, 0, 1, 1]);
    // row 1 at step 3 (2 + 4 tokens, one short of Tc) goes on, and stops at step 4
    expect(acceptStep(out, Int32Array.from([0, 8, 0, 0]), new Float32Array(4), new Float32Array(4), done, lens, 3, 7)).toBe(1);
    expect(acceptStep(out, Int32Array.from([0, 9, 0, 0]), new Float32Array(4), new Float32Array(4), done, lens, 4, 7)).toBe(0);
    expect(out.tokens[1]).toEqual([5, 8, 9]);
    expect(Array.from(done)).toEqual([1, 1, 1, 1]);
  });

  it('counts every row that goes on', () => {
    const out = { tokens: [[], []] as number[][], logp: [[], []] as number[][], entropy: [[], []] as number[][] };
    expect(acceptStep(out, Int32Array.from([3, 4]), new Float32Array(2), new Float32Array(2), new Uint8Array(2), Int32Array.from([1, 1]), 0, 9)).toBe(2);
  });
});
