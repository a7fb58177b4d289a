// Goal slots and role-and-label references: a step written on one seed resolves on another.

import { describe, expect, it } from 'vitest';
import { findElement, goalWords, renderStep, resolveText, textRef } from '../../src/skills/refs';
import type { SkillStep } from '../../src/skills/types';

describe('goal slots', () => {
  it('turns a goal word into the slot after a unique anchor and resolves it in another goal', () => {
    const a = goalWords('Log in as bob with password apple.');
    const b = goalWords('Log in as carol with password river.');
    expect(a).toEqual(['Log', 'in', 'as', 'bob', 'with', 'password', 'apple']);
    const pass = textRef('apple', a);
    expect(pass).toEqual({ kind: 'goal', anchor: 'password', words: 1 });
    expect(resolveText(pass, b)).toBe('river');
    expect(resolveText(textRef('bob', a), b)).toBe('carol');
  });

  it('treats numbers in anchors as any number', () => {
    const a = goalWords('Buy 3 lamp for bob in Paris and pay by Card.');
    const item = textRef('lamp', a);
    expect(item).toEqual({ kind: 'goal', anchor: '#', words: 1 });
    expect(resolveText(item, goalWords('Buy 5 mug for zoe in Rome and pay by Cash.'))).toBe('mug');
    expect(resolveText(textRef('3', a), goalWords('Buy 5 mug for zoe in Rome and pay by Cash.'))).toBe('5');
  });

  it('anchors only on words allowed to anchor (the template), else keeps the literal', () => {
    const w = goalWords('In the form, set Pet to oslo, set Name to bob, then click Submit.');
    expect(textRef('Name', w)).toEqual({ kind: 'goal', anchor: 'oslo set', words: 1 });
    expect(textRef('Name', w, (x) => x !== 'oslo')).toEqual({ kind: 'literal', value: 'Name' });
    expect(textRef('bob', w, (x) => x !== 'oslo')).toEqual({ kind: 'goal', anchor: 'name to', words: 1 });
  });

  it('keeps a value the goal does not contain, or only after ambiguous anchors, literally', () => {
    const w = goalWords('Click the link apple or the link pear.');
    expect(textRef('Submit', w)).toEqual({ kind: 'literal', value: 'Submit' });
    // 'pear' follows 'link' and 'the link', both twice in the goal: no unique anchor.
    expect(textRef('pear', w)).toEqual({ kind: 'literal', value: 'pear' });
    expect(resolveText({ kind: 'goal', anchor: 'password', words: 1 }, w)).toBeUndefined();
  });
});

describe('element references', () => {
  const elements = [
    { id: 1, role: 'link', name: 'Cart 0' },
    { id: 2, role: 'button', name: 'Add to cart' },
    { id: 3, role: 'textbox', name: 'Name', value: '' },
  ];
  const obs = { elements, text: '' };

  it('finds by role and label, numbers in labels matching loosely', () => {
    expect(findElement(elements, 'link', 'Cart 2')?.id).toBe(1);
    expect(findElement(elements, 'button', 'Cart 0')).toBeUndefined();
  });

  it('renders a step with goal text into a concrete action, or says what is missing', () => {
    const words = goalWords('Ship to "O\'Neil" now');
    const step: SkillStep = { verb: 'fill', args: [{ kind: 'ref', role: 'textbox', name: { kind: 'literal', value: 'Name' } }, { kind: 'text', text: { kind: 'goal', anchor: 'to', words: 1 } }] };
    expect(renderStep(step, obs, words)).toMatchObject({ ok: true, action: 'fill(3, "O\'Neil")' });
    const missing: SkillStep = { verb: 'click', args: [{ kind: 'ref', role: 'button', name: { kind: 'literal', value: 'Pay' } }] };
    expect(renderStep(missing, obs, words)).toEqual({ ok: false, error: "no button 'Pay' here" });
  });
});
