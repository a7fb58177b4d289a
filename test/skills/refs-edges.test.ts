// Edges of skill references (src/skills/refs.ts), with hand-worked goals: punctuation stripping, number anchors,
// slots at the goal's start and end, anchors that repeat, loose label matching, and how steps read to people.

import { describe, expect, it } from 'vitest';
import { canRender, findElement, goalWords, norm, renderStep, resolveText, showStep, showText, textRef } from '../../src/skills/refs';
import type { SkillStep } from '../../src/skills/types';

describe('goalWords and norm', () => {
  it('splits on any run of whitespace and strips only the punctuation around a word', () => {
    expect(goalWords('  Go\tto\n\n"Paris",  now!  ')).toEqual(['Go', 'to', 'Paris', 'now']);
    expect(goalWords('((x)) ... a.b, O\'Neil\'s')).toEqual(['x', 'a.b', "O'Neil's"]);
    expect(goalWords('')).toEqual([]);
  });

  it('reads a whole (optionally negative) integer as # and lower-cases anything else', () => {
    expect(['12', '-7', '0', '1a', 'a1', '--1', '-', 'ABC', '1.5'].map(norm)).toEqual(['#', '#', '#', '1a', 'a1', '--1', '-', 'abc', '1.5']);
  });
});

describe('textRef', () => {
  it('keeps an empty value, or one of more than four words, literally', () => {
    const w = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(textRef('', w)).toEqual({ kind: 'literal', value: '' });
    expect(textRef('   ', w)).toEqual({ kind: 'literal', value: '   ' });
    expect(textRef('c d e f', w)).toEqual({ kind: 'goal', anchor: 'b', words: 4 });
    expect(textRef('b c d e f', w)).toEqual({ kind: 'literal', value: 'b c d e f' });
  });

  it('reads a value as its words, spaces around them ignored, and wants all of them in a row', () => {
    expect(textRef(' b  ', ['a', 'b'])).toEqual({ kind: 'goal', anchor: 'a', words: 1 });
    // 'New' at 0 starts no 'New York'; the one at 3 does.
    expect(textRef('New York', ['New', 'Jersey', 'or', 'New', 'York'])).toEqual({ kind: 'goal', anchor: 'or', words: 2 });
    expect(textRef('New York', ['New', 'Jersey', 'or', 'York'])).toEqual({ kind: 'literal', value: 'New York' });
  });

  it('takes a value at the goal start as the <goal start> slot, and one at its end after its anchor', () => {
    expect(textRef('Go to', ['Go', 'to', 'Paris'])).toEqual({ kind: 'goal', anchor: '^', words: 2 });
    expect(textRef('b', ['a', 'b'])).toEqual({ kind: 'goal', anchor: 'a', words: 1 });
    expect(textRef('New York', ['fly', 'to', 'New', 'York'])).toEqual({ kind: 'goal', anchor: 'to', words: 2 });
  });

  it('counts an anchor that also ends the goal as a second occurrence', () => {
    // 'a' ends at 2 and at 4 (the goal's end): not unique, so the two-word anchor 'x a' is taken.
    expect(textRef('b', ['x', 'a', 'b', 'a'])).toEqual({ kind: 'goal', anchor: 'x a', words: 1 });
  });

  it('goes on to a later occurrence of the value when the first has no unique anchor', () => {
    // At 2: 'b' and 'a b' both end at 2 and 5. At 6: 'c' ends only there.
    expect(textRef('x', ['a', 'b', 'x', 'a', 'b', 'c', 'x'])).toEqual({ kind: 'goal', anchor: 'c', words: 1 });
  });

  it('needs every anchor word allowed, and a two-word anchor has room only from the third word on', () => {
    const w = ['p', 'q', 'p', 'r', 'q', 'v'];
    // 'q' (ends 2, 5) is not unique; 'r q' is, but 'r' may not anchor.
    expect(textRef('v', w)).toEqual({ kind: 'goal', anchor: 'r q', words: 1 });
    expect(textRef('v', w, (x) => x !== 'r')).toEqual({ kind: 'literal', value: 'v' });
    expect(textRef('v', w, (x) => x !== 'q')).toEqual({ kind: 'literal', value: 'v' });
    // At 1 the anchor 'a' repeats and there is no word before it for a longer one.
    expect(textRef('b', ['a', 'b', 'a'])).toEqual({ kind: 'literal', value: 'b' });
  });

  it('matches anchors after normalising: numbers as #, any case', () => {
    expect(textRef('lamp', ['Buy', '3', 'lamp'])).toEqual({ kind: 'goal', anchor: '#', words: 1 });
    expect(textRef('bob', ['Name', 'bob'])).toEqual({ kind: 'goal', anchor: 'name', words: 1 });
    // Case-folded, 'Name' and 'name' are one anchor twice.
    expect(textRef('bob', ['Name', 'bob', 'name'])).toEqual({ kind: 'literal', value: 'bob' });
  });
});

describe('resolveText', () => {
  const words = ['Ship', 'to', 'New', 'York', 'via', 'air'];

  it('returns a literal as written and a slot as the words after its unique anchor', () => {
    expect(resolveText({ kind: 'literal', value: 'x y' }, [])).toBe('x y');
    expect(resolveText({ kind: 'goal', anchor: 'to', words: 2 }, words)).toBe('New York');
    expect(resolveText({ kind: 'goal', anchor: '^', words: 2 }, words)).toBe('Ship to');
    expect(resolveText({ kind: 'goal', anchor: 'via', words: 1 }, words)).toBe('air');
    expect(resolveText({ kind: 'goal', anchor: 'ship to', words: 1 }, words)).toBe('New');
  });

  it('has no text for a slot running past the goal, an anchor missing or twice, or one at the very end', () => {
    expect(resolveText({ kind: 'goal', anchor: 'via', words: 2 }, words)).toBeUndefined();
    expect(resolveText({ kind: 'goal', anchor: 'air', words: 1 }, words)).toBeUndefined();
    expect(resolveText({ kind: 'goal', anchor: 'from', words: 1 }, words)).toBeUndefined();
    expect(resolveText({ kind: 'goal', anchor: 'a', words: 1 }, ['a', 'b', 'a', 'c'])).toBeUndefined();
    expect(resolveText({ kind: 'goal', anchor: '#', words: 1 }, ['pay', '12', 'now'])).toBe('now');
  });

  it("resolves one slot in each goal's own words when goals alternate", () => {
    const after = { kind: 'goal' as const, anchor: 'via', words: 1 };
    const other = ['Go', 'via', 'sea', 'to', 'Oslo'];
    expect([resolveText(after, words), resolveText(after, other), resolveText(after, words)]).toEqual(['air', 'sea', 'air']);
    expect(resolveText({ kind: 'goal', anchor: '#', words: 1 }, ['pay', 'Ann', 'now'])).toBeUndefined();
  });
});

describe('findElement', () => {
  it('prefers an exact label over an earlier one equal up to numbers, and wants the role either way', () => {
    const els = [
      { id: 1, role: 'link', name: 'Cart 1' },
      { id: 2, role: 'button', name: 'Cart 2' },
      { id: 3, role: 'link', name: 'Cart 2' },
      { id: 4, role: 'link', name: 'Item 12 of 3' },
    ];
    expect(findElement(els, 'link', 'Cart 2')?.id).toBe(3);
    expect(findElement(els, 'button', 'Cart 7')?.id).toBe(2);
    expect(findElement(els, 'link', 'Item 4 of 56')?.id).toBe(4);
    expect(findElement(els, 'link', 'Item of')).toBeUndefined();
    // A run of digits stands for some number, not for nothing: 'Item 4 of' is not 'Item  of'.
    expect(findElement([{ id: 5, role: 'link', name: 'Item  of' }], 'link', 'Item 4 of')).toBeUndefined();
    expect(findElement(els, 'textbox', 'Cart 1')).toBeUndefined();
  });

  it("takes a page's only text field for a field label it lacks; never a button or link of another name", () => {
    const field = { id: 7, role: 'textbox', name: 'Your text' };
    const page = [{ id: 1, role: 'button', name: 'Submit' }, field, { id: 9, role: 'link', name: 'Help' }];
    expect(findElement(page, 'textbox', 'Text')).toBe(field);
    expect(findElement(page, 'textbox', '')).toBe(field);
    expect(findElement(page, 'button', 'Cancel')).toBeUndefined();
    expect(findElement(page, 'link', 'Home')).toBeUndefined();
    // Two fields: which one a label means is not guessed.
    const twoFields = [...page, { id: 8, role: 'textbox', name: 'Password' }];
    expect(findElement(twoFields, 'textbox', 'Text')).toBeUndefined();
    expect(findElement(twoFields, 'textbox', 'Password')?.id).toBe(8);
  });
});

describe('showText and showStep', () => {
  it('writes literals quoted, the goal start and anchors in words', () => {
    expect(showText({ kind: 'literal', value: 'Pay' })).toBe("'Pay'");
    expect(showText({ kind: 'goal', anchor: '^', words: 1 })).toBe('<goal start>');
    expect(showText({ kind: 'goal', anchor: 'name to', words: 1 })).toBe("<after 'name to'>");
  });

  it('writes each kind of argument, separated by commas', () => {
    const step: SkillStep = {
      verb: 'fill',
      args: [
        { kind: 'ref', role: 'textbox', name: { kind: 'literal', value: 'Name' } },
        { kind: 'text', text: { kind: 'goal', anchor: 'for', words: 1 } },
        { kind: 'int', value: 3 },
        { kind: 'dir', value: 'up' },
      ],
    };
    expect(showStep(step)).toBe("fill(textbox 'Name', <after 'for'>, 3, up)");
    expect(showStep({ verb: 'back', args: [] })).toBe('back()');
  });
});

describe('renderStep', () => {
  const elements = [
    { id: 5, role: 'button', name: 'Pay' },
    { id: 9, role: 'textbox', name: 'Name', value: '' },
  ];
  const obs = { elements, text: '' };
  // Called in each test, not here: code run while tests are collected makes every mutant in it static (slow).
  const words = () => goalWords('Pay for Ann now');

  it('writes ids, quoted goal text and plain values, and names the first element it refers to', () => {
    const step: SkillStep = {
      verb: 'fill',
      args: [
        { kind: 'ref', role: 'textbox', name: { kind: 'literal', value: 'Name' } },
        { kind: 'text', text: { kind: 'goal', anchor: 'for', words: 1 } },
        { kind: 'ref', role: 'button', name: { kind: 'goal', anchor: '^', words: 1 } },
        { kind: 'int', value: 2 },
      ],
    };
    expect(renderStep(step, obs, words())).toEqual({ ok: true, action: 'fill(9, "Ann", 5, 2)', target: elements[1] });
    expect(renderStep({ verb: 'scroll', args: [{ kind: 'dir', value: 'down' }] }, obs, words())).toEqual({ ok: true, action: 'scroll(down)' });
  });

  it('says which reference or goal slot is missing', () => {
    const slot: SkillStep = { verb: 'click', args: [{ kind: 'ref', role: 'button', name: { kind: 'goal', anchor: 'to', words: 1 } }] };
    expect(renderStep(slot, obs, words())).toEqual({ ok: false, error: "no button <after 'to'> here" });
    const absent: SkillStep = { verb: 'click', args: [{ kind: 'ref', role: 'link', name: { kind: 'goal', anchor: 'for', words: 1 } }] };
    expect(renderStep(absent, obs, words())).toEqual({ ok: false, error: "no link 'Ann' here" });
    const text: SkillStep = { verb: 'fill', args: [{ kind: 'int', value: 9 }, { kind: 'text', text: { kind: 'goal', anchor: 'via', words: 1 } }] };
    expect(renderStep(text, obs, words())).toEqual({ ok: false, error: "the goal has no <after 'via'>" });
  });

  it('canRender says the same as renderStep(...).ok, without writing the action', () => {
    const ref = (role: string, anchor: string) => ({ kind: 'ref' as const, role, name: { kind: 'goal' as const, anchor, words: 1 } });
    const text = (anchor: string) => ({ kind: 'text' as const, text: { kind: 'goal' as const, anchor, words: 1 } });
    const steps: SkillStep[] = [
      { verb: 'fill', args: [{ kind: 'ref', role: 'textbox', name: { kind: 'literal', value: 'Name' } }, text('for'), ref('button', '^'), { kind: 'int', value: 2 }] },
      { verb: 'scroll', args: [{ kind: 'dir', value: 'down' }] },
      { verb: 'click', args: [ref('button', 'to')] }, // no slot after 'to'
      { verb: 'click', args: [ref('link', 'for')] }, // a slot, but no link 'Ann'
      { verb: 'fill', args: [ref('button', '^'), text('via')] }, // the text's slot is missing
    ];
    expect(steps.map((s) => canRender(s, obs, words()))).toEqual([true, true, false, false, false]);
    expect(steps.map((s) => renderStep(s, obs, words()).ok)).toEqual([true, true, false, false, false]);
  });
});
