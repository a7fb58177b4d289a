// The action parser: well-formed actions, escapes, precise error messages, and no input makes it throw.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAction, parseSyntax, quote } from '../../src/envs/action';
import { WEB_ACTIONS } from '../../src/envs/web/page';

describe('parseAction', () => {
  it('reads ids, quoted text with escapes, and no-argument verbs', () => {
    expect(parseAction('click(7)', WEB_ACTIONS)).toEqual({ ok: true, verb: 'click', args: [7] });
    expect(parseAction(' fill( 4 , "bob \\"the\\" builder\\\\" ) ', WEB_ACTIONS)).toEqual({ ok: true, verb: 'fill', args: [4, 'bob "the" builder\\'] });
    expect(parseAction("select(5, 'Blue')", WEB_ACTIONS)).toEqual({ ok: true, verb: 'select', args: [5, 'Blue'] });
    expect(parseAction('back()', WEB_ACTIONS)).toEqual({ ok: true, verb: 'back', args: [] });
    expect(parseAction('answer("a\\nb")', WEB_ACTIONS)).toEqual({ ok: true, verb: 'answer', args: ['a\nb'] });
  });

  it('says what is wrong', () => {
    const err = (s: string) => {
      const r = parseAction(s, WEB_ACTIONS);
      return r.ok ? '' : r.error;
    };
    expect(err('clik(2)')).toBe("could not parse action 'clik(2)': unknown verb 'clik' (expected click, fill, select, check, back, answer)");
    expect(err('click 2')).toMatch(/expected '\(' after 'click'/);
    expect(err('click(2')).toMatch(/missing '\)'/);
    expect(err('fill(2, "bob)')).toMatch(/unterminated string/);
    expect(err('click(2) now')).toMatch(/unexpected text after/);
    expect(err('click("2")')).toBe('click(): argument 1 must be an element id (click(id))');
    expect(err('fill(2)')).toBe('fill() takes 2 arguments (fill(id, "text")), got 1');
    expect(err('')).toMatch(/expected a verb/);
    expect(err('x'.repeat(500))).toMatch(/longer than 400 characters/);
  });

  it('never throws, on any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const r = parseAction(s, WEB_ACTIONS);
        expect(typeof (r.ok ? r.verb : r.error)).toBe('string');
      }),
      { numRuns: 2000, seed: 1 },
    );
    fc.assert(
      fc.property(fc.constantFrom('click(3)', 'fill(2, "a b")', 'select(1, "Red")', 'answer("x")'), fc.nat(20), fc.string({ maxLength: 4 }), (valid, at, junk) => {
        const cut = at % (valid.length + 1);
        parseSyntax(valid.slice(0, cut) + junk + valid.slice(cut));
      }),
      { numRuns: 2000, seed: 2 },
    );
  });

  it('round-trips any text through quote()', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        expect(parseAction(`answer(${quote(text)})`, WEB_ACTIONS)).toEqual({ ok: true, verb: 'answer', args: [text] });
      }),
      { numRuns: 1000, seed: 3 },
    );
  });
});
