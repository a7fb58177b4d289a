// Tokenizer (open vocabulary), context builder and action grammar.
import { describe, expect, it } from 'vitest';
import { ACT, ContentWords, EL, END, GOAL, MATCH, OBS, PREV, UNK, Tokenizer, buildTokenizer, placeholder, spacingOf, splitWords } from '../../src/model/tokenizer';
import { buildContext, compactText, goalMatches } from '../../src/model/context';
import { ActionGrammar, grammarAllowed } from '../../src/model/grammar';
import { TEXTS, tok } from './fixtures';

const P = (k: number) => tok.placeholderStart + k;

describe('tokenizer', () => {
  it('splits words and punctuation, keeping case', () => {
    expect(splitWords("[7] button 'Submit'")).toEqual(['[', '7', ']', 'button', "'", 'Submit', "'"]);
  });
  it('holds specials, numbers 0..99, the placeholders and the structural words only', () => {
    expect(tok.id('42')).toBeDefined();
    expect(tok.id('click')).toBeDefined();
    expect(tok.id('Submit')).toBeUndefined();
    expect(tok.placeholders).toBe(48);
    expect(tok.vocab[P(0)]).toBe(placeholder(0));
    expect(tok.size).toBeLessThan(200);
  });
  it('gives content words placeholders in order of first appearance, the same word the same one', () => {
    const words = new ContentWords(tok.placeholders);
    expect(tok.encode('Smith and bob , bob', words)).toEqual([P(0), tok.id('and'), P(1), tok.id(','), P(1)]);
    expect(words.list).toEqual(['Smith', 'bob']);
  });
  it('numbers past 99 and zero-padded ones are content; 0..99 are words', () => {
    const words = new ContentWords(tok.placeholders);
    expect(tok.encode('42 305 05 7', words)).toEqual([tok.id('42'), P(0), P(1), tok.id('7')]);
    expect(words.list).toEqual(['305', '05']);
  });
  it('a content word reads <unk> without a map, past the placeholders, or when a full map (ContentWords.of) lacks it', () => {
    expect(tok.encode('zebra')).toEqual([UNK]);
    const small = buildTokenizer(['the'], 2);
    const words = new ContentWords(small.placeholders);
    expect(small.encode('a b c a', words)).toEqual([small.placeholderStart, small.placeholderStart + 1, UNK, small.placeholderStart]);
    expect(tok.encode('bob zebra', ContentWords.of(['bob']))).toEqual([P(0), UNK]);
  });
  it('decodes actions exactly through the words of their context', () => {
    const words = ['Bob', 'Smith', 'hunter2', '1234', 'bob'];
    for (const a of ['click(7)', 'fill(2, "bob")', 'fill(3, "Bob Smith")', 'move(up)', 'answer("42")', 'back()', 'answer("1234")', 'fill(2, "hunter2")'])
      expect(tok.decode(tok.encode(a, ContentWords.of(words)), words)).toBe(a);
    expect(tok.decode([P(9)], words)).toBe('<unk>');
  });
  it("spaces a copied text as its context does: 'St. Louis' and 'v3.5' both decode exactly", () => {
    const text = 'Fly to St. Louis with v3.5 of the app';
    const words = new ContentWords(tok.placeholders);
    const ids = tok.encode('answer("St. Louis") answer("v3.5")', words);
    expect(tok.decode(ids, words.list)).toBe('answer("St.Louis")answer("v3.5")'); // the default spacing glues after '.'
    const spacing = spacingOf([text]);
    expect(spacing.spaced).toEqual([`.\u0001Louis`]);
    expect(tok.decode(tok.encode('answer("St. Louis")', ContentWords.of(words.list)), words.list, spacing)).toBe('answer("St. Louis")');
    expect(tok.decode(tok.encode('answer("v3.5")', ContentWords.of(words.list)), words.list, spacing)).toBe('answer("v3.5")');
    expect(spacingOf(['a. b', 'a.b']).spaced).toEqual([]); // seen both ways: the default
  });
  it('round-trips through JSON and refuses a vocabulary without the specials', () => {
    expect(Tokenizer.fromJSON(tok.toJSON()).encode(TEXTS[1], new ContentWords(48))).toEqual(tok.encode(TEXTS[1], new ContentWords(48)));
    expect(() => Tokenizer.fromJSON(['<pad>', 'x'])).toThrow(/entry 1 is x, expected <unk>/);
  });
});

describe('context', () => {
  it('reads observations and goals without brackets or quotes, so an id sits next to its role and label', () => {
    expect(compactText("[7] button 'Submit'").split(/\s+/).filter(Boolean)).toEqual(['7', 'button', 'Submit']);
  });
  const input = { goal: TEXTS[0], history: [{ obs: TEXTS[1], action: 'click(2)' }], obs: TEXTS[1] };
  it('is goal, earlier turns with a placeholder, the observation and the ACT marker', () => {
    const c = buildContext(tok, input, 128, 16).tokens;
    expect(c[0]).toBe(GOAL);
    expect(c.at(-1)).toBe(ACT);
    const prev = c.indexOf(PREV);
    expect(c.slice(prev - 1, prev + 2)).toEqual([OBS, PREV, ACT]);
    expect(c.slice(prev + 2, prev + 2 + tok.encode('click(2)').length + 1)).toEqual([...tok.encode('click(2)'), END]);
  });
  it('starts each element line with <el>, then its id', () => {
    const c = buildContext(tok, { goal: 'Click the Submit button.', history: [], obs: "[1] heading 'Login'\n  [7] button 'Submit'\nfree text" }, 128, 8);
    const obs = c.tokens.slice(c.tokens.indexOf(OBS) + 1, -1);
    expect(obs).toEqual([EL, tok.id('1'), tok.id('heading'), tok.id('Login'), EL, tok.id('7'), tok.id('button'), P(0), P(1), P(2)]);
    expect(c.words).toEqual(['Submit', 'free', 'text']);
  });
  it('numbers content words in order of first appearance in the context as kept', () => {
    const c = buildContext(tok, { goal: 'Enter Smith', history: [{ obs: '', action: 'fill(2, "bob")' }], obs: "[2] textbox 'Bob'" }, 128, 8);
    expect(c.words).toEqual(['Smith', 'bob', 'Bob']);
    const cut = buildContext(tok, { goal: 'x', history: Array.from({ length: 20 }, (_, i) => ({ obs: '', action: `fill(2, "w${i}")` })), obs: '' }, 40, 8);
    expect(cut.words[0]).toBe('x');
    expect(cut.words[1]).not.toBe('w0'); // the oldest turns were dropped before numbering
    expect(cut.tokens).toContain(P(1));
  });
  it('fits the window by dropping old turns, then cutting the observation', () => {
    const long = { ...input, history: Array.from({ length: 20 }, () => input.history[0]) };
    const c = buildContext(tok, long, 28, 8).tokens;
    expect(c.length).toBeLessThanOrEqual(20);
    expect(c[0]).toBe(GOAL);
    expect(c.at(-1)).toBe(ACT);
    expect(c).not.toContain(PREV);
  });
  it("marks the elements whose name shares a word with the goal (any case), and only those lines", () => {
    const elements = [
      { id: 1, role: 'button', name: 'Save' },
      { id: 2, role: 'button', name: 'Print page' },
      { id: 3, role: 'textbox', name: 'Username', value: 'print' },
    ];
    const matches = goalMatches("Click the button 'print'.", elements);
    expect([...matches]).toEqual([1]);
    const obs = "[1] button 'Save'\n[2] button 'Print page'\n[3] textbox 'Username' value='print'";
    const c = buildContext(tok, { goal: 'Click the button print.', history: [], obs, matches }, 128, 8).tokens;
    const plain = buildContext(tok, { goal: 'Click the button print.', history: [], obs }, 128, 8).tokens;
    expect(c.filter((t) => t === MATCH)).toHaveLength(1);
    expect(c.slice(c.indexOf(MATCH) + 1, c.indexOf(MATCH) + 3)).toEqual([EL, tok.id('2')]);
    expect(c.filter((t) => t !== MATCH)).toEqual(plain);
  });
});

describe('grammar', () => {
  /** Built inside each test, so that no grammar or context code runs while the file is collected. */
  function setup() {
    const g = new ActionGrammar(tok, [
      { verb: 'click', args: ['id'] },
      { verb: 'fill', args: ['id', 'text'] },
      { verb: 'move', args: ['dir'] },
    ]);
    const context = buildContext(tok, { goal: TEXTS[5], history: [], obs: TEXTS[1] }, 128, 8);
    const allowed = g.forRow({ goal: TEXTS[5], obs: TEXTS[1], words: context.words });
    const enc = (a: string) => tok.encode(a, ContentWords.of(context.words));
    return { g, context, allowed, enc };
  }
  const words = (ids: number[]) => ids.map((i) => tok.vocab[i]).sort();
  it('starts with a verb, then a paren, then a valid id', () => {
    const { allowed, enc } = setup();
    expect(words(allowed([]))).toEqual(['click', 'fill', 'move']);
    expect(words(allowed(enc('click')))).toEqual(['(']);
    expect(words(allowed(enc('click(')))).toEqual(['1', '2', '3', '7']);
    expect(words(allowed(enc('click(7')))).toEqual([')']);
    expect(allowed(enc('click(7)'))).toEqual([END]);
    expect(words(allowed(enc('move(')))).toEqual(['down', 'left', 'right', 'up']);
  });
  it("lets text arguments use the goal's and observation's words (content words as the context's placeholders) and closes the quote", () => {
    const { context, allowed, enc } = setup();
    const after = allowed(enc('fill(2, "'));
    expect(context.words).toContain('bob');
    expect(after).toContain(enc('bob')[0]);
    expect(after).toContain(tok.id('password'));
    expect(after).not.toContain(tok.id('"'));
    expect(after).not.toContain(UNK);
    expect(after).not.toContain(tok.placeholderStart + context.words.length); // a placeholder the context does not use
    expect(allowed(enc('fill(2, "bob'))).toContain(tok.id('"'));
    expect(words(allowed(enc('fill(2, "bob"')))).toEqual([')']);
  });
  it('can be switched off', () => {
    const { g } = setup();
    expect(grammarAllowed(g, [{ goal: '', obs: '', words: [] }], false)).toBeUndefined();
  });
});
