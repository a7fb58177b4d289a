// Tokenizer, context builder and action grammar.
import { describe, expect, it } from 'vitest';
import { ACT, END, GOAL, JOIN, MATCH, OBS, PREV, UNK, Tokenizer, splitWords } from '../../src/model/tokenizer';
import { buildContext, compactText, goalMatches } from '../../src/model/context';
import { ActionGrammar, grammarAllowed } from '../../src/model/grammar';
import { TEXTS, tok } from './fixtures';

describe('tokenizer', () => {
  it('splits words and punctuation, keeping case', () => {
    expect(splitWords("[7] button 'Submit'")).toEqual(['[', '7', ']', 'button', "'", 'Submit', "'"]);
  });
  it('decodes actions exactly', () => {
    for (const a of ['click(7)', 'fill(2, "bob")', 'fill(3, "Bob Smith")', 'move(up)', 'answer("42")', 'back()', 'answer("1234")', 'fill(2, "hunter2")'])
      expect(tok.decode(tok.encode(a))).toBe(a);
  });
  it('numbers 0..99 are tokens; longer numbers are digits glued by <join>; unknown words are <unk>', () => {
    expect(tok.encode('42')).toEqual([tok.id('42')]);
    expect(tok.encode('305')).toEqual([tok.id('3'), JOIN, tok.id('0'), JOIN, tok.id('5')]);
    expect(tok.encode('zebra')).toEqual([UNK]);
    expect(tok.size).toBeLessThan(200);
  });
  it('round-trips through JSON', () => {
    expect(Tokenizer.fromJSON(tok.toJSON()).encode(TEXTS[1])).toEqual(tok.encode(TEXTS[1]));
  });
});

describe('context', () => {
  it('reads observations and goals without brackets or quotes, so an id sits next to its role and label', () => {
    expect(compactText("[7] button 'Submit'").split(/\s+/).filter(Boolean)).toEqual(['7', 'button', 'Submit']);
  });
  const input = { goal: TEXTS[0], history: [{ obs: TEXTS[1], action: 'click(2)' }], obs: TEXTS[1] };
  it('is goal, earlier turns with a placeholder, the observation and the ACT marker', () => {
    const c = buildContext(tok, input, 128, 16);
    expect(c[0]).toBe(GOAL);
    expect(c.at(-1)).toBe(ACT);
    const prev = c.indexOf(PREV);
    expect(c.slice(prev - 1, prev + 2)).toEqual([OBS, PREV, ACT]);
    expect(c.slice(prev + 2, prev + 2 + tok.encode('click(2)').length + 1)).toEqual([...tok.encode('click(2)'), END]);
  });
  it('fits the window by dropping old turns, then cutting the observation', () => {
    const long = { ...input, history: Array.from({ length: 20 }, () => input.history[0]) };
    const c = buildContext(tok, long, 28, 8);
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
    const c = buildContext(tok, { goal: 'Click the button print.', history: [], obs, matches }, 128, 8);
    const plain = buildContext(tok, { goal: 'Click the button print.', history: [], obs }, 128, 8);
    expect(c.filter((t) => t === MATCH)).toHaveLength(1);
    expect(c.slice(c.indexOf(MATCH) + 1, c.indexOf(MATCH) + 2)).toEqual(tok.encode('2'));
    expect(c.filter((t) => t !== MATCH)).toEqual(plain);
  });
});

describe('grammar', () => {
  const g = new ActionGrammar(tok, [
    { verb: 'click', args: ['id'] },
    { verb: 'fill', args: ['id', 'text'] },
    { verb: 'move', args: ['dir'] },
  ]);
  const allowed = g.forRow({ goal: TEXTS[5], obs: TEXTS[1] });
  const words = (ids: number[]) => ids.map((i) => tok.vocab[i]).sort();
  it('starts with a verb, then a paren, then a valid id', () => {
    expect(words(allowed([]))).toEqual(['click', 'fill', 'move']);
    expect(words(allowed(tok.encode('click')))).toEqual(['(']);
    expect(words(allowed(tok.encode('click(')))).toEqual(['1', '2', '3', '7']);
    expect(words(allowed(tok.encode('click(7')))).toEqual([')']);
    expect(allowed(tok.encode('click(7)'))).toEqual([END]);
    expect(words(allowed(tok.encode('move(')))).toEqual(['down', 'left', 'right', 'up']);
  });
  it('lets text arguments use goal and observation words and closes the quote', () => {
    const after = allowed(tok.encode('fill(2, "'));
    expect(after).toContain(tok.id('bob'));
    expect(after).not.toContain(tok.id('"'));
    expect(allowed(tok.encode('fill(2, "bob'))).toContain(tok.id('"'));
    expect(words(allowed(tok.encode('fill(2, "bob"')))).toEqual([')']);
  });
  it('can be switched off', () => {
    expect(grammarAllowed(g, [{ goal: '', obs: '' }], false)).toBeUndefined();
  });
});
