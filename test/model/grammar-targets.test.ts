// The action grammar's target roles (ActionSignature.target): a verb that acts on one role of element is offered only
// while such an element is shown, and its number is then the id of one not disabled; without elements, as before.
import { describe, expect, it } from 'vitest';
import type { ActionSignature } from '../../src/envs/api';
import { ActionGrammar } from '../../src/model/grammar';
import { buildTokenizer } from '../../src/model/tokenizer';

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
