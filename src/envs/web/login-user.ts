// login-user (MiniWoB++ login-user): type the quoted username and password into their fields and press Login.
// Usernames are people's names and passwords MiniWoB-style random strings. Which field comes first is a coin flip in
// both splits, so only the labels tell the fields apart; the layout (a split like any content) is a heading and a
// link under the button, 4 x 3 combinations of which the test split holds out 3 (every heading and every link shows
// in train, never in those pairs); distractor fields (email, phone, code) go among the fields.

import type { OptionSpec } from '../api';
import { PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { FIRST_NAMES, NOUNS } from '../words';
import { Layouts } from './layout';
import { defineWebTask, onClick, onFill } from './page';

const EXTRAS = ['Email', 'Phone', 'Code'] as const;
/** The layouts' dimensions ('' for none): a heading above the fields and a link under the button. Of the 12 pairs
 * the test split holds (heading, link) = (Sign in, none), (Welcome back, none) and (Welcome back, Need help). */
const HEADINGS = ['', 'Sign in', 'Welcome back', 'Account access'] as const;
const LINKS = ['', 'Create account', 'Need help'] as const;
const LAYOUTS = new Layouts('login-user', [HEADINGS.length, LINKS.length]);

export interface State {
  fields: string[]; // labels in page order
  values: Record<string, string>;
  user: string;
  pass: string;
  heading: string; // '' for none
  link: string; // '' for none
}

const OPTIONS: OptionSpec[] = [
  intOption('extras', 'distractor fields besides username and password', 1, 0, 3),
  { name: 'words', doc: 'starter (24 names, 24 nouns as passwords) or open (thousands of names, random passwords)', kind: 'enum', default: 'open', values: ['starter', 'open'] },
];

export const loginUser = defineWebTask<State>({
  id: 'login-user',
  description: 'Log in with the given username and password.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ extras: 0, words: 'starter' }, { words: 'open' }, { extras: 1 }, { extras: 2 }, { extras: 3 }]),
  miniwob: 'login-user',
  init(rng, o, pools) {
    const starter = o.words === 'starter';
    const user = starter ? pools.pick(rng, FIRST_NAMES) : pools.pick(rng, PERSON_FIRST).toLowerCase();
    const pass = starter ? pools.pick(rng, NOUNS) : pools.string(rng, 2, 6);
    const [heading, link] = LAYOUTS.draw(rng, pools);
    const core = rng.chance(0.5) ? ['Password', 'Username'] : ['Username', 'Password'];
    const fields = [...core];
    for (const extra of rng.shuffle(EXTRAS).slice(0, o.extras as number)) fields.splice(rng.int(fields.length + 1), 0, extra);
    const values = Object.fromEntries(fields.map((f) => [f, '']));
    return {
      goal: `Enter the username "${user}" and the password "${pass}" into the text fields and press login.`,
      state: { fields, values, user, pass, heading: HEADINGS[heading], link: LINKS[link] },
    };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    for (const f of s.fields) page.add('textbox', f, { value: s.values[f] }, onFill((t) => void (s.values[f] = t)));
    page.add('button', 'Login', undefined, onClick(() => page.end(s.values.Username === s.user && s.values.Password === s.pass)));
    if (s.link) page.add('link', s.link);
  },
  progress: (s) => ((s.values.Username === s.user ? 0.45 : 0) + (s.values.Password === s.pass ? 0.45 : 0)),
  expert(s, page) {
    if (s.values.Username !== s.user) return `fill(${page.idOf('textbox', 'Username')}, "${s.user}")`;
    if (s.values.Password !== s.pass) return `fill(${page.idOf('textbox', 'Password')}, "${s.pass}")`;
    return `click(${page.idOf('button', 'Login')})`;
  },
});
