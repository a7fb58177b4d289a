// Edge cases of the page model's memory (issue 21's mutation pass): which elements a page drawn again takes over
// from the last drawing at each place (the very same objects, with their rendered lines), which it draws anew
// (any of role, name, value, depth or state changed, state keys in another order), and when a page takes over the
// text of the page drawn just before it (every element taken over, and as many of them).
import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../src/envs/api';
import { LazyObservation, renderLine } from '../../src/envs/observation';
import { onClickOrFill, Page, PageMemory, WebEnv, type ElementExtra, type WebTaskDef } from '../../src/envs/web/page';

type Drawing = [role: string, name: string, extra?: ElementExtra][];

/** Draws a page with `memory`, renders its text as an observation would, and returns it. */
function draw(memory: PageMemory, drawing: Drawing, render = true): Page {
  const page = new Page(memory);
  for (const [role, name, extra] of drawing) page.add(role, name, extra);
  page.finish();
  if (render) void new LazyObservation(page.elements, memory, page).text;
  return page;
}

describe('page memory: elements', () => {
  it('takes over an element that reads the same, the very same object', () => {
    const memory = new PageMemory();
    const drawing: Drawing = [['button', 'A'], ['textbox', 'B', { value: 'x', depth: 1, state: { focused: true } }], ['text', 'C', { value: '' }]];
    const first = draw(memory, drawing);
    const again = draw(memory, [['button', 'A'], ['textbox', 'B', { value: 'x', depth: 1, state: { focused: true } }], ['text', 'C', { value: '' }]]);
    for (let i = 0; i < 3; i++) expect(again.elements[i]).toBe(first.elements[i]);
  });

  it('draws anew an element whose role, name, value, depth or state changed', () => {
    const base: [string, string, ElementExtra] = ['textbox', 'B', { value: 'x', depth: 1, state: { focused: true } }];
    const changes: [string, string, ElementExtra][] = [
      ['button', 'B', base[2]],
      ['textbox', 'C', base[2]],
      ['textbox', 'B', { ...base[2], value: 'y' }],
      ['textbox', 'B', { ...base[2], value: undefined }],
      ['textbox', 'B', { ...base[2], depth: 2 }],
      ['textbox', 'B', { ...base[2], depth: 0 }],
      ['textbox', 'B', { ...base[2], state: { focused: false } }],
      ['textbox', 'B', { ...base[2], state: undefined }],
      ['textbox', 'B', { ...base[2], state: { focused: true, checked: false } }],
    ];
    for (const changed of changes) {
      const memory = new PageMemory();
      const first = draw(memory, [base]);
      const page = draw(memory, [changed]);
      const [role, name, { value, depth, state }] = changed;
      const want: UiElement = { id: 1, role, name };
      if (value !== undefined) want.value = value;
      if (state) want.state = state;
      if (depth) want.depth = depth;
      expect(page.elements[0], JSON.stringify(changed)).not.toBe(first.elements[0]);
      expect(page.elements[0], JSON.stringify(changed)).toStrictEqual(want);
    }
  });

  it('keeps only the extras given: no value, state or depth field for none, none for depth 0', () => {
    const page = new Page();
    page.add('text', 'A', { value: undefined, state: undefined, depth: 0 });
    page.add('text', 'B', { state: {} });
    expect(page.elements[0]).toStrictEqual({ id: 1, role: 'text', name: 'A' });
    expect(page.elements[1]).toStrictEqual({ id: 2, role: 'text', name: 'B', state: {} });
  });

  it('compares states key by key and in order, as the text shows them', () => {
    const cases: [ElementExtra['state'], ElementExtra['state'], boolean][] = [
      [{ a: true, b: true }, { a: true, b: true }, true],
      [{ a: true, b: true }, { b: true, a: true }, false],
      [{ a: true }, { a: true, b: false }, false],
      [{ a: true, b: false }, { a: true }, false],
      [{ a: true, b: false }, { a: true, c: false }, false],
      [{ a: true }, { a: false }, false],
      [undefined, {}, false],
      [{}, undefined, false],
      [{}, {}, true],
    ];
    for (const [before, after, same] of cases) {
      const memory = new PageMemory();
      const first = draw(memory, [['checkbox', 'K', { state: before }]]);
      const page = draw(memory, [['checkbox', 'K', { state: after }]]);
      expect(page.elements[0] === first.elements[0], `${JSON.stringify(before)} then ${JSON.stringify(after)}`).toBe(same);
      expect(page.text).toBe(renderLine({ id: 1, role: 'checkbox', name: 'K', ...(after ? { state: after } : {}) }));
    }
  });
});

describe('page memory: lines and text', () => {
  it("gives an element's line from the memory only for the element drawn at that place", () => {
    const memory = new PageMemory();
    const page = draw(memory, [['button', 'A'], ['button', 'B']], false);
    const [a, b] = page.elements;
    expect(memory.line(0, a)).toBe("[1] button 'A'");
    memory.slots[0].line = 'kept';
    expect(memory.line(0, a)).toBe('kept');
    expect(memory.line(1, a)).toBe("[1] button 'A'");
    expect(memory.line(5, b)).toBe("[2] button 'B'");
    expect(memory.slots[1].line).toBeUndefined();
  });

  it('takes over the text of the page drawn just before only when it took over every element and has as many', () => {
    const memory = new PageMemory();
    const abc: Drawing = [['button', 'A'], ['button', 'B'], ['button', 'C']];
    const first = draw(memory, abc);
    expect(first.text).toBe("[1] button 'A'\n[2] button 'B'\n[3] button 'C'");
    expect(draw(memory, abc, false).text).toBe(first.text);
    // Fewer elements, all taken over: its own text.
    const ab = draw(memory, abc.slice(0, 2), false);
    expect(ab.text).toBeUndefined();
    void new LazyObservation(ab.elements, memory, ab).text;
    // Three elements again, all taken over from the memory, but the page before it had two.
    expect(draw(memory, abc, false).text).toBeUndefined();
    // One element changed: its own text.
    draw(memory, abc);
    expect(draw(memory, [['button', 'A'], ['button', 'X'], ['button', 'C']], false).text).toBeUndefined();
  });

  it('is a page of its own without a memory, and names the last page drawn', () => {
    const memory = new PageMemory();
    expect(memory.last).toBeUndefined();
    const page = new Page(memory);
    expect(memory.last).toBe(page);
    page.add('button', 'A');
    page.finish();
    expect(page.text).toBeUndefined();
    const alone = new Page();
    alone.add('button', 'A');
    alone.finish();
    expect(alone.elements[0]).not.toBe(page.elements[0]);
  });
});

describe('WebEnv before reset', () => {
  it('has no goal, turn 0 and no state', () => {
    const env = new WebEnv({ id: 'bare' } as WebTaskDef<unknown>);
    expect([env.goal, env.turn, env.state]).toEqual(['', 0, undefined]);
  });
});

describe('handler builders', () => {
  it('onClickOrFill serves click and fill', () => {
    const f = () => undefined;
    const g = (_: string) => undefined;
    expect(onClickOrFill(f, g)).toEqual({ click: f, fill: g });
  });
});
