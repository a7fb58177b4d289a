// Edge cases of the terminal family (issue 21's mutation pass): its options, levels and flags, init on a scripted
// random stream (how many files, each file's base, whether it has an extension and which, the target file, the login
// line), the split's files, goals and logins over seeds, the page drawn (the last six lines), every command and its
// error text, progress, the expert at each stage and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { FILE_BASES, FILE_EXTENSIONS } from '../../src/envs/lexicon/files';
import { inSplit, poolsOf } from '../../src/envs/split';
import { terminal, type State } from '../../src/envs/web/terminal';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';

const def = defOf<State>(terminal);
const train = poolsOf('train');
const test = poolsOf('test');
const WELCOME = 'Welcome! Type help for a list of available commands.';
const NO_EXTENSION_GOAL = 'Use the terminal below to delete a file that has no file extension.';
const HELP = ['ls: list contents', 'Usage: ls', 'rm: remove entries', 'Usage: rm file'];
const FILES = ['code', 'flowers.png', 'image.gif', 'index.txt'];
const state = (ext = 'gif', lines: string[] = [WELCOME]): State => ({ files: [...FILES], ext, lines: [...lines] });

/** 'Last login: Sat Dec 31 2016' for the day `back` days before the last of 2016, read off Date's UTC string. */
function login(back: number): string {
  const [weekday, day, month, year] = new Date(Date.UTC(2016, 11, 31 - back)).toUTCString().replace(',', '').split(' ');
  return `Last login: ${weekday} ${month} ${day} ${year}`;
}
/** How many of 2016's 366 login lines a split holds. */
const logins = (split: 'train' | 'test') => Array.from({ length: 366 }, (_, i) => login(i)).filter((l) => inSplit(l, split)).length;

/** The lines the screen holds after typing each command in turn. */
function typed(commands: string[], s = state()): string[] {
  const env = envWith(terminal, s);
  for (const c of commands) env.step(`fill(${env.current().elements.length}, ${JSON.stringify(c)})`);
  return env.state.lines.slice(1);
}

describe('terminal: the family', () => {
  it('says what it is, its turn limit, options and levels; free text, keyed by goal and page', () => {
    expect(terminal).toMatchObject({ id: 'terminal', suite: 'web', family: 'terminal', maxTurns: 6, miniwob: 'terminal', instanceKey: 'goal+observation', freeText: true });
    expect(terminal.description).toBe('Use a terminal (ls, rm, help) to delete a file with the given extension; files show only after ls.');
    expect(terminal.lesson).toBeUndefined();
    expect(terminal.options).toEqual([{ name: 'files', doc: 'most files in the directory (fewest is 3)', kind: 'int', default: 6, min: 3, max: 12 }]);
    expect(terminal.levels).toEqual([{ files: 3 }, { files: 6 }, { files: 12 }]);
  });
});

describe('terminal: init on a scripted stream', () => {
  it('train: 3 to the most files, each a base of the split, one in twelve without an extension, sorted; a target', () => {
    expect(train.words(FILE_BASES).slice(0, 4)).toEqual(['flowers', 'code', 'index', 'image']);
    expect(train.words(FILE_EXTENSIONS).slice(0, 5)).toEqual(['png', 'gif', 'sh', 'json', 'txt']);
    // 2016's last days: Sat Dec 31 (train), Fri Dec 30 (train), Thu Dec 29 (train), Wed Dec 28 (test), Tue Dec 27 (train)
    expect([0, 1, 2, 3, 4].map((i) => inSplit(login(i), 'train'))).toEqual([true, true, true, false, true]);
    expect(login(4)).toBe('Last login: Tue Dec 27 2016');
    // 3 + 1 files: flowers (coin 5) .png; code (coin 0) bare; flowers.png again (coin 3), not counted; index (1) .txt;
    // image (2) .gif; the target, 2 of the sorted four, is image.gif; the train split's 4th login, Dec 27
    const bases = train.words(FILE_BASES).length;
    const exts = train.words(FILE_EXTENSIONS).length;
    const rng = scripted([1, 0, 5, 0, 1, 0, 0, 3, 0, 2, 1, 4, 3, 2, 1, 2, 3]);
    const { goal, state } = def.init(rng, { files: 4 }, train);
    expect(goal).toBe('Use the terminal below to delete a file ending with the extension .gif');
    expect(state).toEqual({ files: ['code', 'flowers.png', 'image.gif', 'index.txt'], ext: 'gif', lines: [WELCOME, 'Last login: Tue Dec 27 2016'] });
    const file = [`int(${bases})`, 'int(12)'];
    expect(rng.asked).toEqual(['int(2)', ...file, `int(${exts})`, ...file, ...file, `int(${exts})`, ...file, `int(${exts})`, ...file, `int(${exts})`, 'int(4)', `int(${logins('train')})`]);
    expect(rng.left).toEqual([]);
  });

  it('train: a bare file as the target asks for a file with no extension', () => {
    // 3 files: code (bare), flowers (coin 11) .gif, index (coin 0) bare; the target, 0 of (code, flowers.gif, index)
    const { goal, state } = def.init(scripted([0, 1, 0, 0, 11, 1, 2, 0, 0, 0]), { files: 3 }, train);
    expect(goal).toBe(NO_EXTENSION_GOAL);
    expect(state).toMatchObject({ files: ['code', 'flowers.gif', 'index'], ext: '' });
    expect(state.lines[1]).toBe('Last login: Sat Dec 31 2016');
  });

  it('test: no coin for a bare file (its goal is a train text), every file gets an extension of the split', () => {
    expect(inSplit(NO_EXTENSION_GOAL, 'train')).toBe(true);
    expect(test.words(FILE_BASES).slice(0, 3)).toEqual(['script', 'notes', 'mountains']);
    expect(test.words(FILE_EXTENSIONS).slice(0, 3)).toEqual(['jpg', 'rb', 'html']);
    const bases = test.words(FILE_BASES).length;
    const exts = test.words(FILE_EXTENSIONS).length;
    const rng = scripted([0, 0, 1, 1, 0, 2, 2, 0, 0]);
    const { goal, state } = def.init(rng, { files: 3 }, test);
    expect(goal).toBe('Use the terminal below to delete a file ending with the extension .html');
    expect(state).toEqual({ files: ['mountains.html', 'notes.jpg', 'script.rb'], ext: 'html', lines: [WELCOME, 'Last login: Wed Dec 28 2016'] });
    const file = [`int(${bases})`, `int(${exts})`];
    expect(rng.asked).toEqual(['int(1)', ...file, ...file, ...file, 'int(3)', `int(${logins('test')})`]);
  });
});

describe('terminal: over seeds', () => {
  it('files of the split, distinct and sorted, 3 to the most; bare files and their goal only in train; logins of 2016', () => {
    const days = Array.from({ length: 366 }, (_, i) => login(i));
    for (const split of ['train', 'test'] as const) {
      const counts = new Set<number>();
      let bare = 0;
      let bareGoals = 0;
      for (let seed = 0; seed < 120; seed++) {
        const env = terminal.create();
        env.reset({ seed, split, options: { files: 5 } });
        const s = (env as unknown as { state: State }).state;
        counts.add(s.files.length);
        expect(s.files).toEqual([...new Set(s.files)].sort());
        for (const f of s.files) {
          const [base, ext, more] = f.split('.');
          expect(inSplit(base, split)).toBe(true);
          expect(more).toBeUndefined();
          if (ext === undefined) bare++;
          else expect(inSplit(ext, split)).toBe(true);
        }
        expect(s.files.some((f) => (f.includes('.') ? f.slice(f.indexOf('.') + 1) : '') === s.ext)).toBe(true);
        if (s.ext === '') bareGoals++;
        expect((env as unknown as { goal: string }).goal).toBe(s.ext === '' ? NO_EXTENSION_GOAL : `Use the terminal below to delete a file ending with the extension .${s.ext}`);
        expect(s.lines[0]).toBe(WELCOME);
        expect(days).toContain(s.lines[1]);
        expect(inSplit(s.lines[1], split)).toBe(true);
        expect(s.lines).toHaveLength(2);
      }
      expect([...counts].sort()).toEqual([3, 4, 5]);
      if (split === 'test') expect([bare, bareGoals]).toEqual([0, 0]);
      else expect(bare * bareGoals).toBeGreaterThan(0);
    }
  });
});

describe('terminal: the page and its commands', () => {
  it('draws the last six lines as text, then the empty prompt', () => {
    expect(lines(drawn(def, state('gif', [WELCOME, 'two'])))).toEqual([`1 text '${WELCOME}'`, "2 text 'two'", "3 textbox 'user$' = \"\""]);
    const seven = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7'];
    expect(lines(drawn(def, state('gif', seven)))).toEqual(["1 text 'l2'", "2 text 'l3'", "3 text 'l4'", "4 text 'l5'", "5 text 'l6'", "6 text 'l7'", "7 textbox 'user$' = \"\""]);
  });

  it('ls lists the files; help the commands; each line typed is echoed trimmed after user$', () => {
    expect(typed(['ls'])).toEqual(['user$ ls', 'code flowers.png image.gif index.txt']);
    expect(typed(['  help  '])).toEqual(['user$ help', ...HELP]);
    expect(typed(['   '])).toEqual(['user$ ']);
    expect(typed(['ls -a', 'help me', 'cat x'])).toEqual(['user$ ls -a', 'error: ls arguments not understood.', 'user$ help me', 'Command not found.', 'user$ cat x', 'Command not found.']);
  });

  it("rm's errors: no file, a wildcard, two files, a missing file; the episode goes on", () => {
    const env = envWith(terminal, state());
    const cmds = ['rm', 'rm *.gif', 'rm image.gif *', 'rm image.gif code', 'rm image.jpg'];
    for (const c of cmds) {
      const r = env.step(`fill(${env.current().elements.length}, "${c}")`);
      expect(r, c).toMatchObject({ terminated: false, reward: 0 });
      expect(r.info.lastActionError).toBeUndefined();
    }
    expect(env.state.lines.slice(1)).toEqual([
      'user$ rm', 'error: file argument not found.',
      'user$ rm *.gif', "error: rm argument '*' not supported. please enter the exact file name.",
      'user$ rm image.gif *', "error: rm argument '*' not supported. please enter the exact file name.",
      'user$ rm image.gif code', 'error: rm takes one file.',
      'user$ rm image.jpg', "error: file 'image.jpg' not found.",
    ]);
    expect(env.state.files).toEqual(FILES);
  });

  it('rm of a file with the extension succeeds, spaces and all; of another file fails; exit fails', () => {
    let env = envWith(terminal, state());
    expect(env.step('fill(2, " rm   image.gif ")')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    expect(env.state.files).toEqual(['code', 'flowers.png', 'index.txt']);
    expect(env.state.lines.slice(1)).toEqual(['user$ rm   image.gif']);
    env = envWith(terminal, state());
    expect(env.step('fill(2, "rm index.txt")')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(env.state.files).toEqual(['code', 'flowers.png', 'image.gif']);
    // the bare file is the one with extension ''
    expect(envWith(terminal, state()).step('fill(2, "rm code")')).toMatchObject({ terminated: true, reward: 0 });
    expect(envWith(terminal, state('')).step('fill(2, "rm code")')).toMatchObject({ terminated: true, reward: 1 });
    expect(envWith(terminal, state('')).step('fill(2, "rm flowers.png")')).toMatchObject({ terminated: true, reward: 0 });
    expect(envWith(terminal, state('png')).step('fill(2, "rm flowers.png")')).toMatchObject({ terminated: true, reward: 1 });
    expect(envWith(terminal, state()).step('fill(2, "exit")')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(typed(['exit now'])).toEqual(['user$ exit now', 'Command not found.']);
  });

  it('progress is 0.5 once ls was typed, even scrolled away', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state('gif', [WELCOME, 'user$ ls -a']))).toBe(0);
    expect(def.progress(state('gif', [WELCOME, 'user$ ls', 'a', 'b', 'c', 'd', 'e', 'f']))).toBe(0.5);
  });

  it('the expert types ls until the listing is on screen, then removes the first file with the extension', () => {
    const env = envWith(terminal, state('png'));
    expect(terminal.expert(env)).toBe('fill(2, "ls")');
    env.step('fill(2, "ls")');
    expect(terminal.expert(env)).toBe('fill(4, "rm flowers.png")');
    env.step('fill(4, "help")');
    expect(terminal.expert(env)).toBe('fill(7, "rm flowers.png")');
    env.step('fill(7, "foo")'); // the listing scrolls off the six lines
    expect(terminal.expert(env)).toBe('fill(7, "ls")');
    expect(terminal.expert(envWith(terminal, state('', [WELCOME, 'user$ ls', FILES.join(' ')])))).toBe('fill(4, "rm code")');
    expect(terminal.expert(envWith(terminal, { files: ['a.gif', 'b.gif'], ext: 'gif', lines: ['a.gif b.gif'] }))).toBe('fill(2, "rm a.gif")');
  });

  it('ends the episode after 6 turns, truncated', () => {
    const env = envWith(terminal, state());
    for (let t = 1; t < 6; t++) expect(env.step(`fill(${env.current().elements.length}, "ls")`).truncated).toBe(false);
    expect(env.step('fill(7, "ls")')).toMatchObject({ terminated: false, truncated: true, info: { progress: 0.5 } });
  });
});
