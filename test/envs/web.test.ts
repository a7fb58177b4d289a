// Behaviour of the single-page web families where it matters: failures, hidden shortcuts closed, errors named.

import { describe, expect, it } from 'vitest';
import { contentWords } from '../../src/envs/baselines';
import { episode, quoted } from './episode';

describe('click-button', () => {
  it('mixes buttons with text and text boxes, and fails on the wrong button', () => {
    const ep = episode('click-button', 3, { buttons: 4, decoys: 4 });
    expect(ep.all('button')).toHaveLength(4);
    expect(ep.obs().elements).toHaveLength(8);
    const wrong = ep.all('button').find((e) => e.name !== quoted(ep.env.goal));
    expect(ep.step(`click(${wrong?.id})`)).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('names a missing id and an out-of-range option', () => {
    expect(episode('click-button').step('click(99)').info.lastActionError).toBe('click(99): no element with id 99');
    expect(() => episode('click-button', 0, { buttons: 99 })).toThrow(/option 'buttons' must be in 2..8, got 99/);
  });
});

describe('click-checkboxes', () => {
  it('starts with every box clear; each clear one shares a word with a named one; all ticked fails', () => {
    for (let seed = 0; seed < 20; seed++) {
      const ep = episode('click-checkboxes', seed);
      const boxes = ep.all('checkbox');
      expect(boxes.every((b) => !b.state?.checked)).toBe(true);
      const goal = new Set(contentWords(ep.env.goal));
      expect(boxes.every((b) => contentWords(b.name).some((w) => goal.has(w)))).toBe(true);
    }
    const ep = episode('click-checkboxes', 5);
    for (const b of ep.all('checkbox')) ep.step(`check(${b.id})`);
    expect(ep.step(`click(${ep.find('button', 'Submit').id})`)).toMatchObject({ terminated: true, reward: 0 });
  });

  it("level 0 is MiniWoB's: random strings, one box named", () => {
    const ep = episode('click-checkboxes', 1, { boxes: 3, targets: 1, labels: 'strings' });
    expect(ep.env.goal).toMatch(/^Select [a-z]{2,8} and click Submit\.$/);
  });
});

describe('click-tab and click-tab-2', () => {
  it('click-tab: another tab is open, and clicking the wrong tab fails', () => {
    for (let seed = 0; seed < 10; seed++) {
      const ep = episode('click-tab', seed);
      const n = /Tab #(\d)/.exec(ep.env.goal)?.[1];
      expect(ep.find('tab', `Tab #${n}`).state?.selected).toBeFalsy();
      const wrong = ep.all('tab').find((t) => t.name !== `Tab #${n}`);
      expect(ep.step(`click(${wrong?.id})`)).toMatchObject({ terminated: true, reward: 0 });
    }
  });

  it('click-tab-2: switching tabs shows their links; a wrong link fails', () => {
    const ep = episode('click-tab-2', 2);
    const target = quoted(ep.env.goal);
    ep.step(`click(${ep.find('tab', 'Tab #2').id})`);
    expect(ep.find('tab', 'Tab #2').state?.selected).toBe(true);
    const wrong = ep.all('link').find((l) => l.name !== target);
    expect(ep.step(`click(${wrong?.id})`)).toMatchObject({ terminated: true, reward: 0 });
  });
});

describe('click-menu', () => {
  it('marks submenus, opens them indented, and a bar item named like the leaf is a decoy that fails', () => {
    const ep = episode('click-menu', 2);
    const path = ep.env.goal.replace(/^Select /, '').split('>');
    expect(ep.obs().text).toMatch(/menuitem '\w+' haspopup/);
    const decoy = ep.all('menuitem', path[path.length - 1]).find((e) => (e.depth ?? 0) === 0 && !e.state?.haspopup);
    expect(decoy).toBeDefined();
    ep.expert();
    expect(ep.obs().text).toMatch(/expanded\n {2}\[\d+\] menuitem/);
    expect(ep.step(`click(${decoy?.id})`)).toMatchObject({ terminated: true, reward: 0 });
  });
});

describe('typing', () => {
  it('enter-text refuses fill on a button and succeeds with the exact text', () => {
    const ep = episode('enter-text', 1);
    const box = ep.find('textbox');
    const button = ep.find('button', 'Submit');
    expect(ep.step(`fill(${button.id}, "x")`).info.lastActionError).toBe(`fill(${button.id}, "x"): element ${button.id} (button 'Submit') is not a text box`);
    ep.step(`fill(${box.id}, "${quoted(ep.env.goal)}")`);
    expect(ep.obs().text).toContain(`value='${quoted(ep.env.goal)}'`);
    expect(ep.step(`click(${button.id})`)).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
  });

  it('login-user needs both fields', () => {
    const ep = episode('login-user', 2);
    ep.expert();
    expect(ep.step(`click(${ep.find('button', 'Login').id})`)).toMatchObject({ terminated: true, reward: 0 });
  });

  it('use-autocomplete lists matching places and takes only a chosen suggestion', () => {
    const typed = episode('use-autocomplete', 0);
    const prefix = quoted(typed.env.goal);
    typed.step(`fill(1, "${prefix}")`);
    const names = typed.all('option').map((e) => e.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);
    // The expert types, then clicks a suggestion: typing that place in full instead is not choosing it.
    const picked = episode('use-autocomplete', 0);
    let action = picked.spec.expert(picked.env);
    while (action.startsWith('fill')) action = (picked.step(action), picked.spec.expert(picked.env));
    const full = picked.obs().elements[Number(/click\((\d+)\)/.exec(action)?.[1]) - 1].name;
    typed.step(`fill(1, "${full}")`);
    expect(typed.step(`click(${typed.find('button', 'Submit').id})`)).toMatchObject({ terminated: true, reward: 0 });
    picked.step(action);
    expect(picked.expert()).toMatchObject({ terminated: true, reward: 1 });
  });

  it('read-table takes the typed value at Submit and fails on another', () => {
    const right = episode('read-table', 4);
    right.expert();
    expect(right.expert()).toMatchObject({ terminated: true, reward: 1 });
    const wrong = episode('read-table', 4);
    wrong.step(`fill(${wrong.find('textbox', 'Answer').id}, "nobody")`);
    expect(wrong.step(`click(${wrong.find('button', 'Submit').id})`)).toMatchObject({ terminated: true, reward: 0 });
    expect(episode('click-button').step('answer("x")').info.lastActionError).toBe('answer(): this task asks no question');
  });
});

describe('lists and forms', () => {
  it('choose-list shows options only when open; select() names a wrong entry; clicking an option picks it', () => {
    const ep = episode('choose-list', 0);
    const list = ep.find('combobox');
    expect(ep.all('option')).toHaveLength(0);
    expect(ep.step(`select(${list.id}, "plaid")`).info.lastActionError).toMatch(/'plaid' is not an option of/);
    ep.step(`click(${list.id})`);
    expect(ep.find('combobox').state?.expanded).toBe(true);
    const opt = ep.find('option');
    ep.step(`click(${opt.id})`);
    expect(ep.find('combobox')).toMatchObject({ value: opt.name, state: { expanded: false } });
    expect(ep.all('option')).toHaveLength(0);
  });

  it('form-sequence needs the slider at N and only the Kth box; the slider names its range', () => {
    const ep = episode('form-sequence', 3);
    const slider = ep.find('slider');
    expect(ep.step(`fill(${slider.id}, "99")`).info.lastActionError).toMatch(/the slider takes a whole number from -10 to 10, not '99'/);
    while (ep.spec.expert(ep.env) !== `click(${ep.find('button', 'Submit').id})`) ep.expert();
    const extra = ep.all('checkbox').find((b) => !b.state?.checked);
    ep.step(`check(${extra?.id})`);
    expect(ep.step(`click(${ep.find('button', 'Submit').id})`)).toMatchObject({ terminated: true, reward: 0 });
  });
});
