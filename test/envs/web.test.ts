// Behaviour of the web task families where it matters: failures, page flows, errors named precisely.

import { describe, expect, it } from 'vitest';
import type { EnvOptions, StepResult } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';

/** An episode driven by role and name instead of ids. */
function episode(id: string, seed = 0, options?: EnvOptions) {
  const spec = getEnvSpec(id);
  const env = spec.create();
  let last: StepResult | { obs: StepResult['obs'] } = env.reset({ seed, options });
  const find = (role: string, name?: string | RegExp) => {
    const e = last.obs.elements.find((x) => x.role === role && (name === undefined || (typeof name === 'string' ? x.name === name : name.test(x.name))));
    if (!e) throw new Error(`no ${role} ${name} in\n${last.obs.text}`);
    return e;
  };
  const step = (action: string) => (last = env.step(action));
  return { env, spec, find, step, obs: () => last.obs, expert: () => step(spec.expert(env)) };
}

describe('click-button', () => {
  it('has three buttons by default, more on request, and fails on the wrong one', () => {
    const ep = episode('click-button', 3);
    expect(ep.obs().elements.filter((e) => e.role === 'button')).toHaveLength(3);
    expect(episode('click-button', 3, { buttons: 8 }).obs().elements).toHaveLength(8);
    const target = /'(.*)'/.exec(ep.env.goal)?.[1];
    const wrong = ep.obs().elements.find((e) => e.name !== target);
    const r = ep.step(`click(${wrong?.id})`);
    expect(r).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('names a missing id', () => {
    expect(episode('click-button').step('click(9)').info.lastActionError).toBe('click(9): no element with id 9');
  });

  it('rejects out-of-range options', () => {
    expect(() => episode('click-button', 0, { buttons: 99 })).toThrow(/option 'buttons' must be in 2..12, got 99/);
  });
});

describe('click-checkboxes', () => {
  it('toggles with click or check, and Submit fails on the wrong set', () => {
    const ep = episode('click-checkboxes', 5);
    const box = ep.obs().elements.find((e) => e.role === 'checkbox');
    const was = !!box?.state?.checked;
    ep.step(`check(${box?.id})`);
    expect(ep.obs().elements[(box?.id ?? 0) - 1].state?.checked).toBe(!was);
    ep.step(`click(${box?.id})`);
    expect(ep.obs().elements[(box?.id ?? 0) - 1].state?.checked).toBe(was);
    // At most two of the four boxes are wanted, so all four checked is always wrong.
    for (const e of ep.obs().elements) if (e.role === 'checkbox' && !e.state?.checked) ep.step(`check(${e.id})`);
    expect(ep.step(`click(${ep.find('button', 'Submit').id})`)).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });
});

describe('click-menu', () => {
  it('expands submenus, indents them, and fails on the wrong leaf', () => {
    const ep = episode('click-menu', 2);
    const top = ep.obs().elements.length;
    ep.expert();
    expect(ep.obs().text).toMatch(/expanded\n {2}\[\d+\] menuitem/);
    expect(ep.obs().elements.length).toBeGreaterThan(top);
    const leaf = ep.obs().elements.find((e) => e.depth === 1 && !e.state && !ep.env.goal.includes(`> ${e.name} `) && !ep.env.goal.endsWith(`> ${e.name} from the menu.`));
    expect(leaf).toBeDefined();
    expect(ep.step(`click(${leaf?.id})`)).toMatchObject({ terminated: true, reward: 0 });
  });
});

describe('text entry', () => {
  it('enter-text refuses fill on a button and succeeds with the exact text', () => {
    const ep = episode('enter-text', 1);
    expect(ep.step(`fill(2, "x")`).info.lastActionError).toBe(`fill(2, "x"): element 2 (button 'Submit') is not a text box`);
    const word = /'(.*)'/.exec(ep.env.goal)?.[1] ?? '';
    ep.step(`fill(1, "${word}")`);
    expect(ep.obs().text).toContain(`value='${word}'`);
    expect(ep.step('click(2)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
  });

  it('login-user needs both fields', () => {
    const ep = episode('login-user', 2);
    ep.expert();
    expect(ep.step(`click(${ep.find('button', 'Login').id})`)).toMatchObject({ terminated: true, reward: 0 });
  });

  it('use-autocomplete suggests cities for a prefix', () => {
    const ep = episode('use-autocomplete', 0);
    ep.step('fill(1, "B")');
    const names = ep.obs().elements.filter((e) => e.role === 'option').map((e) => e.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.startsWith('B'))).toBe(true);
    ep.step(`click(${ep.find('option').id})`);
    expect(ep.obs().elements.some((e) => e.role === 'option')).toBe(false);
  });
});

describe('choose-list and forms', () => {
  it('select() names the valid options; clicking an option selects it', () => {
    const ep = episode('choose-list', 0);
    expect(ep.step('select(1, "plaid")').info.lastActionError).toMatch(/select\(1, "plaid"\): 'plaid' is not an option \(options: /);
    const opt = ep.find('option');
    ep.step(`click(${opt.id})`);
    expect(ep.find('combobox').value).toBe(opt.name);
    expect(ep.obs().elements[opt.id - 1].state?.selected).toBe(true);
  });

  it('form-sequence mixes controls and checks all of them at Submit', () => {
    const ep = episode('form-sequence', 0, { fields: 6 });
    expect(new Set(ep.obs().elements.map((e) => e.role))).toEqual(new Set(['textbox', 'combobox', 'option', 'checkbox', 'button']));
    expect(ep.step(`click(${ep.find('button', 'Submit').id})`)).toMatchObject({ terminated: true, reward: 0 });
  });
});

describe('read-table', () => {
  it('accepts the cell in any case and fails on a wrong answer; other tasks have no question', () => {
    const right = episode('read-table', 4);
    const answer = /answer\("(.*)"\)/.exec(right.spec.expert(right.env))?.[1] ?? '';
    expect(right.step(`answer("${answer.toUpperCase()}")`)).toMatchObject({ terminated: true, reward: 1 });
    expect(episode('read-table', 4).step('answer("nobody")')).toMatchObject({ terminated: true, reward: 0 });
    expect(episode('click-button').step('answer("x")').info.lastActionError).toBe('answer(): this task asks no question');
  });
});

describe('search-engine', () => {
  it('pages through results and fails on the wrong one', () => {
    const ep = episode('search-engine', 1, { pages: 3 });
    const term = /Search for (\w+)/.exec(ep.env.goal)?.[1] ?? '';
    ep.step(`fill(1, "${term}")`);
    ep.step('click(2)');
    const first = ep.obs().elements.filter((e) => e.role === 'link' && !e.name.startsWith('Page')).map((e) => e.name);
    expect(first).toHaveLength(3);
    ep.step(`click(${ep.find('link', 'Page 2').id})`);
    const second = ep.obs().elements.filter((e) => e.role === 'link' && !e.name.startsWith('Page')).map((e) => e.name);
    expect(second.some((n) => first.includes(n))).toBe(false);
    expect(ep.find('link', 'Page 2').state?.selected).toBe(true);
  });
});

describe('email-inbox', () => {
  it('forwards: open, Forward, fill To, Send', () => {
    const ep = episode('email-inbox', 0, { kind: 'forward' });
    const [, from, to] = /from (\w+) to (\w+)/.exec(ep.env.goal) ?? [];
    ep.step(`click(${ep.find('link', new RegExp(`^${from}:`)).id})`);
    ep.step(`click(${ep.find('button', 'Forward').id})`);
    expect(ep.find('textbox', 'Message').value).toMatch(/^The code word is \w+\.$/);
    ep.step(`fill(${ep.find('textbox', 'To').id}, "${to}")`);
    expect(ep.step(`click(${ep.find('button', 'Send').id})`)).toMatchObject({ terminated: true, reward: 1 });
  });

  it('fails a reply with the wrong text and a delete of the wrong email; back() returns', () => {
    const reply = episode('email-inbox', 1, { kind: 'reply' });
    reply.expert();
    reply.expert();
    expect(reply.step(`fill(${reply.find('textbox', 'Message').id}, "wrong")`).info.lastActionError).toBeUndefined();
    expect(reply.step(`click(${reply.find('button', 'Send').id})`)).toMatchObject({ terminated: true, reward: 0 });

    const del = episode('email-inbox', 2, { kind: 'delete', emails: 4 });
    expect(del.step('back()').info.lastActionError).toBe('back(): there is no previous page');
    const from = /from (\w+)/.exec(del.env.goal)?.[1];
    const other = del.obs().elements.find((e) => e.role === 'link' && !e.name.startsWith(`${from}:`));
    del.step(`click(${other?.id})`);
    expect(del.find('heading').name).toMatch(/^From /);
    del.step('back()');
    expect(del.find('heading').name).toBe('Inbox');
    del.step(`click(${other?.id})`);
    expect(del.step(`click(${del.find('button', 'Delete').id})`)).toMatchObject({ terminated: true, reward: 0 });
  });

  it('reads: the code word answers it', () => {
    const ep = episode('email-inbox', 3, { kind: 'read' });
    ep.expert();
    const word = /code word is (\w+)/.exec(ep.obs().text)?.[1];
    expect(ep.step(`answer("${word}")`)).toMatchObject({ terminated: true, reward: 1 });
  });
});

describe('shop-checkout', () => {
  it('validates the quantity and disables Checkout on an empty cart', () => {
    const ep = episode('shop-checkout', 0);
    ep.step(`click(${ep.find('link', /^Cart/).id})`);
    expect(ep.find('button', 'Checkout').state?.disabled).toBe(true);
    expect(ep.step(`click(${ep.find('button', 'Checkout').id})`).info.lastActionError).toMatch(/is disabled/);
    ep.step('back()');
    ep.step(`click(2)`);
    ep.step(`fill(${ep.find('textbox', 'Quantity').id}, "lots")`);
    expect(ep.step(`click(${ep.find('button', 'Add to cart').id})`).info.lastActionError).toMatch(/Quantity must be a whole number from 1 to 9, not 'lots'/);
  });

});

describe('multi-page apps', () => {
  it.each(['shop-checkout', 'flight-booking'])('%s takes the expert 4 to 10 turns, with progress never falling', (id) => {
    for (let seed = 0; seed < 20; seed++) {
      const ep = episode(id, seed);
      let progress = 0;
      let r: StepResult;
      do {
        r = ep.expert();
        expect(r.info.progress).toBeGreaterThanOrEqual(progress);
        progress = r.info.progress;
      } while (!r.terminated && r.info.turn < 20);
      expect(r.reward).toBe(1);
      expect(r.info.turn).toBeGreaterThanOrEqual(4);
      expect(r.info.turn).toBeLessThanOrEqual(10);
    }
  });
});

describe('book-flight', () => {
  it('refuses a route to the same city and fails on a flight that is not the one asked for', () => {
    const ep = episode('book-flight', 6, { flights: 4 });
    const from = ep.find('combobox', 'From');
    const city = ep.obs().elements[from.id].name;
    ep.step(`select(${from.id}, "${city}")`);
    ep.step(`select(${ep.find('combobox', 'To').id}, "${city}")`);
    ep.step(`click(${ep.find('option', /^(Mon|Tue|Wed|Thu|Fri)$/).id})`);
    expect(ep.step(`click(${ep.find('button', 'Search').id})`).info.lastActionError).toMatch(/From and To must differ/);

    const wrong = episode('book-flight', 6, { flights: 4 });
    for (let t = 0; t < 4; t++) wrong.expert();
    const best = /Book (\d)/.exec(wrong.spec.expert(wrong.env).replace(/click\((\d+)\)/, (_, id) => wrong.obs().elements[id - 1].name))?.[1];
    const other = wrong.obs().elements.find((e) => e.role === 'button' && e.name !== `Book ${best}`);
    wrong.step(`click(${other?.id})`);
    const name = /for (\w+)\.$/.exec(wrong.env.goal)?.[1];
    wrong.step(`fill(${wrong.find('textbox', 'Name').id}, "${name}")`);
    expect(wrong.step(`click(${wrong.find('button', 'Confirm').id})`)).toMatchObject({ terminated: true, reward: 0 });
  });
});
