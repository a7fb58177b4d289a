// The action grammar's edges on a hand-built vocabulary: every argument kind, a verb of several tokens, a verb with
// no arguments, the text argument's quotes, what a context lost, the END fallback, and the constructor's refusals.
// Every tokenizer and grammar is built inside its test, so that no code under test runs while the file is collected.
import { describe, expect, it } from 'vitest';
import type { ActionSignature } from '../../src/envs/api';
import { ActionGrammar, grammarAllowed } from '../../src/model/grammar';
import { END, buildTokenizer, type Tokenizer } from '../../src/model/tokenizer';

const LANGUAGE = ['click', 'fill', 'move', 'press', 'go', '-', 'to', 'back', 'up', 'down', 'left', 'right', 'button', 'link', 'the', '(', ')', ',', '"'];
const SIGNATURES: ActionSignature[] = [
  { verb: 'click', args: ['id'] },
  { verb: 'fill', args: ['id', 'text'] },
  { verb: 'move', args: ['dir'] },
  { verb: 'press', args: ['int'] },
  { verb: 'go-to', args: ['id'] },
  { verb: 'back', args: [] },
];
/** Placeholder k's id (specials 0-8, numbers 9-108, placeholders from 109); number n's id. */
const P = (k: number) => 109 + k;
const N = (n: number) => 9 + n;

/** The row: ids 1, 12 and 400 readable; 500 a number the context lost (not among its words). */
const ROW = {
  goal: 'fill "the" 0 305 box b7 7b',
  obs: "[1] button 'OK'\n[12] link\n[400] button\n[500] link",
  words: ['box', '305', 'OK', '400', 'b7', '7b'],
};

function setup(language = LANGUAGE, signatures = SIGNATURES) {
  const tok = buildTokenizer(language);
  const allowed = new ActionGrammar(tok, signatures).forRow(ROW);
  const id = (w: string) => tok.id(w) as number;
  /** Sorted allowed ids after the given words (vocabulary words or ids). */
  const after = (...g: (string | number)[]) => allowed(g.map((w) => (typeof w === 'number' ? w : id(w)))).sort((a, b) => a - b);
  return { tok, id, after };
}

const sorted = (ids: ArrayLike<number> | null) => Array.from(ids ?? []).sort((a, b) => a - b);

describe('ActionGrammar: arguments', () => {
  it("starts with any verb's first token, and walks a verb of several tokens one token at a time", () => {
    const { id, after } = setup();
    expect(after()).toEqual(sorted(['click', 'fill', 'move', 'press', 'go', 'back'].map(id)));
    expect(after('go')).toEqual([id('-')]);
    expect(after('go', '-')).toEqual([id('to')]);
    expect(after('go', '-', 'to')).toEqual([id('(')]);
  });

  it("takes ids from the observation's [n] marks, leaving out one the context lost", () => {
    const { after } = setup();
    expect(after('click', '(')).toEqual([N(1), N(12), P(3)]);
    expect(after('go', '-', 'to', '(')).toEqual([N(1), N(12), P(3)]);
  });

  it('takes integers 0..99 and the digit words of goal and observation the context kept', () => {
    const { after } = setup();
    expect(after('press', '(')).toEqual([...Array.from({ length: 100 }, (_, i) => N(i)), P(1), P(3)]);
    expect(after('press', '(', N(99))).toEqual(after('press', '(', P(1)));
  });

  it('takes the directions the vocabulary has, and only those', () => {
    expect(setup().after('move', '(')).toEqual(sorted(['up', 'down', 'left', 'right'].map(setup().id)));
    const few = setup(LANGUAGE.filter((w) => w !== 'left' && w !== 'right'));
    expect(few.after('move', '(')).toEqual(sorted([few.id('up'), few.id('down')]));
  });

  it('separates arguments with a comma, closes with a paren, then ends; no arguments close at once', () => {
    const { id, after } = setup();
    expect(after('fill', '(', N(12))).toEqual([id(',')]);
    expect(after('click', '(', N(12))).toEqual([id(')')]);
    expect(after('click', '(', N(12), ')')).toEqual([END]);
    expect(after('back')).toEqual([id('(')]);
    expect(after('back', '(')).toEqual([id(')')]);
    expect(after('back', '(', ')')).toEqual([END]);
  });
});

describe('ActionGrammar: text', () => {
  it("opens a text with a quote and fills it with the goal's and observation's readable words, quotes and specials left out", () => {
    const { id, after } = setup();
    // goal: fill the 0 305 box b7 7b; observation: 1 button OK 12 link 400 button link (brackets, quotes and 500 unread)
    const text = sorted([id('fill'), id('the'), N(0), P(1), P(0), P(4), P(5), N(1), id('button'), P(2), N(12), id('link'), P(3)]);
    expect(after('fill', '(', N(1), ',')).toEqual([id('"')]);
    expect(after('fill', '(', N(1), ',', '"')).toEqual(text);
    expect(after('fill', '(', N(1), ',', '"', 'the', P(1))).toEqual(sorted([...text, id('"')]));
    expect(after('fill', '(', N(1), ',', '"', 'the', '"')).toEqual([id(')')]);
    expect(after('fill', '(', N(1), ',', '"', 'the', '"', ')')).toEqual([END]);
  });

  it('ends at once (END) after an empty text, a word the text may not hold, or anything off the grammar', () => {
    const { after } = setup();
    expect(after('fill', '(', N(1), ',', '"', '"')).toEqual([END]);
    expect(after('fill', '(', N(1), ',', '"', 'press')).toEqual([END]);
    expect(after('fill', '(', N(1), ',', 'the')).toEqual([END]);
    expect(after('click', 'click')).toEqual([END]);
    expect(after('click', '(', N(12), ')', END)).toEqual([END]);
  });
});

describe('ActionGrammar: forms that share a prefix', () => {
  it("lets a complete action end while another verb's form goes on", () => {
    // the verb 'go()to' writes 'go ( ) to': after 'go ( )' the action go() may end, or go()to go on
    const { id, after } = setup(LANGUAGE, [{ verb: 'go', args: [] }, { verb: 'go()to', args: [] }]);
    expect(after('go', '(', ')')).toEqual(sorted([END, id('to')]));
    expect(after('go', '(', ')', 'to')).toEqual([id('(')]);
  });
});

describe('ActionGrammar: refusals and batches', () => {
  it("refuses a tokenizer without the action language's marks, and a verb it cannot write", () => {
    for (const mark of ['(', ')', ',', '"'])
      expect(() => new ActionGrammar(buildTokenizer(LANGUAGE.filter((w) => w !== mark)), SIGNATURES)).toThrow(
        `grammar: the tokenizer has no '${mark}' token; build it from the action language too`,
      );
    expect(() => new ActionGrammar(buildTokenizer(LANGUAGE), [{ verb: 'jump', args: [] }])).toThrow("grammar: verb 'jump' is not in the vocabulary");
  });

  it("gives each row of a batch its own observation's ids", () => {
    const tok: Tokenizer = buildTokenizer(LANGUAGE);
    const grammar = new ActionGrammar(tok, SIGNATURES);
    const rows = [ROW, { goal: '', obs: '[3] button', words: [] }];
    const allowed = grammarAllowed(grammar, rows)!;
    const clickOpen = [tok.id('click')!, tok.id('(')!];
    expect(sorted(allowed(0, clickOpen))).toEqual([N(1), N(12), P(3)]);
    expect(sorted(allowed(1, clickOpen))).toEqual([N(3)]);
    expect(grammarAllowed(grammar, rows, false)).toBeUndefined();
  });
});
