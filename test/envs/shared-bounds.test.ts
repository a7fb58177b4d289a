// The envs layer's shared modules at their edges: the train/test split and its Pools (sampling paths, redraw limit,
// messages), level tables, option validation at every bound, and the observation text.
import { describe, expect, it, vi } from 'vitest';
import { hashString, Rng } from '../../src/core/rng';
import type { EnvSpec, OptionSpec, UiElement } from '../../src/envs/api';
import { defaultLevel, levelOptions, levelTable, maxLevel } from '../../src/envs/levels';
import { LazyObservation, plainObservation, renderElements, tokenCount } from '../../src/envs/observation';
import { intOption, resolveOptions } from '../../src/envs/options';
import { inSplit, instanceKey, Pools, poolsOf, splitOf } from '../../src/envs/split';

/** Keys known to be in each split (their salted hash, checked below): pins the salt and the share. */
const TRAIN_WORDS = ['apple', 'banana', 'cherry', 'delta', 'echo', 'foxtrot', 'hotel', 'india'];
const TEST_WORD = 'golf';

describe('splits', () => {
  it('puts a key in test when its salted hash is 0 mod 4, whatever its case', () => {
    for (const w of TRAIN_WORDS) expect(splitOf(w), w).toBe('train');
    expect(splitOf(TEST_WORD)).toBe('test');
    expect(splitOf('GOLF')).toBe('test');
    expect(splitOf('BaNaNa')).toBe('train');
    const keys = Array.from({ length: 4000 }, (_, i) => `key ${i}`);
    for (const k of keys.slice(0, 200)) expect(splitOf(k) === 'test').toBe(hashString(k, 0x5eed5) % 4 === 0);
    const share = keys.filter((k) => splitOf(k) === 'test').length / keys.length;
    expect(share).toBeGreaterThan(0.22);
    expect(share).toBeLessThan(0.28);
    expect(inSplit(TEST_WORD, 'test')).toBe(true);
    expect(inSplit(TEST_WORD, 'train')).toBe(false);
  });

  it('keys an instance by its goal, or its goal and first observation (games by default)', () => {
    expect(instanceKey({ suite: 'web' }, 'g', 'o')).toBe('g');
    expect(instanceKey({ suite: 'game' }, 'g', 'o')).toBe('g\no');
    expect(instanceKey({ suite: 'web', instanceKey: 'goal+observation' }, 'g', 'o')).toBe('g\no');
    expect(instanceKey({ suite: 'game', instanceKey: 'goal' }, 'g', 'o')).toBe('g');
  });

  it('shares one Pools per split, train when none is named', () => {
    expect(poolsOf(undefined)).toBe(poolsOf('train'));
    expect(poolsOf('train').split).toBe('train');
    expect(poolsOf('test').split).toBe('test');
  });
});

describe('Pools', () => {
  const list = [...TRAIN_WORDS, TEST_WORD];

  it("keeps a list's items of its split in order, caches them, and names a list with none", () => {
    const train = new Pools('train');
    const words = train.words(list);
    expect(words).toEqual(TRAIN_WORDS);
    expect(train.words(list)).toBe(words);
    expect(new Pools('test').words(list)).toEqual([TEST_WORD]);
    expect(() => new Pools('test').words(TRAIN_WORDS)).toThrow('pools: no item of [apple, banana, cherry, delta, ...] is in the test split');
    expect(() => new Pools('train').words([TEST_WORD])).toThrow('pools: no item of [golf, ...] is in the train split');
  });

  it('picks from its split only', () => {
    const rng = Rng.fromSeed(1);
    for (let i = 0; i < 30; i++) expect(new Pools('test').pick(rng, list)).toBe(TEST_WORD);
    const twin = Rng.fromSeed(2);
    const r2 = Rng.fromSeed(2);
    expect(new Pools('train').pick(r2, list)).toBe(TRAIN_WORDS[twin.int(TRAIN_WORDS.length)]);
  });

  it('samples k distinct items: a shuffle when k is over a quarter of the split, index redraws otherwise', () => {
    const pools = new Pools('train');
    // 8 train items: k = 3 (12 > 8) shuffles; k = 2 (8 = 8) redraws indices.
    const shuffled = Rng.fromSeed(5);
    expect(pools.sample(Rng.fromSeed(5), list, 3)).toEqual(shuffled.shuffle(TRAIN_WORDS).slice(0, 3));
    const byIndex = Rng.fromSeed(6);
    const picked: number[] = [];
    while (picked.length < 2) {
      const i = byIndex.int(TRAIN_WORDS.length);
      if (!picked.includes(i)) picked.push(i);
    }
    const rng = Rng.fromSeed(6);
    expect(pools.sample(rng, list, 2)).toEqual(picked.map((i) => TRAIN_WORDS[i]));
    expect(rng.getState()).toEqual(byIndex.getState());
    expect(pools.sample(Rng.fromSeed(7), list, 0)).toEqual([]);
    expect(new Set(pools.sample(Rng.fromSeed(8), list, 8)).size).toBe(8);
    expect(() => pools.sample(Rng.fromSeed(8), list, 9)).toThrow('pools: asked for 9 items, the train split of this list holds 8');
  });

  it('redraws index repeats until k distinct items', () => {
    const many = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const pools = new Pools('train');
    const n = pools.words(many).length;
    for (let seed = 0; seed < 30; seed++) {
      const got = pools.sample(Rng.fromSeed(seed), many, Math.floor(n / 4));
      expect(new Set(got).size).toBe(got.length);
      expect(got).toHaveLength(Math.floor(n / 4));
    }
  });

  it('generates strings of the asked lengths and alphabet, in its split', () => {
    const pools = new Pools('test');
    const rng = Rng.fromSeed(3);
    const lengths = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const s = pools.string(rng, 2, 4);
      lengths.add(s.length);
      expect(s).toMatch(/^[a-z]{2,4}$/);
      expect(splitOf(s)).toBe('test');
    }
    expect([...lengths].sort()).toEqual([2, 3, 4]);
    const letters = new Set(Array.from({ length: 200 }, () => pools.string(rng, 3, 3)).join(''));
    expect(letters.has('a') && letters.has('z')).toBe(true);
    expect(pools.string(rng, 5, 5, 'xy')).toMatch(/^[xy]{5}$/);
  });

  it('draws integers whose text is in its split, within [lo, hi]', () => {
    const pools = new Pools('test');
    const rng = Rng.fromSeed(4);
    const seen = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const n = pools.int(rng, 10, 30);
      seen.add(n);
      expect(n).toBeGreaterThanOrEqual(10);
      expect(n).toBeLessThanOrEqual(30);
      expect(splitOf(String(n))).toBe('test');
    }
    const allTest = Array.from({ length: 21 }, (_, i) => 10 + i).filter((n) => splitOf(String(n)) === 'test');
    expect([...seen].sort((a, b) => a - b)).toEqual(allTest);
  });

  it('redraws until a result is in its split, and gives up after 10000 draws', () => {
    const pools = new Pools('test');
    const texts = ['apple', 'banana', TEST_WORD, 'cherry'];
    let k = 0;
    expect(pools.draw(() => texts[k++])).toBe(TEST_WORD);
    expect(k).toBe(3);
    const make = vi.fn(() => 'apple');
    expect(() => pools.draw(make)).toThrow('pools: 10000 draws found nothing in the test split');
    expect(make).toHaveBeenCalledTimes(10_000);
  });
});

describe('levels', () => {
  const options: OptionSpec[] = [intOption('n', 'count', 3, 1, 9), { name: 'mode', doc: 'm', kind: 'enum', default: 'a', values: ['a', 'b'] }];

  it('builds each level from the previous one, level 0 from the defaults, frozen', () => {
    const table = levelTable(options, [{}, { n: 5 }, { mode: 'b' }]);
    expect(table).toEqual([{ n: 3, mode: 'a' }, { n: 5, mode: 'a' }, { n: 5, mode: 'b' }]);
    expect(Object.isFrozen(table[1])).toBe(true);
    expect(() => levelTable(options, [{}, { size: 2 }])).toThrow("level 1: unknown option 'size'");
    expect(levelTable(options, [])).toEqual([]);
  });

  const spec = (levels?: EnvSpec['levels']) => ({ options, levels }) as unknown as EnvSpec;

  it('clamps a level to the table, floors fractions, and gives the defaults without a table', () => {
    const s = spec(levelTable(options, [{}, { n: 5 }, { n: 7 }]));
    expect(maxLevel(s)).toBe(2);
    expect(maxLevel(spec())).toBe(0);
    expect(maxLevel(spec([]))).toBe(0);
    expect(levelOptions(s, -1)).toEqual({ n: 3, mode: 'a' });
    expect(levelOptions(s, 1.9)).toEqual({ n: 5, mode: 'a' });
    expect(levelOptions(s, 2)).toEqual({ n: 7, mode: 'a' });
    expect(levelOptions(s, 99)).toEqual({ n: 7, mode: 'a' });
    expect(levelOptions(spec(), 1)).toEqual({});
    expect(levelOptions(spec([]), 0)).toEqual({});
  });

  it("finds the level equal to the defaults, naming every option, or -1", () => {
    expect(defaultLevel(spec(levelTable(options, [{ n: 1 }, { n: 3 }, { n: 5 }])))).toBe(1);
    expect(defaultLevel(spec(levelTable(options, [{ n: 1 }, { mode: 'b' }])))).toBe(-1);
    expect(defaultLevel(spec([{ n: 3 }]))).toBe(-1); // mode not named
    expect(defaultLevel(spec([{ n: 3, mode: 'a', extra: 1 }]))).toBe(-1);
    expect(defaultLevel(spec())).toBe(-1);
  });
});

describe('resolveOptions', () => {
  const specs: OptionSpec[] = [
    intOption('n', 'count', 3, 1, 9),
    { name: 'low', doc: 'x', kind: 'int', default: 0, max: 5 },
    { name: 'on', doc: 'x', kind: 'bool', default: false },
    { name: 'mode', doc: 'x', kind: 'enum', default: 'a', values: ['a', 'b'] },
    { name: 'bare', doc: 'x', kind: 'enum', default: 'z' },
  ];
  const err = (given: Record<string, unknown>) => {
    try {
      resolveOptions('fam', specs, given as never);
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('fills every default, and takes valid values at the bounds', () => {
    expect(resolveOptions('fam', specs, undefined)).toEqual({ n: 3, low: 0, on: false, mode: 'a', bare: 'z' });
    expect(resolveOptions('fam', specs, { n: 1, low: -50, on: true, mode: 'b' })).toMatchObject({ n: 1, low: -50, on: true, mode: 'b' });
    expect(resolveOptions('fam', specs, { n: 9, low: 5 })).toMatchObject({ n: 9, low: 5 });
  });

  it('names the family, the option and what it must be', () => {
    expect(err({ size: 1 })).toBe("fam: unknown option 'size' (options: n, low, on, mode, bare)");
    expect(() => resolveOptions('fam', [], { size: 1 })).toThrow("fam: unknown option 'size' (options: none)");
    expect(err({ n: '3' })).toBe("fam: option 'n' must be an integer");
    expect(err({ n: 2.5 })).toBe("fam: option 'n' must be an integer");
    expect(err({ n: 0 })).toBe("fam: option 'n' must be in 1..9, got 0");
    expect(err({ n: 10 })).toBe("fam: option 'n' must be in 1..9, got 10");
    expect(err({ low: 6 })).toBe("fam: option 'low' must be in undefined..5, got 6");
    expect(err({ on: 1 })).toBe("fam: option 'on' must be true or false");
    expect(err({ mode: 'c' })).toBe("fam: option 'mode' must be one of a, b");
    expect(err({ mode: 1 })).toBe("fam: option 'mode' must be one of a, b");
    expect(err({ bare: 'z' })).toBe("fam: option 'bare' must be one of ");
  });

  it('builds an integer option', () => {
    expect(intOption('k', 'doc', 2, 0, 4)).toEqual({ name: 'k', doc: 'doc', kind: 'int', default: 2, min: 0, max: 4 });
  });
});

describe('observations', () => {
  const elements: UiElement[] = [
    { id: 1, role: 'heading', name: 'Form' },
    { id: 2, role: 'textbox', name: 'User', value: 'bob', depth: 1 },
    { id: 3, role: 'checkbox', name: 'Keep', state: { checked: true, disabled: false, focused: true }, depth: 2 },
    { id: 4, role: 'button', name: 'Go', value: '', depth: 0 },
  ];

  it("writes one element a line: indent, [id] role 'name', value, the true states", () => {
    expect(renderElements(elements)).toBe(
      "[1] heading 'Form'\n  [2] textbox 'User' value='bob'\n    [3] checkbox 'Keep' checked focused\n[4] button 'Go' value=''",
    );
    expect(renderElements([])).toBe('');
  });

  it('renders a lazy observation once, and copies one into plain data', () => {
    const list = [...elements];
    const lazy = new LazyObservation(list);
    const first = lazy.text;
    list.push({ id: 9, role: 'text', name: 'late' });
    expect(lazy.text).toBe(first);
    expect(lazy.toJSON()).toEqual({ elements: list, text: first });
    const plain = plainObservation(lazy);
    expect(plain).toEqual({ elements: list, text: first });
    expect(plain.elements[0]).not.toBe(list[0]);
    expect(Object.keys(plain)).toEqual(['elements', 'text']);
  });

  it('counts words and punctuation marks as a word-level tokenizer does', () => {
    expect(tokenCount('click(7)')).toBe(4);
    expect(tokenCount('fill(2, "Bob Smith")')).toBe(9);
    expect(tokenCount('')).toBe(0);
    expect(tokenCount(' \n\t ')).toBe(0);
    expect(tokenCount('abc123 x')).toBe(2);
    expect(tokenCount('é-ü')).toBe(3);
  });
});
