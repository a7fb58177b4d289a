// The atomic action space at a state, as skill steps: every verb of the environment's action language with
// arguments drawn from the elements on the page, the goal's words, options of lists, and directions.

import type { ActionSignature, ArgKind, Observation, UiElement } from '../envs/api';
import type { Rng } from '../core/rng';
import { norm, textRef } from './refs';
import type { SkillArg, SkillStep } from './types';

// A combobox is clickable: a click opens a drop-down list, whose options show only while it is open.
const NOT_CLICKABLE = new Set(['text', 'heading', 'status', 'row', 'cell', 'paragraph', 'textbox', 'searchbox']);
const TARGET_ROLES: Record<string, ReadonlySet<string>> = {
  fill: new Set(['textbox', 'searchbox', 'combobox']),
  select: new Set(['combobox', 'listbox']),
  check: new Set(['checkbox']),
};
const DIRECTIONS = ['up', 'down', 'left', 'right'];
const SMALL_INTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
/** The longest phrase a goal slot holds (TextRef's `words`). */
const MAX_PHRASE = 4;

function targets(verb: string, elements: readonly UiElement[]): readonly UiElement[] {
  const roles = TARGET_ROLES[verb];
  if (roles) return elements.filter((e) => roles.has(e.role) && !e.state?.disabled);
  return elements.filter((e) => !NOT_CLICKABLE.has(e.role) && !e.state?.disabled);
}

/** What one argument can be here: an element (written later as a role-and-label reference) or a plain value. */
type Choice = { kind: 'ref'; e: UiElement } | { kind: 'text'; value: string } | { kind: 'int'; value: number } | { kind: 'dir'; value: string };

/** The values one argument of a verb can take here; text comes from `texts` (goal words). */
function choices(verb: string, kind: ArgKind, obs: Observation, texts: readonly string[]): Choice[] {
  switch (kind) {
    case 'id':
      return targets(verb, obs.elements).map((e) => ({ kind: 'ref', e }));
    case 'text': {
      const pool = verb === 'select' ? obs.elements.filter((e) => e.role === 'option').map((e) => e.name) : [...new Set(texts)];
      return pool.map((value) => ({ kind: 'text', value }));
    }
    case 'int':
      return SMALL_INTS.map((value) => ({ kind: 'int', value }));
    case 'dir':
      return DIRECTIONS.map((value) => ({ kind: 'dir', value }));
  }
}

/** A chosen value as a skill argument: names and texts become goal slots where the goal holds them. */
function toArg(c: Choice, words: readonly string[], anchorOk?: (normed: string) => boolean): SkillArg {
  if (c.kind === 'ref') return { kind: 'ref', role: c.e.role, name: textRef(c.e.name, words, anchorOk) };
  if (c.kind === 'text') return { kind: 'text', text: textRef(c.value, words, anchorOk) };
  return c;
}

export interface SampleOptions {
  /** Weight of a kind of step (see stepKind); uniform by default. */
  weight?: (kind: string) => number;
  /** The goal words to type (default: all of them). */
  texts?: readonly string[];
  /** Which (normalised) goal words may anchor a goal slot (default: any). */
  anchorOk?: (normed: string) => boolean;
}

/**
 * A random kind of step among those possible here (a verb, with the role of its target element), in
 * proportion to `weight`, then random arguments; undefined when no verb can be written here.
 */
export function sampleAtomic(rng: Rng, actions: readonly ActionSignature[], obs: Observation, words: readonly string[], opts: SampleOptions = {}): SkillStep | undefined {
  const weight = opts.weight ?? (() => 1);
  const options: { kind: string; verb: string; args: Choice[][] }[] = [];
  for (const sig of actions) {
    const args = sig.args.map((k) => choices(sig.verb, k, obs, opts.texts ?? words));
    if (!args.every((c) => c.length > 0)) continue;
    const at = sig.args.indexOf('id');
    if (at < 0) options.push({ kind: sig.verb, verb: sig.verb, args });
    else for (const role of new Set(args[at].map((a) => (a.kind === 'ref' ? a.e.role : '')))) {
      const only = args.map((c, i) => (i === at ? c.filter((a) => a.kind === 'ref' && a.e.role === role) : c));
      options.push({ kind: stepKind(sig.verb, role), verb: sig.verb, args: only });
    }
  }
  if (options.length === 0) return undefined;
  const w = options.map((o) => weight(o.kind));
  let r = rng.next() * w.reduce((t, x) => t + x, 0);
  const k = w.findIndex((x) => (r -= x) < 0);
  const o = options[k < 0 ? options.length - 1 : k];
  return { verb: o.verb, args: o.args.map((c) => toArg(rng.pick(c), words, opts.anchorOk)) };
}

/** The kind of an atomic step for error statistics: its verb and the role of the element it names. */
export function stepKind(verb: string, role?: string): string {
  return role ? `${verb} ${role}` : verb;
}

/** How often each kind of step (verb and role) ran without an action error, so exploration leans away from what this task refuses. */
export class StepStats {
  private readonly stats = new Map<string, { n: number; ok: number }>();

  record(step: SkillStep, ok: boolean): void {
    const first = step.args.find((a) => a.kind === 'ref');
    const kind = stepKind(step.verb, first?.kind === 'ref' ? first.role : undefined);
    const s = this.stats.get(kind) ?? { n: 0, ok: 0 };
    this.stats.set(kind, { n: s.n + 1, ok: s.ok + (ok ? 1 : 0) });
  }

  /** (ok + 1) / (n + 2): 1/2 before any evidence, near 0 for a kind that always fails. */
  weight = (kind: string): number => {
    const s = this.stats.get(kind) ?? { n: 0, ok: 0 };
    return (s.ok + 1) / (s.n + 2);
  };
}

/**
 * Which goal words are values (a name, a number, an item) rather than the family's template ("Buy", "for"):
 * template words appear in at least half of the goals seen (numbers count as one word), once a few were seen.
 */
export class GoalVocabulary {
  private goals = 0;
  private readonly counts = new Map<string, number>();

  add(words: readonly string[]): void {
    this.goals++;
    for (const w of new Set(words.map(norm))) this.counts.set(w, (this.counts.get(w) ?? 0) + 1);
  }

  /** A normalised word that belongs to the template (true for everything until 8 goals were seen). */
  isTemplate = (normed: string): boolean => this.goals < 8 || (this.counts.get(normed) ?? 0) >= this.goals / 2;

  /**
   * The goal's values, the texts worth typing: each number, and each run of up to four adjacent value words as one
   * phrase ('Janie Predovic', 'Luxurious Cotton Towels'), so that the text is one goal slot a skill can carry to
   * other goals (all words, one by one, until 8 goals were seen).
   */
  values(words: readonly string[]): readonly string[] {
    const out: string[] = [];
    let run: string[] = [];
    const flush = () => {
      out.push(...(run.length <= MAX_PHRASE ? [run.join(' ')] : run));
      run = [];
    };
    for (const w of words) {
      const normed = norm(w);
      if (normed === '#') {
        if (run.length > 0) flush();
        out.push(w);
      } else if (!this.isTemplate(normed)) run.push(w);
      else if (run.length > 0) flush();
    }
    if (run.length > 0) flush();
    return out.length > 0 ? [...new Set(out)] : words;
  }
}
