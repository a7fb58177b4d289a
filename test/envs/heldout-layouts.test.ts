// The held-out layouts of login-user, enter-text, choose-list, click-checkboxes, read-table, flight-booking and
// form-sequence are a fair test: the one choice that decides where to act (which field comes first; Submit above or
// below; the Day list above or below the route; the slider or the boxes first) is a coin flip in both splits, every
// layout dimension's every value shows in train, and the test split's pages are combinations training never shows.

import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../src/envs/api';
import { SPLITS, type Split } from '../../src/envs/split';
import { episode } from './episode';

const SEEDS = 2000;

interface Family {
  id: string;
  /** The page's layout dimensions (one text per dimension) and the order that the policy must read. */
  describe(elements: readonly UiElement[]): { dims: string[]; order: string };
}

const label = (elements: readonly UiElement[], role: string) => elements.find((e) => e.role === role)?.name ?? '';
/** A framed form's layout (layout.ts's Frames): its heading and its note. */
const frameDims = (elements: readonly UiElement[]) => [label(elements, 'heading'), label(elements, 'text')];

const FAMILIES: Family[] = [
  {
    id: 'login-user',
    describe: (els) => ({
      dims: [label(els, 'heading'), label(els, 'link')],
      order: els.filter((e) => e.name === 'Username' || e.name === 'Password').map((e) => e.name).join(' '),
    }),
  },
  {
    id: 'enter-text',
    describe: (els) => ({
      dims: [label(els, 'textbox'), els.filter((e) => e.role === 'button' && e.name !== 'Submit').map((e) => e.name).join('')],
      order: els.filter((e) => e.name === 'Submit' || e.role === 'textbox').map((e) => e.role).join(' '),
    }),
  },
  {
    id: 'choose-list',
    describe: (els) => ({ dims: frameDims(els), order: els.find((e) => e.role === 'button' || e.role === 'combobox')!.role }),
  },
  {
    id: 'click-checkboxes',
    describe: (els) => ({ dims: frameDims(els), order: els.find((e) => e.role === 'button' || e.role === 'checkbox')!.role }),
  },
  {
    id: 'read-table',
    describe: (els) => ({ dims: frameDims(els), order: els.find((e) => e.role === 'button' || e.role === 'textbox')!.role }),
  },
  {
    id: 'flight-booking',
    describe: (els) => ({ dims: frameDims(els), order: els.find((e) => e.role === 'combobox')!.name }),
  },
  {
    id: 'form-sequence',
    describe: (els) => ({
      dims: frameDims(els),
      order: els.filter((e) => e.role === 'slider' || e.role === 'checkbox').map((e) => e.role)[0],
    }),
  },
];

/** Per split: layout (its dimensions joined) -> the orders seen with it. */
function layouts(f: Family, split: Split): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (let seed = 0; seed < SEEDS; seed++) {
    const { dims, order } = f.describe(episode(f.id, seed, undefined, split).obs().elements);
    const key = dims.join(' / ');
    out.set(key, (out.get(key) ?? new Set()).add(order));
  }
  return out;
}

describe.each(FAMILIES)('$id held-out layouts', (f) => {
  const [train, test] = SPLITS.map((s) => layouts(f, s));

  it('test pages are layouts training never shows, and each layout dimension value shows in train', () => {
    expect(test.size).toBeGreaterThan(1);
    for (const key of test.keys()) expect(train.has(key), key).toBe(false);
    const valuesOf = (m: Map<string, Set<string>>, d: number) => new Set([...m.keys()].map((k) => k.split(' / ')[d]));
    for (const d of [0, 1]) for (const v of valuesOf(test, d)) expect(valuesOf(train, d).has(v), `dimension ${d} value '${v}'`).toBe(true);
  });

  it('both orders show with every layout of both splits, so no layout tells where to act', () => {
    for (const m of [train, test]) for (const [key, orders] of m) expect(orders.size, key).toBe(2);
  });
});
