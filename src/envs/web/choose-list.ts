// choose-list (MiniWoB++): pick the named entry from a drop-down list and press Submit.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { COLORS, sample } from '../words';
import { defineWebTask, onClick, onSelect, type Page } from './page';

interface State {
  options: string[];
  value: string;
  target: string;
}

/** A drop-down: a combobox whose options are listed under it; select(id, "x") or click an option picks one. */
export function addSelect(page: Page, label: string, options: readonly string[], value: string, set: (v: string) => void, depth = 0): void {
  page.add('combobox', label, { value, depth }, onSelect((v) => (options.includes(v) ? set(v) : `'${v}' is not an option (options: ${options.join(', ')})`)));
  for (const o of options) page.add('option', o, { depth: depth + 1, state: { selected: o === value } }, onClick(() => set(o)));
}

const OPTIONS = [intOption('entries', 'how many entries the list has', 4, 2, 12)];

export const chooseList = defineWebTask<State>({
  id: 'choose-list',
  description: 'Select the named entry from a list and click Submit.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { entries: 8 }, { entries: 12 }]),
  miniwob: 'choose-list',
  init(rng, o) {
    const options = sample(rng, COLORS, o.entries as number);
    const target = rng.pick(options);
    return { goal: `Select ${target} from the list and click Submit.`, state: { options, value: '', target } };
  },
  draw(s, page) {
    addSelect(page, 'Color', s.options, s.value, (v) => void (s.value = v));
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.value === s.target)));
  },
  progress: (s) => (s.value === s.target ? 0.5 : 0),
  expert: (s, page) => (s.value === s.target ? `click(${page.idOf('button', 'Submit')})` : `select(${page.idOf('combobox', 'Color')}, "${s.target}")`),
});
