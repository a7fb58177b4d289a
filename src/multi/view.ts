// What each agent of a team reads of the page. With view 'whole' every agent reads the whole observation. With
// view 'parts' the page's elements are split among the readers (proposers, planners, executors: each its own
// contiguous part, in workflow order) and a message brings along the elements it names: a proposal `click(17)` or a
// plan `click 17` shows its readers element 17's line, as the sender saw it. An aggregator reads no part, only the
// elements its proposals name. So no reader of a page too long for one context sees all of it, and what one agent
// found reaches the others only by talking.
import { parseSyntax } from '../envs/action';
import type { Observation, UiElement } from '../envs/api';
import { renderElements } from '../envs/observation';
import { MARTI_READ, upstream, type Workflow } from './workflow';

/** The agents that read a part of the page in view 'parts', in workflow order (everyone but aggregators). */
export function readers(w: Workflow): string[] {
  return w.agents.filter((a) => a.role !== 'aggregator').map((a) => a.name);
}

/** Who reads which part in view 'parts': each reader's part index, of how many parts. */
export interface Readers {
  of: number;
  part: ReadonlyMap<string, number>;
}

/** A workflow's readers: reader k (in workflow order) reads part k. */
export function readersOf(w: Workflow): Readers {
  const names = readers(w);
  return { of: names.length, part: new Map(names.map((n, k) => [n, k])) };
}

/** Reader k's part of n: elements [floor(k N / n), floor((k + 1) N / n)) of the page, in page order. */
export function partOf(elements: readonly UiElement[], k: number, n: number): UiElement[] {
  const N = elements.length;
  return elements.slice(Math.floor((k * N) / n), Math.floor(((k + 1) * N) / n));
}

/**
 * The element ids a message names: the integer arguments of an action (`click(17)`; `fill(4, "a 12")` names 4
 * only), else every whole number of a plan's words (`click 17 fill 4` names 17 and 4).
 */
export function namedIds(message: string): number[] {
  const parsed = parseSyntax(message);
  if (parsed.ok) return parsed.action.args.flatMap((a) => (a.kind === 'int' ? [a.value] : []));
  return (message.match(/\b\d+\b/g) ?? []).map(Number);
}

/** The elements of `seen` (what the sender read) that `message` names, in the order it names them. */
export function attached(message: string, seen: readonly UiElement[]): UiElement[] {
  return namedIds(message).flatMap((id) => seen.filter((e) => e.id === id));
}

/** An observation of some of the page's elements (`page` order kept, each once), with its accessibility-tree text. */
export function viewOf(page: Observation, parts: readonly (readonly UiElement[])[]): Observation {
  const ids = new Set(parts.flatMap((p) => p.map((e) => e.id)));
  const elements = page.elements.filter((e) => ids.has(e.id)).map((e) => ({ ...e }));
  return { elements, text: renderElements(elements) };
}

/** In view 'parts', what one agent reads, by reader index: its own part, and the parts its messages come from. */
export interface PartsOfAgent {
  /** Its own part (-1: none, an aggregator). */
  own: number;
  /** How many parts the page is split into. */
  of: number;
  /** The parts of the proposers whose proposals it reads (a debater in later rounds, an aggregator). */
  proposals: number[];
  /** The parts of the planners whose plans it reads. */
  plans: number[];
}

/** What agent `name` reads in view 'parts' (null in view 'whole'). */
export function partsOfAgent(w: Workflow, name: string): PartsOfAgent | null {
  if (w.view !== 'parts') return null;
  const all = readers(w);
  const node = w.agents.find((a) => a.name === name)!;
  const from = (role: string) => upstream(w, name).filter((a) => a.role === role).map((a) => all.indexOf(a.name));
  const others = w.agents.filter((a) => a.role === 'proposer' && (a.name !== name || (w.read ?? MARTI_READ).containSelf));
  const proposals = node.role === 'aggregator' ? from('proposer') : node.role === 'proposer' && w.rounds > 0 ? others.map((a) => all.indexOf(a.name)) : [];
  return { own: all.indexOf(name), of: all.length, proposals, plans: from('planner') };
}
