// The parameter table and initialisation by hand: every entry's offset, size and shape for a small model (64-float
// alignment, the pointer head), the shape checks, and each kind of parameter's initial values from its own stream.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { countParams, initParams, paramTable } from '../../src/model/params';

/** D 4, 3 D = 12, 4 D = 16; pointer width pointerWidth(1) = 2·2·1 + 2 + 1 = 7. */
const MODEL = { vocab: 3, dim: 4, heads: 2, layers: 1, window: 5, pointer: 1 };

describe('paramTable', () => {
  it('lays every parameter out at 64-float-aligned offsets, in order', () => {
    const t = paramTable(MODEL);
    const layout = [...t.entries].map(([name, e]) => [name, e.offset, e.size, e.shape]);
    expect(layout).toEqual([
      ['wte', 0, 12, [3, 4]],
      ['wpe', 64, 20, [5, 4]],
      ['h0.ln1.g', 128, 4, [4]],
      ['h0.ln1.b', 192, 4, [4]],
      ['h0.attn.w', 256, 48, [4, 12]],
      ['h0.attn.b', 320, 12, [12]],
      ['h0.proj.w', 384, 16, [4, 4]],
      ['h0.proj.b', 448, 4, [4]],
      ['h0.ln2.g', 512, 4, [4]],
      ['h0.ln2.b', 576, 4, [4]],
      ['h0.fc.w', 640, 64, [4, 16]], // exactly 64 floats: no padding
      ['h0.fc.b', 704, 16, [16]],
      ['h0.out.w', 768, 64, [16, 4]],
      ['h0.out.b', 832, 4, [4]],
      ['lnf.g', 896, 4, [4]],
      ['lnf.b', 960, 4, [4]],
      ['ptr.w', 1024, 28, [4, 7]],
      ['ptr.b', 1088, 7, [7]],
    ]);
    expect(t.total).toBe(1152);
    expect(countParams(t)).toBe(319);
  });

  it('repeats the layer block per layer, and has no pointer entries without a head', () => {
    const t = paramTable({ ...MODEL, layers: 2, pointer: 0 });
    expect([...t.entries.keys()].filter((n) => n.startsWith('h1.'))).toHaveLength(12);
    expect(t.entries.get('h1.ln1.g')!.offset).toBe(896);
    expect(t.entries.has('ptr.w') || t.entries.has('ptr.b')).toBe(false);
    expect(t.total).toBe(1792);
    expect(paramTable({ ...MODEL, pointer: undefined }).total).toBe(1024);
  });

  it('refuses heads that do not divide the width, and a pointer width that is not a whole number >= 0', () => {
    expect(() => paramTable({ ...MODEL, heads: 3 })).toThrow('dim 4 is not divisible by heads 3');
    expect(() => paramTable({ ...MODEL, pointer: 1.5 })).toThrow('pointer width 1.5 is not a non-negative integer');
    expect(() => paramTable({ ...MODEL, pointer: -1 })).toThrow('pointer width -1 is not a non-negative integer');
    expect(paramTable({ ...MODEL, pointer: 0 }).entries.has('ptr.w')).toBe(false);
  });
});

describe('initParams', () => {
  it('draws matrices from N(0, 1/D) on their own named streams, residual projections scaled by 1/sqrt(2L)', () => {
    const c = { ...MODEL, layers: 2 };
    const t = paramTable(c);
    const p = initParams(c, t, Rng.fromSeed(3));
    /** The first values parameter `name` draws, times std. */
    const draws = (name: string, n: number, std: number) => {
      const r = Rng.fromSeed(3).split(name);
      return Array.from({ length: n }, () => Math.fround(r.normal() * std));
    };
    const at = (name: string, n: number) => Array.from(p.subarray(t.entries.get(name)!.offset, t.entries.get(name)!.offset + n));
    expect(at('wte', 12)).toEqual(draws('wte', 12, 1 / 2));
    expect(at('h1.attn.w', 5)).toEqual(draws('h1.attn.w', 5, 1 / 2));
    expect(at('ptr.w', 28)).toEqual(draws('ptr.w', 28, 1 / 2));
    expect(at('h0.proj.w', 5)).toEqual(draws('h0.proj.w', 5, 1 / 2 / 2)); // 1/sqrt(D) / sqrt(2 * 2)
    expect(at('h1.out.w', 64)).toEqual(draws('h1.out.w', 64, 1 / 2 / 2));
    expect(at('h0.fc.w', 5)).toEqual(draws('h0.fc.w', 5, 1 / 2));
  });

  it('sets layer-norm gains to 1 and biases to 0, and leaves the alignment padding 0', () => {
    const t = paramTable(MODEL);
    const p = initParams(MODEL, t, Rng.fromSeed(1));
    const at = (name: string) => Array.from(p.subarray(t.entries.get(name)!.offset, t.entries.get(name)!.offset + t.entries.get(name)!.size));
    for (const g of ['h0.ln1.g', 'h0.ln2.g', 'lnf.g']) expect(at(g)).toEqual([1, 1, 1, 1]);
    for (const b of ['h0.ln1.b', 'h0.attn.b', 'h0.proj.b', 'h0.fc.b', 'h0.out.b', 'lnf.b', 'ptr.b']) expect(at(b).every((x) => x === 0)).toBe(true);
    expect(Array.from(p.subarray(12, 64)).every((x) => x === 0)).toBe(true);
    expect(Array.from(p.subarray(192 + 4, 256)).every((x) => x === 0)).toBe(true);
    expect(p).toHaveLength(1152);
  });
});
