// Observations: the structured element list and its accessibility-tree text (`[7] button 'Submit'`), built lazily;
// a page model that keeps its elements and their lines between steps passes them in, so they are not rebuilt.

import type { Observation, UiElement } from './api';

// Stryker disable next-line ArrayDeclaration,ArrowFunction: an emptied table falls back to '  '.repeat, the same text
const INDENTS = [0, 1, 2, 3, 4].map((depth) => '  '.repeat(depth));
const indent = (depth: number) => INDENTS[depth] ?? '  '.repeat(depth);

/** One element's line, indented two spaces per depth: `[id] role 'name' value='v' checked`. */
export function renderLine(e: UiElement): string {
  let line = `${e.depth ? indent(e.depth) : ''}[${e.id}] ${e.role} '${e.name}'`;
  if (e.value !== undefined) line += ` value='${e.value}'`;
  // Stryker disable next-line ConditionalExpression: for-in over undefined runs no iteration
  if (e.state) for (const k in e.state) if (e.state[k]) line += ` ${k}`;
  return line;
}

/** Lines already rendered, by position: `line(i, e)` is element `e`'s line, from the cache when it holds that very
 * element at place i. A page model keeps one across its drawings, so an element drawn again is rendered once. */
export interface LineCache {
  line(i: number, e: UiElement): string;
}

/** The text of `elements`, one line each; lines of elements the cache holds at their place come from it (and are
 * added to it where missing). */
export function renderElements(elements: readonly UiElement[], cache?: LineCache): string {
  // Concatenated rather than joined: V8 keeps the result as a rope of the (shared) lines until it is read.
  let out = '';
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i];
    const line = cache ? cache.line(i, e) : renderLine(e);
    out = i ? out + '\n' + line : line;
  }
  return out;
}

/** Where a text is kept once rendered: a page model's page, shared by the observations made of it. */
export interface TextCell {
  text: string | undefined;
}

/**
 * An observation whose text is rendered on first read; the element list must not change afterwards. `cache` holds
 * lines already rendered (see renderElements) and `cell` keeps the text, both shared with whoever reuses them.
 */
export class LazyObservation implements Observation {
  readonly #cache: LineCache | undefined;
  readonly #cell: TextCell | undefined;
  #text: string | undefined;
  constructor(
    readonly elements: readonly UiElement[],
    cache?: LineCache,
    cell?: TextCell,
  ) {
    this.#cache = cache;
    this.#cell = cell;
  }
  get text(): string {
    const cell = this.#cell;
    if (cell) return (cell.text ??= renderElements(this.elements, this.#cache));
    return (this.#text ??= renderElements(this.elements, this.#cache));
  }
  toJSON(): Observation {
    return { elements: this.elements, text: this.text };
  }
}

/** A plain-data copy of an observation (lazy ones are class instances whose getters postMessage would drop). */
export function plainObservation(obs: Observation): Observation {
  return { elements: obs.elements.map((e) => ({ ...e })), text: obs.text };
}

/** Tokens as a word-level tokenizer sees them: runs of letters/digits, and each punctuation mark. */
export function tokenCount(text: string): number {
  const m = text.match(/[A-Za-z0-9]+|[^\sA-Za-z0-9]/g);
  return m ? m.length : 0;
}
