// Observations: the structured element list and its accessibility-tree text (`[7] button 'Submit'`), built lazily.

import type { Observation, UiElement } from './api';

/** One element a line, indented two spaces per depth: `[id] role 'name' value='v' checked`. */
export function renderElements(elements: readonly UiElement[]): string {
  let out = '';
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i];
    if (i > 0) out += '\n';
    if (e.depth) out += '  '.repeat(e.depth);
    out += `[${e.id}] ${e.role} '${e.name}'`;
    if (e.value !== undefined) out += ` value='${e.value}'`;
    if (e.state) for (const k in e.state) if (e.state[k]) out += ` ${k}`;
  }
  return out;
}

/** An observation whose text is rendered on first read; the element list must not change afterwards. */
export class LazyObservation implements Observation {
  #text: string | undefined;
  constructor(readonly elements: readonly UiElement[]) {}
  get text(): string {
    if (this.#text === undefined) this.#text = renderElements(this.elements);
    return this.#text;
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
