// Behaviour of the multi-page web families: search results and pages, the inbox's four tasks, the shop and the
// flight booking's flows and their failures.

import { describe, expect, it } from 'vitest';
import type { StepResult } from '../../src/envs/api';
import { episode, quoted } from './episode';

describe('search-engine', () => {
  it('pages through three results a page; another search lists unrelated results that fail', () => {
    const ep = episode('search-engine', 1);
    ep.step(`fill(1, "${quoted(ep.env.goal)}")`);
    ep.step('click(2)');
    const first = ep.all('link').filter((e) => !/^\d$/.test(e.name)).map((e) => e.id);
    expect(first).toHaveLength(3);
    ep.step(`click(${ep.find('link', '2').id})`);
    expect(ep.find('link', '2').state?.selected).toBe(true);
    const other = episode('search-engine', 1);
    other.step('fill(1, "nobody")');
    other.step('click(2)');
    expect(other.all('link', /^\d$/)).toHaveLength(0);
    expect(other.step(`click(${other.all('link')[0].id})`)).toMatchObject({ terminated: true, reward: 0 });
  });
});

describe('email-inbox', () => {
  it('forwards: open, Forward keeps the body, fill To, Send', () => {
    const ep = episode('email-inbox', 0, { task: 'forward' });
    const to = /forward that email to (\w+)\./.exec(ep.env.goal)?.[1];
    ep.expert();
    ep.step(`click(${ep.find('button', 'Forward').id})`);
    const body = ep.find('textbox', 'Message').value;
    expect(body?.split(' ').length).toBeGreaterThanOrEqual(5);
    ep.step(`fill(${ep.find('textbox', 'To').id}, "${to}")`);
    expect(ep.step(`click(${ep.find('button', 'Send').id})`)).toMatchObject({ terminated: true, reward: 1 });
  });

  it('fails a reply with the wrong text, and the trash of the wrong email; back() returns', () => {
    const reply = episode('email-inbox', 1, { task: 'reply' });
    reply.expert();
    reply.expert();
    reply.step(`fill(${reply.find('textbox', 'Message').id}, "wrong")`);
    expect(reply.step(`click(${reply.find('button', 'Send').id})`)).toMatchObject({ terminated: true, reward: 0 });

    const del = episode('email-inbox', 2, { task: 'delete', emails: 4 });
    expect(del.step('back()').info.lastActionError).toBe('back(): there is no previous page');
    const from = /email by (\w+)/.exec(del.env.goal)?.[1];
    const senders = del.all('text').map((e) => e.name);
    const other = del.all('link')[senders.findIndex((n) => n !== from)];
    del.step(`click(${other.id})`);
    expect(del.find('text', /^From /).name).not.toBe(`From ${from}`);
    del.step('back()');
    expect(del.find('heading').name).toBe('Primary');
    del.step(`click(${other.id})`);
    expect(del.step(`click(${del.find('button', 'Trash').id})`)).toMatchObject({ terminated: true, reward: 0 });
  });

  it('stars: the star of the right email wins the important task and only toggles in another task', () => {
    const star = episode('email-inbox', 3, { task: 'important' });
    star.expert();
    expect(star.step(`click(${star.find('button', 'Star').id})`)).toMatchObject({ terminated: true, reward: 1 });
    const other = episode('email-inbox', 3, { task: 'reply' });
    other.expert();
    expect(other.step(`click(${other.find('button', 'Star').id})`)).toMatchObject({ terminated: false });
    expect(other.find('button', 'Star').state?.pressed).toBe(true);
  });
});

describe('shop-checkout', () => {
  it('validates the quantity and disables Checkout on an empty cart', () => {
    const ep = episode('shop-checkout', 0);
    ep.step(`click(${ep.find('link', /^Cart/).id})`);
    expect(ep.find('button', 'Checkout').state?.disabled).toBe(true);
    expect(ep.step(`click(${ep.find('button', 'Checkout').id})`).info.lastActionError).toMatch(/is disabled/);
    ep.step('back()');
    ep.step('click(2)');
    ep.step(`fill(${ep.find('textbox', 'Quantity').id}, "lots")`);
    expect(ep.step(`click(${ep.find('button', 'Add to cart').id})`).info.lastActionError).toMatch(/Quantity must be a whole number from 1 to 9, not 'lots'/);
  });
});

describe('multi-page apps', () => {
  it.each(['shop-checkout', 'flight-booking'])('%s takes the expert 4 to 12 turns, with progress never falling', (id) => {
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
      expect(r.info.turn).toBeLessThanOrEqual(12);
    }
  });
});

describe('flight-booking', () => {
  it('refuses a route to the same city, and the earliest or cheapest flight is not always first', () => {
    const ep = episode('flight-booking', 6);
    const from = ep.find('combobox', 'From');
    ep.step(`click(${from.id})`);
    const city = ep.find('option').name;
    ep.step(`select(${from.id}, "${city}")`);
    ep.step(`select(${ep.find('combobox', 'To').id}, "${city}")`);
    ep.step(`click(${ep.find('combobox', 'Day').id})`);
    ep.step(`click(${ep.find('option').id})`);
    expect(ep.step(`click(${ep.find('button', 'Search').id})`).info.lastActionError).toMatch(/From and To must differ/);

    const positions = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const run = episode('flight-booking', seed);
      while (run.obs().elements.every((e) => e.role !== 'row')) run.expert();
      positions.add(run.obs().elements[Number(/\d+/.exec(run.spec.expert(run.env))?.[0]) - 1].name);
    }
    expect(positions.size).toBeGreaterThan(2);
  });
});
