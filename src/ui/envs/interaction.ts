// Pure helpers for the renderers: what a person does on a drawn page becomes the same action string an agent sends.

import type { UiElement } from '../../envs/api';
import { quote } from '../../envs/action';

export const clickAction = (id: number): string => `click(${id})`;
export const checkAction = (id: number): string => `check(${id})`;
export const fillAction = (id: number, text: string): string => `fill(${id}, ${quote(text)})`;
export const selectAction = (id: number, option: string): string => `select(${id}, ${quote(option)})`;
export const answerAction = (text: string): string => `answer(${quote(text)})`;
export const BACK_ACTION = 'back()';
export const playAction = (k: number): string => `play(${k})`;
export const END_ACTION = 'end()';
export const pickAction = (k: number): string => `pick(${k})`;
export const moveAction = (dir: 'up' | 'down' | 'left' | 'right'): string => `move(${dir})`;

const KEYS: Record<string, 'up' | 'down' | 'left' | 'right'> = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', w: 'up', s: 'down', a: 'left', d: 'right',
};

/** Arrow keys and WASD as grid moves; null for any other key. */
export function keyToMove(key: string): string | null {
  const dir = KEYS[key];
  return dir ? moveAction(dir) : null;
}

/** How the page draws a run of elements: one control, a drop-down with its options, or a table of rows. */
export type WebBlock =
  | { kind: 'element'; el: UiElement }
  | { kind: 'select'; el: UiElement; options: UiElement[] }
  | { kind: 'table'; rows: UiElement[] }
  | { kind: 'grid'; cells: UiElement[] };

/** Groups a web observation's elements: options nested under a combobox join it; consecutive rows form a table,
 * consecutive grid cells (a calendar's days) a grid. */
export function webBlocks(elements: readonly UiElement[]): WebBlock[] {
  const blocks: WebBlock[] = [];
  for (let i = 0; i < elements.length; i++) {
    const el = elements[i];
    if (el.role === 'combobox') {
      const options: UiElement[] = [];
      while (i + 1 < elements.length && elements[i + 1].role === 'option' && (elements[i + 1].depth ?? 0) > (el.depth ?? 0)) options.push(elements[++i]);
      blocks.push({ kind: 'select', el, options });
    } else if (el.role === 'row') {
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'table') last.rows.push(el);
      else blocks.push({ kind: 'table', rows: [el] });
    } else if (el.role === 'gridcell') {
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'grid') last.cells.push(el);
      else blocks.push({ kind: 'grid', cells: [el] });
    } else blocks.push({ kind: 'element', el });
  }
  return blocks;
}

/** A grid world observation's rows as symbol arrays (`# . A` ...). */
export function gridSymbols(elements: readonly UiElement[]): string[][] {
  return elements.filter((e) => e.role === 'row').map((e) => e.name.split(' '));
}
