// long-page: click-button on a page longer than a small policy's context. Dozens of buttons (and maybe filler) make
// an observation of some 200-400 tokens, so a tiny policy (a 128-token window) reads only its first part: a task
// for a team whose agents each read a part of the page (the team option view = parts, src/multi/view.ts).

import type { OptionSpec } from '../api';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { CLICK_THE_NAMED_BUTTON } from './click-button';
import { defineWebTask } from './page';

const OPTIONS: OptionSpec[] = [
  intOption('buttons', 'buttons on the page (labels from hundreds of verbs)', 48, 12, 64),
  intOption('decoys', 'lines of text and text boxes among the buttons', 0, 0, 8),
];

export const longPage = defineWebTask({
  id: 'long-page',
  description: 'Click the button with the given label on a page of dozens of buttons, longer than a tiny policy reads.',
  maxTurns: 3,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ buttons: 12 }, { buttons: 24 }, { buttons: 36 }, { buttons: 48 }, { buttons: 60, decoys: 4 }]),
  miniwob: null,
  // Won by the name-match rule when read whole: what it tests is reading a page no single small reader holds.
  lesson: true,
  ...CLICK_THE_NAMED_BUTTON,
});
