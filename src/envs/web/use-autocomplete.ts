// use-autocomplete (MiniWoB++): type a prefix, pick the matching suggestion, press Submit.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { CITIES } from '../words';
import { defineWebTask, onClick, onFill } from './page';

interface State {
  value: string;
  target: string;
  limit: number;
}

function suggestions(s: State): string[] {
  if (s.value === '' || CITIES.includes(s.value as (typeof CITIES)[number])) return [];
  const v = s.value.toLowerCase();
  return CITIES.filter((c) => c.toLowerCase().startsWith(v)).slice(0, s.limit);
}

const OPTIONS = [intOption('suggestions', 'at most this many suggestions are shown', 4, 1, 8)];

export const useAutocomplete = defineWebTask<State>({
  id: 'use-autocomplete',
  description: 'Type a prefix into the city box, choose the matching suggestion and click Submit.',
  maxTurns: 5,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { suggestions: 6 }, { suggestions: 8 }]),
  miniwob: 'use-autocomplete',
  init(rng, o) {
    const target = rng.pick(CITIES);
    // The shortest prefix that, with the last letter, names the target alone.
    let k = 1;
    const last = target.slice(-1);
    while (CITIES.some((c) => c !== target && c.startsWith(target.slice(0, k)) && c.endsWith(last))) k++;
    const prefix = target.slice(0, k);
    return {
      goal: `Enter the city that starts with ${prefix} and ends with ${last}, then click Submit.`,
      state: { value: '', target, limit: o.suggestions as number },
    };
  },
  draw(s, page) {
    page.add('textbox', 'City', { value: s.value }, onFill((t) => void (s.value = t)));
    for (const c of suggestions(s)) page.add('option', c, { depth: 1 }, onClick(() => void (s.value = c)));
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.value === s.target)));
  },
  progress: (s) => (s.value === s.target ? 0.6 : s.value !== '' && s.target.toLowerCase().startsWith(s.value.toLowerCase()) ? 0.3 : 0),
  expert(s, page) {
    if (s.value === s.target) return `click(${page.idOf('button', 'Submit')})`;
    if (suggestions(s).includes(s.target)) return `click(${page.idOf('option', s.target)})`;
    // The shortest prefix whose suggestions include the target.
    let k = 1;
    while (k < s.target.length && !suggestions({ ...s, value: s.target.slice(0, k) }).includes(s.target)) k++;
    return `fill(${page.idOf('textbox', 'City')}, "${s.target.slice(0, k)}")`;
  },
});
