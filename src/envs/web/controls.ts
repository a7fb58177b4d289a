// Controls and layout choices shared by the web families: a drop-down list whose options show only while it is open,
// page layouts drawn from a split like any other content, and small text helpers.

import { hashString, type Rng } from '../../core/rng';
import type { Pools, Split } from '../split';
import { onClick, onClickOrSelect, type ElementExtra, type Page } from './page';

/** A list's state in a family's state: its value and whether its options are showing. */
export interface ListState {
  value: string;
  open: boolean;
}

/**
 * A drop-down list: a combobox showing its value; click() opens or closes it, and while open its options follow it
 * one level deeper (clicking one picks it and closes the list). select(id, "x") picks any of its options, open or
 * not, as a person choosing from the keyboard would.
 */
export function addList(page: Page, label: string, options: readonly string[], list: ListState, depth = 0): void {
  page.add('combobox', label, { value: list.value, depth, state: list.open ? EXPANDED : COLLAPSED }, onClickOrSelect(
    () => void (list.open = !list.open),
    (v) => (options.includes(v) ? pick(list, v) : `'${v}' is not an option of ${label}`),
  ));
  if (!list.open) return;
  // One handler serves every option: an option is named by its value.
  const choose = onClick((e) => pick(list, e.name));
  const [plain, selected] = optionExtras(depth + 1);
  for (const o of options) page.add('option', o, o === list.value ? selected : plain, choose);
}

// Parts every drawing of a list shares: its states, and its options' extras by depth (not selected, selected).
const EXPANDED = { expanded: true };
const COLLAPSED = { expanded: false };
const OPTION_EXTRAS: [ElementExtra, ElementExtra][] = [];
const optionExtras = (depth: number) => (OPTION_EXTRAS[depth] ??= [{ depth, state: { selected: false } }, { depth, state: { selected: true } }]);

/** Picks an option: the list shows it and closes. */
function pick(list: ListState, value: string): void {
  list.value = value;
  list.open = false;
}

/** A closed, empty list. */
export const emptyList = (): ListState => ({ value: '', open: false });

const layoutSplits = new Map<string, Record<Split, number[]>>();

/**
 * A page layout of a family: an integer in [0, count) of the pools' split, so test layouts never come up in
 * training. The layouts are ranked by a hash of `family/layout/k` and the first quarter (at least one) goes to test,
 * so each split holds some even when a family has only a few. Families decode the number into their choices.
 */
export function layoutOf(rng: Rng, pools: Pools, family: string, count: number): number {
  const key = `${family}/${count}`;
  let splits = layoutSplits.get(key);
  // Stryker disable next-line ConditionalExpression: the cache only saves the sort; ranking again gives the same splits
  if (!splits) {
    const ranked = [...Array(count).keys()].sort((a, b) => hashString(`${family}/layout/${a}`) - hashString(`${family}/layout/${b}`));
    const cut = Math.max(1, Math.round(count / 4));
    splits = { test: ranked.slice(0, cut), train: ranked.slice(cut) };
    layoutSplits.set(key, splits);
  }
  return rng.pick(splits[pools.split]);
}

/** `n` items made in order by `make(i)`: a loop, because V8's Array.from({ length: n }, f) costs microseconds a call,
 * as much as a whole episode of some families. */
export function listOf<T>(n: number, make: (i: number) => T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(make(i));
  return out;
}

/** `a`, `a and b`, `a, b and c`. */
export function joinWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** `1st`, `2nd`, `3rd`, `4th`, ... */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** `count` words from a split's share of `list`, joined by spaces (MiniWoB's generateWords). */
export function wordsOf(rng: Rng, pools: Pools, list: readonly string[], count: number): string {
  const sub = pools.words(list);
  let out = '';
  for (let i = 0; i < count; i++) out += (i ? ' ' : '') + rng.pick(sub);
  return out;
}
