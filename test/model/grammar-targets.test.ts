// The action grammar's target roles (ActionSignature.target): a verb that acts on one role of element is offered only
// while such an element is shown, and its number is then the id of one not disabled; without elements, as before.
// With fitArgs, the same for the roles a verb acts on (ActionSignature.acts), and typed text copied in runs.
import { describe, expect, it } from 'vitest';
import type { ActionSignature } from '../../src/envs/api';
import { ActionGrammar } from '../../src/model/grammar';
import { END, buildTokenizer } from '../../src/model/tokenizer';

const SIGNATURES: ActionSignature[] = [
  { verb: 'play', args: ['int'], target: 'card' },
  { verb: 'end', args: [], target: 'button' },
  { verb: 'pick', args: ['id'], target: 'reward' },
  { verb: 'wait', args: [] },
];
/** Number n's id (specials 0-8, numbers 9-108). */
const N = (n: number) => 9 + n;

function grammar(elements?: { id: number; role: string; state?: { disabled: boolean } }[]) {
  const tok = buildTokenizer(['play', 'end', 'pick', 'wait', '(', ')', ',', '"']);
  const obs = (elements ?? []).map((e) => `[${e.id}] ${e.role}`).join('\n');
  const allowed = new ActionGrammar(tok, SIGNATURES).forRow({ goal: 'win', obs, words: [], elements });
  const id = (w: string) => tok.id(w) as number;
  const after = (...g: (string | number)[]) => Array.from(allowed(g.map((w) => (typeof w === 'number' ? w : id(w))))).sort((a, b) => a - b);
  return { id, after };
}

describe('ActionGrammar: target roles', () => {
  it("in a fight, offers play with the enabled cards' ids only, end while its button shows, and never pick", () => {
    const { id, after } = grammar([
      { id: 1, role: 'card' },
      { id: 2, role: 'card', state: { disabled: false } },
      { id: 3, role: 'card', state: { disabled: true } },
      { id: 4, role: 'button' },
      { id: 5, role: 'enemy' },
    ]);
    expect(after()).toEqual([id('play'), id('end'), id('wait')].sort((a, b) => a - b));
    expect(after('play', '(')).toEqual([N(1), N(2)]);
    expect(after('play', '(', N(2))).toEqual([id(')')]);
  });

  it('on a reward screen, offers pick with the rewards\' ids, and neither play nor end', () => {
    const { id, after } = grammar([
      { id: 1, role: 'reward' },
      { id: 2, role: 'reward' },
      { id: 3, role: 'reward' },
      { id: 4, role: 'player' },
    ]);
    expect(after()).toEqual([id('pick'), id('wait')].sort((a, b) => a - b));
    expect(after('pick', '(')).toEqual([N(1), N(2), N(3)]);
  });

  it('does not offer a verb whose targets are all disabled', () => {
    const { id, after } = grammar([
      { id: 1, role: 'card', state: { disabled: true } },
      { id: 2, role: 'button' },
    ]);
    expect(after()).toEqual([id('end'), id('wait')].sort((a, b) => a - b));
  });

  it('without elements, offers every verb and any number, as a grammar without targets does', () => {
    const { id, after } = grammar(undefined);
    expect(after()).toEqual([id('play'), id('end'), id('pick'), id('wait')].sort((a, b) => a - b));
    expect(after('play', '(')).toEqual(Array.from({ length: 100 }, (_, i) => N(i)));
  });
});

describe('ActionGrammar: fitArgs', () => {
  const WEB: ActionSignature[] = [
    { verb: 'click', args: ['id'], acts: ['button', 'textbox'] },
    { verb: 'fill', args: ['id', 'text'], acts: ['textbox'] },
    { verb: 'check', args: ['id'], acts: ['checkbox'] },
    { verb: 'answer', args: ['text'] },
  ];
  const ELEMENTS = [
    { id: 1, role: 'heading' },
    { id: 2, role: 'textbox' },
    { id: 3, role: 'textbox', state: { disabled: true } },
    { id: 4, role: 'button' },
  ];
  const GOAL = 'type red fox now';
  const OBS = "[1] heading 'big cat'\n[2] textbox\n[3] textbox\n[4] button 'red hen'";

  function web(options: { fitArgs?: boolean; freeText?: boolean }) {
    const tok = buildTokenizer(['click', 'fill', 'check', 'answer', 'type', 'red', 'fox', 'now', 'heading', 'big', 'cat', 'textbox', 'button', 'hen', '[', ']', "'", '(', ')', ',', '"']);
    const allowed = new ActionGrammar(tok, WEB, options).forRow({ goal: GOAL, obs: OBS, words: [], elements: ELEMENTS });
    const id = (w: string) => tok.id(w) as number;
    const after = (...g: (string | number)[]) => Array.from(allowed(g.map((w) => (typeof w === 'number' ? w : id(w))))).sort((a, b) => a - b);
    const ids = (...ws: string[]) => ws.map(id).sort((a, b) => a - b);
    return { id, after, ids };
  }

  it("offers a verb's ids only among the enabled elements it acts on, and a verb none fits not at all", () => {
    const { after, ids } = web({ fitArgs: true });
    expect(after()).toEqual(ids('click', 'fill', 'answer'));
    expect(after('click', '(')).toEqual([N(2), N(4)]);
    expect(after('fill', '(')).toEqual([N(2)]);
  });

  it('types a run of consecutive words of the goal or of one page line, closed at any point', () => {
    const { id, after, ids } = web({ fitArgs: true });
    const open = ['fill', '(', N(2), ',', '"'] as const;
    expect(after(...open, 'red')).toEqual(ids('fox', 'hen', '"'));
    expect(after(...open, 'red', 'fox')).toEqual(ids('now', '"'));
    expect(after(...open, 'red', 'hen')).toEqual(ids("'", '"'));
    expect(after(...open, 'fox', 'red')).toEqual([END]); // not a run: no way on, so the END fallback
    expect(after('answer', '(', '"', 'big', 'cat', "'")).toEqual([id('"')]);
    expect(after(...open)).toEqual(after('answer', '(', '"'));
    expect(after(...open)).toContain(id('heading'));
    expect(after(...open)).not.toContain(id('"'));
  });

  it('leaves the text free in a freeText family, and everything as before without fitArgs', () => {
    const free = web({ fitArgs: true, freeText: true });
    const open = ['fill', '(', N(2), ',', '"'] as const;
    expect(free.after(...open, 'fox', 'red')).toEqual(free.after(...open, 'red'));
    expect(free.after('fill', '(')).toEqual([N(2)]);
    const plain = web({});
    expect(plain.after()).toEqual(plain.ids('click', 'fill', 'check', 'answer'));
    expect(plain.after('check', '(')).toEqual([N(1), N(2), N(3), N(4)]);
    expect(plain.after(...open, 'fox', 'red')).toEqual(plain.after(...open, 'red'));
  });
});
