// Edges of the envs layer's shared modules that shared-bounds.test.ts leaves open: indentation at every depth (the
// table and past it), a lazy observation's shared text cell and line cache, and an enum option with no values.
import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../src/envs/api';
import { LazyObservation, renderLine, type LineCache } from '../../src/envs/observation';
import { resolveOptions } from '../../src/envs/options';

describe('renderLine indentation', () => {
  it('indents two spaces per depth, inside the precomputed table and past it', () => {
    for (let depth = 0; depth <= 7; depth++) {
      expect(renderLine({ id: 3, role: 'link', name: 'x', depth }), `depth ${depth}`).toBe(`${' '.repeat(2 * depth)}[3] link 'x'`);
    }
  });
});

describe('LazyObservation with a cell and a cache', () => {
  const elements: UiElement[] = [
    { id: 1, role: 'button', name: 'A' },
    { id: 2, role: 'button', name: 'B' },
  ];

  it('keeps its text in the shared cell: a filled cell is read as it is, an empty one is filled once', () => {
    expect(new LazyObservation(elements, undefined, { text: 'kept' }).text).toBe('kept');
    const cell = { text: undefined as string | undefined };
    const first = new LazyObservation(elements, undefined, cell);
    expect(first.text).toBe("[1] button 'A'\n[2] button 'B'");
    expect(cell.text).toBe("[1] button 'A'\n[2] button 'B'");
    // A second observation of the same page reads the cell, not its own (different) elements.
    expect(new LazyObservation([], undefined, cell).text).toBe("[1] button 'A'\n[2] button 'B'");
  });

  it("takes each line from the cache, by place and element", () => {
    const asked: [number, number][] = [];
    const cache: LineCache = {
      line: (i, e) => {
        asked.push([i, e.id]);
        return `line ${i}`;
      },
    };
    expect(new LazyObservation(elements, cache).text).toBe('line 0\nline 1');
    expect(asked).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});

describe('resolveOptions', () => {
  it('refuses every value of an enum option that lists none, naming an empty list', () => {
    const specs = [{ name: 'bare', doc: 'x', kind: 'enum' as const, default: 'z' }];
    for (const value of ['z', '', 'Stryker was here']) {
      expect(() => resolveOptions('fam', specs, { bare: value }), value).toThrow(new Error("fam: option 'bare' must be one of "));
    }
  });
});
