// click-checkboxes (MiniWoB++ click-checkboxes): tick exactly the boxes the goal names, then press Submit. Boxes start
// clear. Labels are MiniWoB's random strings, or at the default level two-word labels where every box left clear
// shares a word with a named one, so ticking whatever shares a word with the goal fails. Whether Submit comes above
// or below the boxes is a coin flip in both splits; the layout (a split like any content) is a heading that groups
// the boxes and a note under the form, 4 x 3 combinations of which the test split holds out 3.

import type { OptionSpec } from '../api';
import type { Rng } from '../../core/rng';
import { ADJECTIVE_WORDS, NOUN_WORDS } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { listOf } from './controls';
import { addFrameHeading, addFrameNote, Frames, type Frame } from './layout';
import { defineWebTask, onCheck, onClick, type Page } from './page';

export interface State {
  labels: string[];
  want: boolean[];
  checked: boolean[];
  submitFirst: boolean; // Submit above the boxes
  frame: Frame; // a heading groups the boxes under it
}

/** The layouts: a heading over the boxes and a note under the form ('' for none). */
const FRAMES = new Frames('click-checkboxes', ['', 'Options', 'Choose all that apply', 'Your picks'], ['', 'Tick as many as the goal names', 'Boxes start clear']);

const OPTIONS: OptionSpec[] = [
  intOption('boxes', 'checkboxes on the page', 5, 2, 8),
  intOption('targets', 'at most this many boxes are named (at least one, and one box stays clear)', 3, 1, 6),
  { name: 'labels', doc: "strings (MiniWoB's random strings) or phrases (two words, each clear box sharing one with a named box)", kind: 'enum', default: 'phrases', values: ['strings', 'phrases'] },
];

/** `k` named two-word labels, then a clear one per remaining box: a named label with one of its words replaced. */
function phrases(rng: Rng, pools: Pools, n: number, k: number): string[] {
  const adj = pools.sample(rng, ADJECTIVE_WORDS, n);
  const noun = pools.sample(rng, NOUN_WORDS, n);
  const labels = listOf(k, (i) => `${adj[i]} ${noun[i]}`);
  for (let i = k; i < n; i++) {
    const t = rng.int(k);
    labels.push(rng.chance(0.5) ? `${adj[t]} ${noun[i]}` : `${adj[i]} ${noun[t]}`);
  }
  return labels;
}

// (Helpers are module functions, not arrows made per draw: tsx's keepNames would name each one on every step.)
function submit(s: State, page: Page): void {
  page.add('button', 'Submit', undefined, onClick(() => page.end(s.checked.every((c, i) => c === s.want[i]))));
}

export const clickCheckboxes = defineWebTask<State>({
  id: 'click-checkboxes',
  description: 'Check exactly the named boxes, then click Submit.',
  maxTurns: 12,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [
    { boxes: 3, targets: 1, labels: 'strings' },
    { boxes: 4, targets: 2 },
    { boxes: 5, targets: 3, labels: 'phrases' },
    { boxes: 6, targets: 4 },
    { boxes: 8, targets: 6 },
  ]),
  miniwob: 'click-checkboxes',
  init(rng, o, pools) {
    const n = o.boxes as number;
    const k = rng.range(1, Math.max(1, Math.min(o.targets as number, n - 1)));
    const named = o.labels === 'phrases' ? phrases(rng, pools, n, k) : distinctStrings(rng, pools, n);
    const order = rng.shuffle(named.map((_, i) => i));
    const labels = order.map((i) => named[i]);
    const want = order.map((i) => i < k);
    const goalNames = rng.shuffle(named.slice(0, k));
    const frame = FRAMES.draw(rng, pools);
    return {
      goal: `Select ${goalNames.join(', ')} and click Submit.`,
      state: { labels, want, checked: labels.map(() => false), submitFirst: rng.chance(0.5), frame },
    };
  },
  draw(s, page) {
    const grouped = s.frame.heading !== '';
    if (s.submitFirst) submit(s, page);
    addFrameHeading(s.frame, page);
    for (let i = 0; i < s.labels.length; i++) {
      page.add('checkbox', s.labels[i], { state: { checked: s.checked[i] }, depth: grouped ? 1 : 0 }, onCheck(() => void (s.checked[i] = !s.checked[i])));
    }
    if (!s.submitFirst) submit(s, page);
    addFrameNote(s.frame, page);
  },
  progress(s) {
    const right = s.checked.reduce((n, c, i) => n + (c && s.want[i] ? 1 : c ? -1 : 0), 0);
    return (0.9 * Math.max(0, right)) / s.want.filter(Boolean).length;
  },
  expert(s, page) {
    const wrong = s.checked.findIndex((c, i) => c !== s.want[i]);
    return wrong >= 0 ? `check(${page.idOf('checkbox', s.labels[wrong])})` : `click(${page.idOf('button', 'Submit')})`;
  },
});

/** `n` distinct random strings of 2-8 letters (MiniWoB's generateString). */
function distinctStrings(rng: Rng, pools: Pools, n: number): string[] {
  const out: string[] = [];
  while (out.length < n) {
    const s = pools.string(rng, 2, 8);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}
