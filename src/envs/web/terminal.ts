// terminal (MiniWoB++): a shell with ls, rm and help; delete a file with the extension the goal names. The files
// are hidden until `ls` lists them. Each line filled into the prompt runs, as if Enter followed it; only the last
// few lines of the screen stay visible, as in a small terminal window.

import { FILE_BASES, FILE_EXTENSIONS } from '../lexicon/files';
import { dayNumber, fromDayNumber, longDate } from './dates';
import { Choices } from './layout';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { inSplit } from '../split';
import { defineWebTask, onFill } from './page';

const NO_EXTENSION_GOAL = 'Use the terminal below to delete a file that has no file extension.';
const VISIBLE_LINES = 6;
const HELP = ['ls: list contents', 'Usage: ls', 'rm: remove entries', 'Usage: rm file'];
const LAST_DAY = dayNumber({ year: 2016, month: 12, day: 31 });
/** The 'Last login' line MiniWoB's terminal greets with: a day of 2016, of the split. */
// Stryker disable next-line StringLiteral: the key names the choices only in Choices' error when a split holds none, and both hold many
const LOGINS = new Choices('terminal logins', (i) => `Last login: ${longDate(fromDayNumber(LAST_DAY - i))}`);

export interface State {
  files: string[];
  /** The extension a deleted file must end with ('' for none). */
  ext: string;
  lines: string[];
}

const extensionOf = (file: string) => (file.includes('.') ? file.slice(file.indexOf('.') + 1) : '');

/** Runs one command line; returns nothing, or the episode's end when a file is removed. */
function run(s: State, input: string): boolean | undefined {
  const line = input.trim();
  s.lines.push(`user$ ${line}`);
  const [command, arg, extra] = line.split(/\s+/);
  if (line === '') return;
  if (command === 'help' && arg === undefined) s.lines.push(...HELP);
  else if (command === 'ls') s.lines.push(arg === undefined ? s.files.join(' ') : 'error: ls arguments not understood.');
  else if (command === 'exit' && arg === undefined) return false;
  else if (command !== 'rm') s.lines.push('Command not found.');
  else if (arg === undefined) s.lines.push('error: file argument not found.');
  else if (line.includes('*')) s.lines.push("error: rm argument '*' not supported. please enter the exact file name.");
  else if (extra !== undefined) s.lines.push('error: rm takes one file.');
  else if (!s.files.includes(arg)) s.lines.push(`error: file '${arg}' not found.`);
  else {
    s.files = s.files.filter((f) => f !== arg);
    return extensionOf(arg) === s.ext;
  }
}

const OPTIONS = [intOption('files', 'most files in the directory (fewest is 3)', 6, 3, 12)];

export const terminal = defineWebTask<State>({
  id: 'terminal',
  description: 'Use a terminal (ls, rm, help) to delete a file with the given extension; files show only after ls.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ files: 3 }, { files: 6 }, { files: 12 }]),
  miniwob: 'terminal',
  instanceKey: 'goal+observation',
  freeText: true, // commands (ls, rm) are not on the page
  init(rng, o, pools) {
    const exts = pools.words(FILE_EXTENSIONS);
    const noExtension = inSplit(NO_EXTENSION_GOAL, pools.split);
    const n = rng.range(3, o.files as number);
    const files = new Set<string>();
    // MiniWoB draws extensions with the empty one among them: about one file in twelve has none.
    while (files.size < n) {
      const base = pools.pick(rng, FILE_BASES);
      files.add(noExtension && rng.int(12) === 0 ? base : `${base}.${rng.pick(exts)}`);
    }
    const sorted = [...files].sort();
    const ext = extensionOf(rng.pick(sorted));
    return {
      goal: ext === '' ? NO_EXTENSION_GOAL : `Use the terminal below to delete a file ending with the extension .${ext}`,
      state: { files: sorted, ext, lines: ['Welcome! Type help for a list of available commands.', LOGINS.text(LOGINS.pick(rng, pools, 366))] },
    };
  },
  draw(s, page) {
    for (const line of s.lines.slice(-VISIBLE_LINES)) page.add('text', line);
    page.add('textbox', 'user$', { value: '' }, onFill((t) => {
      const removed = run(s, t);
      if (removed !== undefined) page.end(removed);
    }));
  },
  progress: (s) => (s.lines.some((l) => l === 'user$ ls') ? 0.5 : 0),
  expert(s, page) {
    const prompt = page.idOf('textbox', 'user$');
    const listed = s.lines.slice(-VISIBLE_LINES).some((l) => l === s.files.join(' '));
    if (!listed) return `fill(${prompt}, "ls")`;
    const file = s.files.find((f) => extensionOf(f) === s.ext);
    return `fill(${prompt}, "rm ${file}")`;
  },
});
