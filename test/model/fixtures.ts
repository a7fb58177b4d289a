// Small shared fixtures for the model tests: a web-task-like open vocabulary, a toy config, a batch builder.
import { buildTokenizer, splitWords } from '../../src/model/tokenizer';
import type { TrainBatch } from '../../src/model/policy-api';

export const TEXTS = [
  'Click the Submit button.',
  "[1] heading 'Login'\n[2] textbox 'Username'\n[3] textbox 'Password'\n[7] button 'Submit'",
  'click(7)',
  'fill(2, "bob")',
  'fill(3, "Bob Smith")',
  'Enter the username bob and the password hunter2, then press Submit.',
  'move(up) move(down) move(left) move(right)',
  'answer("42") back() select(5, "Blue")',
];

/** The fixture's content words: names and labels a task would draw from its pools. */
export const CONTENT = new Set(['Submit', 'bob', 'Bob', 'Smith', 'hunter2', 'Blue']);

export const tok = buildTokenizer(splitWords(TEXTS.join(' ')).filter((w) => !CONTENT.has(w)));

/** A right-padded batch of rows; loss weight 1 on every token after `promptLen[n]`. */
export function makeBatch(rows: number[][], promptLen: number[], width: number): TrainBatch {
  const N = rows.length;
  const tokens = new Int32Array(N * width);
  const weight = new Float32Array(N * width);
  rows.forEach((r, n) => {
    tokens.set(r, n * width);
    for (let t = promptLen[n]; t < r.length; t++) weight[n * width + t] = 1;
  });
  return {
    rows: N,
    width,
    tokens,
    lengths: Int32Array.from(rows, (r) => r.length),
    weight,
    advantage: Float32Array.from(rows, (_, n) => (n % 2 ? -1 : 1)),
    oldLogp: new Float32Array(N * width),
    refLogp: null,
  };
}
