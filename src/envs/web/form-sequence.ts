// form-sequence (MiniWoB++ form tasks): a form of mixed controls (text, drop-down, checkbox) set in turn, then Submit.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { CITIES, COLORS, FIRST_NAMES, NOUNS, sample } from '../words';
import { addSelect } from './choose-list';
import { defineWebTask, onCheck, onClick, onFill } from './page';

type Kind = 'text' | 'select' | 'check';

interface Field {
  kind: Kind;
  label: string;
  choices: string[];
  want: string;
  value: string;
}

const TEMPLATES: { kind: Kind; label: string; pool: readonly string[] }[] = [
  { kind: 'text', label: 'Name', pool: FIRST_NAMES },
  { kind: 'text', label: 'Pet', pool: NOUNS },
  { kind: 'select', label: 'Color', pool: COLORS },
  { kind: 'select', label: 'City', pool: CITIES },
  { kind: 'check', label: 'Subscribe', pool: [] },
  { kind: 'check', label: 'Agree', pool: [] },
];

interface State {
  fields: Field[];
}

const done = (f: Field) => f.value === f.want;

const OPTIONS = [intOption('fields', 'how many form fields', 3, 2, 6)];

export const formSequence = defineWebTask<State>({
  id: 'form-sequence',
  description: 'Set each form field as told (text, drop-down, checkbox), then click Submit.',
  maxTurns: 10,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { fields: 4 }, { fields: 6 }]),
  miniwob: null,
  init(rng, o) {
    const fields = sample(rng, TEMPLATES, o.fields as number).map((t): Field => {
      if (t.kind === 'check') return { kind: t.kind, label: t.label, choices: [], want: 'on', value: '' };
      const choices = t.kind === 'select' ? sample(rng, t.pool, 3) : [];
      const want = t.kind === 'select' ? rng.pick(choices) : rng.pick(t.pool);
      return { kind: t.kind, label: t.label, choices, want, value: '' };
    });
    const parts = fields.map((f) => (f.kind === 'check' ? `check ${f.label}` : `set ${f.label} to ${f.want}`));
    return { goal: `In the form, ${parts.join(', ')}, then click Submit.`, state: { fields } };
  },
  draw(s, page) {
    for (const f of s.fields) {
      if (f.kind === 'text') page.add('textbox', f.label, { value: f.value }, onFill((v) => void (f.value = v)));
      else if (f.kind === 'select') addSelect(page, f.label, f.choices, f.value, (v) => void (f.value = v));
      else page.add('checkbox', f.label, { state: { checked: f.value === 'on' } }, onCheck(() => void (f.value = f.value === 'on' ? '' : 'on')));
    }
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.fields.every(done))));
  },
  progress: (s) => (0.9 * s.fields.filter(done).length) / s.fields.length,
  expert(s, page) {
    const f = s.fields.find((x) => !done(x));
    if (!f) return `click(${page.idOf('button', 'Submit')})`;
    if (f.kind === 'text') return `fill(${page.idOf('textbox', f.label)}, "${f.want}")`;
    if (f.kind === 'select') return `select(${page.idOf('combobox', f.label)}, "${f.want}")`;
    return `check(${page.idOf('checkbox', f.label)})`;
  },
});
