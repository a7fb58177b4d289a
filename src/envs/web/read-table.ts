// read-table (MiniWoB++ tables): read one cell of a table and report it with answer("...").

import { levelTable } from '../levels';
import { intOption } from '../options';
import { CITIES, FIRST_NAMES, sample } from '../words';
import { defineWebTask } from './page';

interface State {
  rows: { name: string; city: string; age: string }[];
  row: number;
  column: 'city' | 'age';
}

const OPTIONS = [intOption('rows', 'table rows', 4, 2, 10)];

export const readTable = defineWebTask<State>({
  id: 'read-table',
  description: 'Find a person in the table and answer with their city or age.',
  maxTurns: 3,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { rows: 7 }, { rows: 10 }]),
  miniwob: 'read-table',
  init(rng, o) {
    const n = o.rows as number;
    const names = sample(rng, FIRST_NAMES, n);
    const rows = names.map((name) => ({ name, city: rng.pick(CITIES), age: String(rng.range(18, 80)) }));
    const row = rng.int(n);
    const column = rng.chance(0.5) ? 'city' : 'age';
    return { goal: `Answer with the ${column} of ${rows[row].name} from the table.`, state: { rows, row, column } };
  },
  draw(s, page) {
    page.add('row', 'Name | City | Age');
    for (const r of s.rows) page.add('row', `${r.name} | ${r.city} | ${r.age}`);
  },
  answer(s, text, page) {
    page.end(text.trim().toLowerCase() === s.rows[s.row][s.column].toLowerCase());
  },
  progress: () => 0,
  expert: (s) => `answer("${s.rows[s.row][s.column]}")`,
});
