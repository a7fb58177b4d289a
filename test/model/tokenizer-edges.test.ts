// The tokenizer's edges, with hand-built vocabularies: the vocabulary's layout, the piece and word rules, the
// placeholder range's bounds, content-word maps at capacity, decoding's skipped specials and spacing exceptions.
// Every tokenizer is built inside its test, so that no code under test runs while the file is collected.
import { describe, expect, it } from 'vitest';
import { ContentWords, DEFAULT_PLACEHOLDERS, END, SPECIALS, Tokenizer, UNK, buildTokenizer, placeholder, spacingOf, splitWords } from '../../src/model/tokenizer';

/** specials, '0'..'99', two placeholders, then the words: ids 0-8, 9-108, 109-110, 111... */
const small = (words: string[] = ['(', ')', ',', 'click']) => buildTokenizer(words, 2);

describe('vocabulary layout', () => {
  it('is the nine specials, the numbers 0..99, the placeholders, then the structural words in code-unit order', () => {
    const tok = small(['b', 'B', 'a', 'b']);
    expect(tok.vocab.slice(0, 9)).toEqual(['<pad>', '<unk>', '<end>', '<goal>', '<obs>', '<act>', '<prev>', '<el>', '<match>']);
    expect(SPECIALS).toHaveLength(9);
    expect(tok.vocab.slice(9, 12)).toEqual(['0', '1', '2']);
    expect(tok.vocab[108]).toBe('99');
    expect(tok.vocab.slice(109, 111)).toEqual(['<w0>', '<w1>']);
    expect(tok.vocab.slice(111)).toEqual(['B', 'a', 'b']);
    expect(tok.size).toBe(114);
    expect([tok.placeholderStart, tok.placeholders]).toEqual([109, 2]);
    expect(tok.toJSON()).toEqual(tok.vocab);
    expect(placeholder(12)).toBe('<w12>');
    expect(buildTokenizer([]).placeholders).toBe(DEFAULT_PLACEHOLDERS);
  });

  it('drops digit strings and words it already holds, keeps words with digits in them', () => {
    const tok = small(['42', '305', '007', 'a1', '1a', '<end>', '<w0>', 'x_2']);
    expect(tok.vocab.slice(111)).toEqual(['1a', 'a1', 'x_2']);
  });

  it('finds no placeholders in a vocabulary without them, or with a gap in their run', () => {
    const none = buildTokenizer(['x'], 0);
    expect([none.placeholders, none.placeholderStart]).toEqual([0, none.size]);
    expect(none.isPlaceholder(none.size)).toBe(false);
    expect(none.slotOf(none.size - 1)).toBe(-1);
    const gap = new Tokenizer([...SPECIALS, '<w0>', '<w1>', 'x', '<w2>']);
    expect([gap.placeholderStart, gap.placeholders]).toEqual([9, 2]);
    const late = new Tokenizer([...SPECIALS, 'x', '<w1>', '<w0>']);
    expect([late.placeholderStart, late.placeholders]).toEqual([11, 1]);
  });

  it('tells placeholders by their range, both ends included and excluded as they should be', () => {
    const tok = small();
    expect([108, 109, 110, 111].map((id) => tok.isPlaceholder(id))).toEqual([false, true, true, false]);
    expect([108, 109, 110, 111].map((id) => tok.slotOf(id))).toEqual([-1, 0, 1, -1]);
  });

  it('refuses a vocabulary whose specials are out of place, naming the entry', () => {
    expect(() => Tokenizer.fromJSON(['<unk>'])).toThrow('not a tokenizer vocabulary: entry 0 is <unk>, expected <pad>');
    expect(() => Tokenizer.fromJSON([...SPECIALS.slice(0, 8)])).toThrow('entry 8 is undefined, expected <match>');
    expect(Tokenizer.fromJSON([...SPECIALS, 'x']).id('x')).toBe(9);
  });
});

describe('pieces', () => {
  it('splits runs of letters, digits and underscores (any script) from single marks, dropping whitespace', () => {
    expect(splitWords('  fill(12,"Zoë_2")\t\n-- ok ')).toEqual(['fill', '(', '12', ',', '"', 'Zoë_2', '"', ')', '-', '-', 'ok']);
    expect(splitWords('')).toEqual([]);
    expect(splitWords(' \n ')).toEqual([]);
  });
});

describe('content words', () => {
  it('numbers the given words in order; an open map adds words up to its capacity and no further', () => {
    const words = new ContentWords(3, ['a', 'b']);
    expect([words.slot('b'), words.slot('a')]).toEqual([1, 0]);
    expect(words.slot('c')).toBe(2);
    expect(words.slot('d')).toBeUndefined();
    expect(words.list).toEqual(['a', 'b', 'c']);
    expect(words.slot('c')).toBe(2);
  });

  it("a map over a context's words (ContentWords.of) is full: it only reads", () => {
    const words = ContentWords.of(['a']);
    expect([words.slot('a'), words.slot('b')]).toEqual([0, undefined]);
    expect(words.list).toEqual(['a']);
  });

  it('reads <unk> for a word whose slot is past the tokenizer’s placeholders, though the map took it', () => {
    const tok = small();
    const words = new ContentWords(5);
    expect(tok.encode('p q r click', words)).toEqual([109, 110, UNK, tok.id('click')]);
    expect(words.list).toEqual(['p', 'q', 'r']);
    expect(tok.wordId('9')).toBe(18);
  });
});

describe('decode', () => {
  it('skips every special but <unk>, and reads ids past the vocabulary and slots past the words as <unk>', () => {
    const tok = small();
    expect(tok.decode([0, 2, 3, 4, 5, 6, 7, 8, 9, 1, END])).toBe('0<unk>');
    expect(tok.decode([tok.size, 109, 110], ['x'])).toBe('<unk>x<unk>');
    expect(tok.decode([109, 110])).toBe('<unk><unk>');
  });

  it('spaces between two words and after a comma only, by default', () => {
    const tok = small();
    const c = tok.id('click')!;
    expect(tok.decode([c, 109, tok.id('(')!, 110, tok.id(',')!, 109, tok.id(')')!, c], ['x', 'y'])).toBe('click x(y, x)click');
  });

  it("follows the context's exceptions: spaced where the default glues, glued where it spaces", () => {
    const tok = buildTokenizer(['(', ')', ',', '.', 'answer'], 3);
    const text = 'answer(1,000 St. Louis)';
    const words = new ContentWords(3);
    const ids = tok.encode(text, words);
    expect(tok.decode(ids, words.list)).toBe('answer(1, 000 St.Louis)');
    const spacing = spacingOf([text]);
    expect(spacing).toEqual({ spaced: ['.\u0001Louis'], glued: [',\u0001000'] });
    expect(tok.decode(ids, words.list, spacing)).toBe(text);
  });
});

describe('spacingOf', () => {
  it('keeps only the pairs that differ from the default, each once', () => {
    expect(spacingOf(['a .b', 'a .c', 'c(d'])).toEqual({ spaced: ['a\u0001.'], glued: [] });
    expect(spacingOf(['1,2 1,2'])).toEqual({ spaced: [], glued: [',\u00012'] });
  });

  it('leaves a pair seen both ways to the default, whichever way it is seen first', () => {
    expect(spacingOf(['a. b', 'a.b'])).toEqual({ spaced: [], glued: [] });
    expect(spacingOf(['a.b', 'a. b'])).toEqual({ spaced: [], glued: [] });
    expect(spacingOf(['a,b', 'a, b'])).toEqual({ spaced: [], glued: [] });
    expect(spacingOf(['a, b', 'a,b'])).toEqual({ spaced: [], glued: [] });
  });
});
