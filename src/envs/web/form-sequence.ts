// form-sequence (MiniWoB++ form-sequence): "Select N with the slider, click the Kth checkbox, then hit Submit." The
// slider takes fill(id, "N"); the checkboxes carry no labels, so the goal's ordinal is the only way to find the one.
// Success needs the slider at N and exactly the Kth box ticked. Whether the slider comes before or after the boxes is
// a coin flip in both splits, so counting the boxes, not a fixed position, finds the Kth; the layout (a split like any
// content) is a heading and a note under the button, 4 x 3 combinations of which the test split holds out 3.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { ordinal } from './controls';
import { addFrameHeading, addFrameNote, Frames, type Frame } from './layout';
import { defineWebTask, onCheck, onClick, onFill, type Page } from './page';

export interface State {
  min: number;
  max: number;
  slider: number;
  checked: boolean[];
  want: number; // the slider value asked for
  box: number; // 0-based index of the box to tick
  slidersFirst: boolean;
  frame: Frame;
}

/** The layouts: a heading above the form and a note under the button ('' for none). */
const FRAMES = new Frames('form-sequence', ['', 'Preferences', 'Quick survey', 'Settings'], ['', 'All fields are required', 'You can change these later']);

const OPTIONS = [intOption('boxes', 'unlabelled checkboxes', 3, 2, 6), intOption('range', 'the slider runs from -range to range', 10, 3, 50)];

function drawSlider(s: State, page: Page): void {
  page.add('slider', `${s.min} to ${s.max}`, { value: String(s.slider) }, onFill((t) => {
    const text = t.trim();
    const v = Number(text);
    if (!/^-?\d+$/.test(text) || v < s.min || v > s.max) return `the slider takes a whole number from ${s.min} to ${s.max}, not '${t}'`;
    s.slider = v;
  }));
}

const right = (s: State) => s.slider === s.want && s.checked.every((c, i) => c === (i === s.box));

export const formSequence = defineWebTask<State>({
  id: 'form-sequence',
  description: 'Set the slider to a number, tick the checkbox at a position, then click Submit.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ boxes: 2, range: 5 }, { boxes: 3, range: 10 }, { boxes: 4, range: 20 }, { boxes: 6, range: 50 }]),
  miniwob: 'form-sequence',
  init(rng, o, pools) {
    const r = o.range as number;
    const n = o.boxes as number;
    // The goal's text decides its split: redraw the number and position until it is in this one.
    let want = 0;
    let box = 0;
    const goal = pools.draw(() => {
      want = rng.range(-r, r);
      box = rng.int(n);
      return `Select ${want} with the slider, click the ${ordinal(box + 1)} checkbox, then hit Submit.`;
    });
    const frame = FRAMES.draw(rng, pools);
    const slidersFirst = rng.chance(0.5);
    return { goal, state: { min: -r, max: r, slider: rng.range(-r, r), checked: Array(n).fill(false), want, box, slidersFirst, frame } };
  },
  draw(s, page) {
    addFrameHeading(s.frame, page);
    if (s.slidersFirst) drawSlider(s, page);
    s.checked.forEach((c, i) => page.add('checkbox', '', { state: { checked: c } }, onCheck(() => void (s.checked[i] = !s.checked[i]))));
    if (!s.slidersFirst) drawSlider(s, page);
    page.add('button', 'Submit', undefined, onClick(() => page.end(right(s))));
    addFrameNote(s.frame, page);
  },
  progress: (s) => 0.45 * Number(s.slider === s.want) + 0.45 * Number(s.checked.every((c, i) => c === (i === s.box))),
  expert(s, page) {
    if (s.slider !== s.want) return `fill(${page.elements.find((e) => e.role === 'slider')?.id}, "${s.want}")`;
    const wrong = s.checked.findIndex((c, i) => c !== (i === s.box));
    if (wrong >= 0) return `check(${page.elements.filter((e) => e.role === 'checkbox')[wrong].id})`;
    return `click(${page.idOf('button', 'Submit')})`;
  },
});
