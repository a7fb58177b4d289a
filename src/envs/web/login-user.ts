// login-user (MiniWoB++): fill the username and password fields and press Login; extra fields are distractors.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { FIRST_NAMES, NOUNS } from '../words';
import { defineWebTask, onClick, onFill } from './page';

const FIELDS = ['Username', 'Password', 'Email', 'Phone', 'Code'] as const;

interface State {
  fields: string[];
  values: Record<string, string>;
  want: Record<string, string>;
}

const OPTIONS = [intOption('extras', 'distractor fields besides username and password', 0, 0, 3)];

export const loginUser = defineWebTask<State>({
  id: 'login-user',
  description: 'Log in with the given username and password.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { extras: 1 }, { extras: 3 }]),
  miniwob: 'login-user',
  init(rng, o) {
    const fields = rng.shuffle(FIELDS.slice(0, 2 + (o.extras as number)));
    const user = rng.pick(FIRST_NAMES);
    const pass = rng.pick(NOUNS);
    const values: Record<string, string> = {};
    for (const f of fields) values[f] = '';
    return { goal: `Log in as ${user} with password ${pass}.`, state: { fields, values, want: { Username: user, Password: pass } } };
  },
  draw(s, page) {
    for (const f of s.fields) page.add('textbox', f, { value: s.values[f] }, onFill((t) => void (s.values[f] = t)));
    page.add('button', 'Login', undefined, onClick(() => page.end(s.values.Username === s.want.Username && s.values.Password === s.want.Password)));
  },
  progress: (s) => ((s.values.Username === s.want.Username ? 0.5 : 0) + (s.values.Password === s.want.Password ? 0.5 : 0)) * 0.9,
  expert(s, page) {
    for (const f of ['Username', 'Password']) {
      if (s.values[f] !== s.want[f]) return `fill(${page.idOf('textbox', f)}, "${s.want[f]}")`;
    }
    return `click(${page.idOf('button', 'Login')})`;
  },
});
