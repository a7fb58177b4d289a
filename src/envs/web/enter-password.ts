// enter-password (MiniWoB++): type the password the goal gives into both password fields and press Submit.
// Passwords are MiniWoB-style random strings of the split; labels and headings vary by layout.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { Layouts } from './layout';
import { defineWebTask, onClick, onFill } from './page';

const LABELS: readonly (readonly [string, string])[] = [
  ['Password', 'Verify password'], ['New password', 'Confirm password'], ['Password', 'Repeat password'],
  ['Choose a password', 'Re-enter password'], ['Password', 'Password again'], ['Enter password', 'Confirm'],
];
const HEADINGS = ['', 'Sign up', 'Change password', 'Create account', 'Security', 'Reset password'];
const LAYOUTS = new Layouts('enter-password', [LABELS.length, HEADINGS.length]);

export interface State {
  password: string;
  labels: readonly [string, string];
  heading: string;
  first: string;
  second: string;
}

const OPTIONS = [intOption('length', 'longest password, in letters (shortest is 2)', 6, 2, 12)];

export const enterPassword = defineWebTask<State>({
  id: 'enter-password',
  description: 'Type the given password into both password fields and press Submit.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ length: 3 }, { length: 6 }, { length: 10 }]),
  miniwob: 'enter-password',
  init(rng, o, pools) {
    const password = pools.string(rng, 2, o.length as number);
    const [labels, heading] = LAYOUTS.draw(rng, pools);
    return {
      goal: `Enter the password "${password}" into both text fields and press submit.`,
      state: { password, labels: LABELS[labels], heading: HEADINGS[heading], first: '', second: '' },
    };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    page.add('textbox', s.labels[0], { value: s.first }, onFill((t) => void (s.first = t)));
    page.add('textbox', s.labels[1], { value: s.second }, onFill((t) => void (s.second = t)));
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.first === s.password && s.second === s.password)));
  },
  progress: (s) => ((s.first === s.password ? 0.45 : 0) + (s.second === s.password ? 0.45 : 0)),
  expert(s, page) {
    const boxes = page.elements.filter((e) => e.role === 'textbox');
    if (s.first !== s.password) return `fill(${boxes[0].id}, "${s.password}")`;
    if (s.second !== s.password) return `fill(${boxes[1].id}, "${s.password}")`;
    return `click(${page.idOf('button', 'Submit')})`;
  },
});
