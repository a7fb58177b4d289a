// login-user-popup (MiniWoB++): log in with the given username and password, but in half the episodes focusing
// one of the fields pops up a dialog that disables the form; Cancel closes it (and the typing was lost), OK
// leaves the page and fails.

import { PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { Layouts } from './layout';
import { defineWebTask, onClick, onFill } from './page';

/** The dialog's message; each belongs to one split. */
const MESSAGES = [
  'Your session is about to expire.', 'Your session is about to time out.', 'Your session is expiring soon.',
  'Your session will end in a minute.', 'Your session is timing out soon.', 'You will be signed out soon.',
  'Your login is about to expire.', 'This page will close soon.', 'You have 3 new messages.',
  'A new version of this page is available.', 'Please do not panic.', 'This is a popup message.',
  'It looks like you are trying to log in.', 'Your connection is slow.', 'Remember to take a break.',
  'Cookies help us improve this site.',
];
const USER_LABELS = ['Username', 'User name', 'Login', 'Account'];
const PASSWORD_LABELS = ['Password', 'Passcode', 'Secret'];
const HEADINGS = ['', 'Sign in', 'Welcome back', 'Members'];
const LAYOUTS = new Layouts('login-user-popup', [USER_LABELS.length, PASSWORD_LABELS.length, HEADINGS.length]);

type Field = 'username' | 'password';

export interface State {
  want: Record<Field, string>;
  values: Record<Field, string>;
  /** The field whose focus pops the dialog up (once), if any. */
  trap: Field | '';
  popup: 'waiting' | 'shown' | 'closed';
  message: string;
  labels: Record<Field, string>;
  heading: string;
}

const OPTIONS = [intOption('popup', 'chance in percent that a field is trapped by a popup', 50, 0, 100)];

export const loginUserPopup = defineWebTask<State>({
  id: 'login-user-popup',
  description: 'Log in with the given username and password; close the popup that may interrupt with Cancel.',
  maxTurns: 8,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ popup: 0 }, { popup: 50 }, { popup: 100 }]),
  miniwob: 'login-user-popup',
  init(rng, o, pools) {
    const want = { username: pools.pick(rng, PERSON_FIRST).toLowerCase(), password: pools.string(rng, 2, 6) };
    const trap: State['trap'] = rng.int(100) < (o.popup as number) ? rng.pick(['username', 'password'] as const) : '';
    const [user, password, heading] = LAYOUTS.draw(rng, pools);
    return {
      goal: `Enter the username "${want.username}" and the password "${want.password}" into the text fields and press login.`,
      state: {
        want, values: { username: '', password: '' }, trap, popup: 'waiting', message: pools.pick(rng, MESSAGES),
        labels: { username: USER_LABELS[user], password: PASSWORD_LABELS[password] }, heading: HEADINGS[heading],
      },
    };
  },
  draw(s, page) {
    const blocked = s.popup === 'shown';
    if (s.heading) page.add('heading', s.heading);
    for (const field of ['username', 'password'] as const) {
      page.add('textbox', s.labels[field], { value: s.values[field], state: { disabled: blocked } }, onFill((t) => {
        // Focusing a trapped field shows the dialog before any key lands.
        if (s.trap === field && s.popup === 'waiting') s.popup = 'shown';
        else s.values[field] = t;
      }));
    }
    page.add('button', 'Login', { state: { disabled: blocked } }, onClick(() => page.end(s.values.username === s.want.username && s.values.password === s.want.password)));
    if (!blocked) return;
    page.add('dialog', s.message);
    page.add('text', 'Exit to home page?', { depth: 1 });
    page.add('button', 'OK', { depth: 1 }, onClick(() => page.end(false)));
    page.add('button', 'Cancel', { depth: 1 }, onClick(() => void (s.popup = 'closed')));
  },
  progress: (s) => ((s.values.username === s.want.username ? 0.45 : 0) + (s.values.password === s.want.password ? 0.45 : 0)),
  expert(s, page) {
    if (s.popup === 'shown') return `click(${page.idOf('button', 'Cancel')})`;
    for (const field of ['username', 'password'] as const) {
      if (s.values[field] !== s.want[field]) return `fill(${page.idOf('textbox', s.labels[field])}, "${s.want[field]}")`;
    }
    return `click(${page.idOf('button', 'Login')})`;
  },
});
