// click-checkboxes (MiniWoB++): tick exactly the named boxes, then press Submit.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { NOUNS, sample } from '../words';
import { defineWebTask, onCheck, onClick } from './page';

interface State {
  labels: string[];
  want: boolean[];
  checked: boolean[];
  start: number; // boxes already right at reset, so progress starts at 0
}

function joinWords(words: string[]): string {
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function matching(want: boolean[], checked: boolean[]): number {
  return checked.filter((c, i) => c === want[i]).length;
}

const OPTIONS = [
    intOption('boxes', 'how many checkboxes are on the page', 4, 2, 8),
    intOption('targets', 'at most this many boxes must be checked', 2, 1, 8),
  ];

export const clickCheckboxes = defineWebTask<State>({
  id: 'click-checkboxes',
  description: 'Check exactly the listed boxes, then click Submit.',
  maxTurns: 12,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { boxes: 6, targets: 4 }, { boxes: 8, targets: 8 }]),
  miniwob: 'click-checkboxes',
  init(rng, o) {
    const n = o.boxes as number;
    const labels = sample(rng, NOUNS, n);
    const k = rng.range(1, Math.min(n, o.targets as number));
    const chosen = new Set(sample(rng, labels, k));
    const want = labels.map((l) => chosen.has(l));
    const checked = labels.map(() => rng.chance(0.25));
    const names = labels.filter((l) => chosen.has(l));
    const start = matching(want, checked);
    return { goal: `Check ${joinWords(names)} and nothing else, then click Submit.`, state: { labels, want, checked, start } };
  },
  draw(s, page) {
    s.labels.forEach((label, i) => {
      page.add('checkbox', label, { state: { checked: s.checked[i] } }, onCheck(() => void (s.checked[i] = !s.checked[i])));
    });
    page.add('button', 'Submit', undefined, onClick(() => page.end(s.checked.every((c, i) => c === s.want[i]))));
  },
  progress: (s) => (s.start === s.labels.length ? 0 : (0.9 * Math.max(0, matching(s.want, s.checked) - s.start)) / (s.labels.length - s.start)),
  expert(s, page) {
    const wrong = s.checked.findIndex((c, i) => c !== s.want[i]);
    return wrong >= 0 ? `check(${page.idOf('checkbox', s.labels[wrong])})` : `click(${page.idOf('button', 'Submit')})`;
  },
});
