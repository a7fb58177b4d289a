// The context builder's edges, with hand-counted token sequences: the window's budget at its bounds, the order in
// which turns, goal and observation give way, element lines, goal matches, the spacing it records, and withAction.
// Every tokenizer and context is built inside its test, so that no code under test runs while the file is collected.
import { describe, expect, it } from 'vitest';
import { buildContext, compactText, goalMatches, withAction } from '../../src/model/context';
import { ACT, EL, END, GOAL, MATCH, OBS, PREV, buildTokenizer } from '../../src/model/tokenizer';

const vocabulary = () => buildTokenizer(['click', 'fill', 'answer', 'button', 'link', 'the', '(', ')', ',', '"', '.']);
/** Placeholder k's id in `vocabulary()` (specials 0-8, numbers 9-108, placeholders from 109). */
const P = (k: number) => 109 + k;
/** Number n's id. */
const N = (n: number) => 9 + n;

describe('buildContext: the budget', () => {
  it('needs at least 8 tokens between window and reserve, and names both', () => {
    const tok = vocabulary();
    const input = { goal: 'x', history: [], obs: '' };
    expect(() => buildContext(tok, input, 15, 8)).toThrow('context: window 15 minus reserve 8 leaves no room');
    expect(buildContext(tok, input, 16, 8).tokens).toEqual([GOAL, P(0), OBS, ACT]);
  });

  it('keeps every turn when the context fills the budget exactly, and drops the oldest one token over it', () => {
    const tok = vocabulary();
    const [click, button] = [tok.id('click')!, tok.id('button')!];
    const [open, close] = [tok.id('(')!, tok.id(')')!];
    // 1 + goal 3 + turn (OBS PREV ACT click ( 1 ) END) 8 + OBS ACT 2 + obs (EL 1 button OK) 4 = 18 tokens
    const input = { goal: 'click the button', history: [{ obs: 'ignored words', action: 'click(1)' }], obs: "[1] button 'OK'" };
    const all = buildContext(tok, input, 26, 8);
    expect(all.tokens).toEqual([GOAL, click, tok.id('the'), button, OBS, PREV, ACT, click, open, N(1), close, END, OBS, EL, N(1), button, P(0), ACT]);
    expect(all.words).toEqual(['OK']);
    const cut = buildContext(tok, input, 25, 8);
    expect(cut.tokens).toEqual([GOAL, click, tok.id('the'), button, OBS, EL, N(1), button, P(0), ACT]);
  });

  it('drops the oldest turns first, one at a time', () => {
    const tok = vocabulary();
    const history = ['click(1)', 'click(2)', 'click(3)'].map((action) => ({ obs: '', action }));
    // 1 + goal 1 + turns 8 each + 2 + obs 0: 28 with all three, 20 with the last two
    const c = buildContext(tok, { goal: 'x', history, obs: '' }, 20 + 8, 8);
    expect(c.tokens).toHaveLength(20);
    expect(c.tokens.filter((t) => t === PREV)).toHaveLength(2);
    expect(c.tokens.slice(4, 10)).toEqual([ACT, tok.id('click'), tok.id('('), N(2), tok.id(')'), END]);
  });

  it('cuts a goal that does not fit to a quarter of the budget, and only a goal that does not fit', () => {
    const tok = vocabulary();
    const goal = 'a b c d e f g h i j k l';
    // budget 16: 1 + 12 + 2 + 4 = 19 > 16, so the goal keeps 16 >> 2 = 4 words and the observation stays whole
    const c = buildContext(tok, { goal, history: [], obs: "[1] button 'OK'" }, 24, 8);
    expect(c.tokens).toEqual([GOAL, P(0), P(1), P(2), P(3), OBS, EL, N(1), tok.id('button'), P(4), ACT]);
    expect(c.words).toEqual(['a', 'b', 'c', 'd', 'OK']);
    const fits = buildContext(tok, { goal, history: [], obs: "[1] button 'OK'" }, 27, 8);
    expect(fits.tokens).toHaveLength(19);
    expect(fits.words).toHaveLength(13);
  });

  it('then cuts the end of the observation, keeping the ACT marker', () => {
    const tok = vocabulary();
    const obs = Array.from({ length: 20 }, (_, i) => String(i)).join(' ');
    // budget 16: 1 + goal 1 + 2 leaves 12 of the observation's 20 tokens
    const c = buildContext(tok, { goal: 'x', history: [{ obs: '', action: 'click(1)' }], obs }, 24, 8);
    expect(c.tokens).toEqual([GOAL, P(0), OBS, ...Array.from({ length: 12 }, (_, i) => N(i)), ACT]);
  });
});

describe('buildContext: lines, matches and spacing', () => {
  it('starts element lines with <el>, indented or not, and only lines that open with an [id]', () => {
    const tok = vocabulary();
    const obs = "  [12] link 'Home'\n\t[3] button\nsee [4] the link\n[x] link\n[] link";
    const c = buildContext(tok, { goal: 'x', history: [], obs }, 64, 8);
    const link = tok.id('link')!;
    expect(c.tokens).toEqual([GOAL, P(0), OBS, EL, N(12), link, P(1), EL, N(3), tok.id('button'), P(2), N(4), tok.id('the'), link, P(0), link, link, ACT]);
    expect(c.words).toEqual(['x', 'Home', 'see']);
  });

  it('puts <match> before the lines it is given, before their <el>', () => {
    const tok = vocabulary();
    const c = buildContext(tok, { goal: 'x', history: [], obs: '[1] button\nthe\n[2] link', matches: new Set([1, 2]) }, 64, 8);
    expect(c.tokens).toEqual([GOAL, P(0), OBS, EL, N(1), tok.id('button'), MATCH, tok.id('the'), MATCH, EL, N(2), tok.id('link'), ACT]);
  });

  it("records the spacing of the goal, the earlier actions and the observation, not the earlier observations", () => {
    const tok = vocabulary();
    const input = { goal: 'Fly to St. Louis', history: [{ obs: 'a .b', action: 'answer("x ,y")' }], obs: 'pay 1,000' };
    expect(buildContext(tok, input, 64, 8).spacing).toEqual({ spaced: ['.\u0001Louis', 'x\u0001,'], glued: [',\u0001y', ',\u0001000'] });
  });
});

describe('goalMatches and compactText', () => {
  it('matches whole words in any case, and nothing for names or goals without words', () => {
    const elements = [
      { id: 1, role: 'button', name: '...' },
      { id: 2, role: 'button', name: 'SAVE-as' },
      { id: 3, role: 'button', name: 'saved' },
      { id: 4, role: 'button', name: 'Ok 42' },
    ];
    expect([...goalMatches('Press Save, then 42.', elements)]).toEqual([1, 3]);
    expect([...goalMatches('...', elements)]).toEqual([]);
  });

  it('blanks brackets and single quotes only', () => {
    expect(compactText(`[7] button 'Sub"mit' (x)`)).toBe(` 7  button  Sub"mit  (x)`);
  });
});

describe('withAction', () => {
  it('appends the action and an END unless the action already ends with one', () => {
    expect(withAction([GOAL, ACT], [20, 21])).toEqual({ tokens: [GOAL, ACT, 20, 21, END], actionStart: 2 });
    expect(withAction([GOAL, ACT], [20, END])).toEqual({ tokens: [GOAL, ACT, 20, END], actionStart: 2 });
    expect(withAction([GOAL, ACT], [])).toEqual({ tokens: [GOAL, ACT, END], actionStart: 2 });
  });
});
