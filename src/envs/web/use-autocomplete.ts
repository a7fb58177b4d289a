// use-autocomplete (MiniWoB++ use-autocomplete): "Enter an item that starts with F (and ends with E)." Typing into
// the field lists matching places as suggestions; the field takes an item only when a suggestion is chosen, so typing
// a whole name and pressing Submit fails. Places are cities and countries.

import type { OptionSpec } from '../api';
import { CITY_NAMES, COUNTRY_NAMES } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { poolsOf, type Split } from '../split';
import { CITIES } from '../words';
import { defineWebTask, onClick, onFill } from './page';

export interface State {
  split: Split;
  starter: boolean; // the places are the 20 starter cities
  limit: number;
  prefix: string;
  suffix: string; // '' when the goal names no ending
  target: string; // the place the expert picks
  value: string;
  picked: boolean; // the value came from a suggestion
}

const PLACES = [...CITY_NAMES, ...COUNTRY_NAMES.filter((c) => !c.includes(' '))];

const OPTIONS: OptionSpec[] = [
  intOption('suggestions', 'at most this many suggestions show', 5, 2, 8),
  { name: 'words', doc: 'starter (20 cities) or open (hundreds of cities and countries)', kind: 'enum', default: 'open', values: ['starter', 'open'] },
];

const lowered = new WeakMap<readonly string[], readonly string[]>();

/** The split's places: what the field can suggest (the state names them, so a clone copies no list). */
const placesOf = (s: Pick<State, 'split' | 'starter'>) => poolsOf(s.split).words(s.starter ? CITIES : PLACES);

/** The first `limit` places starting with `typed` (any case). */
function matches(s: State, typed: string): string[] {
  const t = typed.toLowerCase();
  const out: string[] = [];
  if (t === '') return out;
  const items = placesOf(s);
  let lower = lowered.get(items);
  // Stryker disable next-line ConditionalExpression: a cache; lowering the list again gives the same list
  if (!lower) lowered.set(items, (lower = items.map((c) => c.toLowerCase())));
  for (let i = 0; i < lower.length; i++) if (lower[i].startsWith(t) && out.push(items[i]) >= s.limit) break;
  return out;
}

/** The suggestions under the field: none once one was chosen. */
const suggestions = (s: State) => (s.picked ? [] : matches(s, s.value));

const fits = (s: State, v: string) => v.startsWith(s.prefix) && v.endsWith(s.suffix);

export const useAutocomplete = defineWebTask<State>({
  id: 'use-autocomplete',
  description: 'Type a prefix into the field, choose a matching suggestion and click Submit.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ suggestions: 3, words: 'starter' }, { words: 'open' }, { suggestions: 5 }, { suggestions: 8 }]),
  miniwob: 'use-autocomplete',
  freeText: true, // types the first letters of a word
  init(rng, o, pools) {
    const starter = o.words === 'starter';
    const items = placesOf({ split: pools.split, starter });
    // Prefixes and endings are shared between places, so the goal's own text decides its split.
    // Stryker disable next-line StringLiteral: the draw below sets it before any read
    let target = '';
    // Stryker disable next-line StringLiteral: the draw below sets it before any read
    let prefix = '';
    // Stryker disable next-line StringLiteral: the draw below sets it before any read
    let suffix = '';
    const goal = pools.draw(() => {
      target = rng.pick(items);
      prefix = target.slice(0, Math.min(target.length - 1, rng.range(2, 4)));
      suffix = rng.chance(0.75) ? target.slice(-Math.min(target.length - prefix.length, rng.range(2, 4))) : '';
      return suffix ? `Enter an item that starts with "${prefix}" and ends with "${suffix}".` : `Enter an item that starts with "${prefix}".`;
    });
    return { goal, state: { split: pools.split, starter, limit: o.suggestions as number, prefix, suffix, target, value: '', picked: false } };
  },
  draw(s, page) {
    page.add('textbox', 'Tags', { value: s.value }, onFill((t) => void ((s.value = t), (s.picked = false))));
    for (const c of suggestions(s)) page.add('option', c, { depth: 1 }, onClick(() => void ((s.value = c), (s.picked = true))));
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.picked && fits(s, s.value))));
  },
  progress: (s) => (s.picked && fits(s, s.value) ? 0.6 : s.value.startsWith(s.prefix) ? 0.3 : 0),
  expert(s, page) {
    if (s.picked && fits(s, s.value)) return `click(${page.idOf('button', 'Submit')})`;
    const shown = suggestions(s);
    if (shown.includes(s.target)) return `click(${page.idOf('option', s.target)})`;
    // The shortest prefix of the target (at least the goal's) whose suggestions list it.
    let k = s.prefix.length;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a guard; no place follows another starting with its name, so the whole name lists it (pinned in the edge tests)
    while (k < s.target.length && !matches(s, s.target.slice(0, k)).includes(s.target)) k++;
    return `fill(${page.idOf('textbox', 'Tags')}, "${s.target.slice(0, k)}")`;
  },
});
