// src/envs/words.ts by rule: each starter list's size, its words' form (one word, capitalised or lower-case as the
// pages show it), no word twice; and capitalize on a word, a letter and nothing.
import { describe, expect, it } from 'vitest';
import * as WORDS from '../../src/envs/words';
import { capitalize } from '../../src/envs/words';

const LOWER = /^[a-z]+$/;
const CAPITALISED = /^[A-Z][a-z]+$/;

describe('the starter lists', () => {
  it.each([
    ['BUTTON_WORDS', WORDS.BUTTON_WORDS, 24, CAPITALISED],
    ['FIRST_NAMES', WORDS.FIRST_NAMES, 24, LOWER],
    ['NOUNS', WORDS.NOUNS, 24, LOWER],
    ['COLORS', WORDS.COLORS, 12, LOWER],
    ['CITIES', WORDS.CITIES, 20, CAPITALISED],
    ['ITEMS', WORDS.ITEMS, 20, LOWER],
    ['TOPICS', WORDS.TOPICS, 10, LOWER],
  ] as const)('%s: %i distinct words of one form', (_name, list, size, form) => {
    expect(list).toHaveLength(size);
    expect(new Set(list).size).toBe(size);
    for (const word of list) expect(word).toMatch(form);
  });

  it('the first names run a to z, one per initial letter', () => {
    const initials = WORDS.FIRST_NAMES.map((name) => name[0]);
    expect(initials).toEqual([...initials].sort());
    expect(new Set(initials).size).toBe(WORDS.FIRST_NAMES.length);
  });
});

describe('capitalize', () => {
  it('upper-cases the first letter only, and leaves nothing as nothing', () => {
    expect(capitalize('bob')).toBe('Bob');
    expect(capitalize('mOUNTAIN')).toBe('MOUNTAIN');
    expect(capitalize('a')).toBe('A');
    expect(capitalize('')).toBe('');
  });
});
