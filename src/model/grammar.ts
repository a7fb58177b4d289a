// Grammar-constrained decoding: from the env's action signatures, the ids in the current observation and the words
// of the goal and observation (content words as the context's placeholders), the tokens that keep a partial action
// well formed (verb, parens, args, END). With fitArgs, arguments must also fit: a verb's ids only among the elements it
// acts on (ActionSignature.acts), and typed text a run of consecutive words of the goal or of one page line.
import type { ActionSignature, ArgKind, UiElement } from '../envs/api';
import type { GenerateOptions } from './policy-api';
import { ContentWords, END, SMALL_NUMBERS, UNK, splitWords, type Tokenizer } from './tokenizer';

/** One step of an action's token grammar: one of several token sequences, or a quoted text. */
type Atom = { seqs: number[][] } | { text: true };

/** What may come next inside a quoted text, given its tokens so far, g[from..to) (read in place: on the hot path). */
type TextNext = (g: readonly number[], from: number, to: number) => ReadonlySet<number>;

export interface GrammarOptions {
  /** Ids only of elements the verb acts on (ActionSignature.acts), and, unless freeText, copied text only. */
  fitArgs?: boolean;
  /** The env types text that is not on its page (EnvSpec.freeText): any goal or page word, in any order. */
  freeText?: boolean;
}

const DIRECTIONS = ['up', 'down', 'left', 'right'];

export interface GrammarRow {
  goal: string;
  obs: string;
  /** The context's content words (Context.words): text and ids may use their placeholders. */
  words: readonly string[];
  /** The observation's elements, for verbs with a target role (ActionSignature.target); without them every verb is offered. */
  elements?: readonly Pick<UiElement, 'id' | 'role' | 'state'>[];
}

export class ActionGrammar {
  private readonly lit: Record<'(' | ')' | ',' | '"', number>;

  constructor(
    private readonly tok: Tokenizer,
    private readonly signatures: readonly ActionSignature[],
    private readonly options: GrammarOptions = {},
  ) {
    const need = (w: string) => {
      const id = tok.id(w);
      if (id === undefined) throw new Error(`grammar: the tokenizer has no '${w}' token; build it from the action language too`);
      return id;
    };
    this.lit = { '(': need('('), ')': need(')'), ',': need(','), '"': need('"') };
    for (const s of signatures) if (tok.encode(s.verb).includes(UNK)) throw new Error(`grammar: verb '${s.verb}' is not in the vocabulary`);
  }

  /** The allowed-next-token function for one row: ids from `[n]` marks of the observation, text from goal and observation. */
  forRow(row: GrammarRow): (generated: readonly number[]) => number[] {
    const known = ContentWords.of(row.words);
    const encode = (text: string) => this.tok.encode(text, known);
    const readable = (seqs: number[][]) => seqs.filter((s) => !s.includes(UNK)); // a number the context lost
    const ids = [...row.obs.matchAll(/\[(\d+)\]/g)].map((m) => encode(m[1]));
    const words = encode(`${row.goal} ${row.obs}`);
    // encode gives vocabulary words (no special but UNK: no piece reads '<pad>'), placeholders and UNK
    const q = this.lit['"'];
    const text = new Set(words.filter((t) => t !== UNK && t !== q));
    const copied = this.options.fitArgs && !this.options.freeText;
    const next: TextNext = copied ? runsOf([row.goal, ...row.obs.split('\n')].map(encode), q) : () => text;
    const ints = [...Array(SMALL_NUMBERS).keys()].map((i) => encode(String(i)));
    for (const w of splitWords(`${row.goal} ${row.obs}`)) if (/^\d+$/.test(w)) ints.push(encode(w));
    const dirs = DIRECTIONS.filter((d) => this.tok.id(d) !== undefined).map((d) => [this.tok.id(d) as number]);
    const enabled = (roles: Roles) => (row.elements ?? []).filter((e) => roles.includes(e.role) && !e.state?.disabled);
    const targets = (roles: Roles) => enabled(roles).map((e) => encode(String(e.id)));
    const arg = (k: ArgKind, roles: Roles | undefined): Atom => {
      if (k === 'text') return { text: true };
      if (roles !== undefined && row.elements && (k === 'id' || k === 'int')) return { seqs: readable(targets(roles)) };
      return { seqs: k === 'id' ? readable(ids) : k === 'int' ? readable(ints) : dirs };
    };
    const L = (w: keyof ActionGrammar['lit']): Atom => ({ seqs: [[this.lit[w]]] });
    const rolesOf = (s: ActionSignature): Roles | undefined => (s.target !== undefined ? [s.target] : this.options.fitArgs ? s.acts : undefined);
    const shown = (roles: Roles | undefined) => roles === undefined || !row.elements || enabled(roles).length > 0;
    const forms = this.signatures.filter((s) => shown(rolesOf(s))).map((s) => [
      { seqs: [this.tok.encode(s.verb)] },
      L('('),
      ...s.args.flatMap((k, i) => (i ? [L(','), arg(k, rolesOf(s))] : [arg(k, rolesOf(s))])),
      L(')'),
      { seqs: [[END]] },
    ]);
    return (g) => {
      const out = new Set<number>();
      for (const atoms of forms) this.walk(atoms, 0, g, 0, next, out);
      return out.size ? [...out] : [END];
    };
  }

  /** Add to `out` the tokens that may follow g[0..] when atoms[ai..] must match from g[i]. */
  private walk(atoms: readonly Atom[], ai: number, g: readonly number[], i: number, next: TextNext, out: Set<number>): void {
    if (ai === atoms.length) return;
    const atom = atoms[ai];
    if ('seqs' in atom) {
      for (const s of atom.seqs) {
        let k = 0;
        while (k < s.length && g[i + k] === s[k]) k++; // past g's end g[i + k] is undefined: no token
        if (k === s.length) this.walk(atoms, ai + 1, g, i + k, next, out);
        else if (i + k === g.length) out.add(s[k]);
      }
      return;
    }
    const q = this.lit['"'];
    if (i === g.length) return void out.add(q);
    if (g[i] !== q) return;
    for (let j = i + 1; ; j++) {
      if (j === g.length) {
        next(g, i + 1, j).forEach((t) => out.add(t));
        if (j > i + 1) out.add(q);
        return;
      }
      if (g[j] === q && j > i + 1) return this.walk(atoms, ai + 1, g, j + 1, next, out);
      if (!next(g, i + 1, j).has(g[j])) return;
    }
  }
}

type Roles = readonly string[];

/** Copied text: after the text typed so far, each token that follows it somewhere in one of the sources (each a token
 * sequence); the empty text may start anywhere. Placeholders of lost words (UNK) and quotes are never typed. */
function runsOf(sources: readonly (readonly number[])[], quote: number): TextNext {
  return (g, from, to) => {
    const n = to - from;
    const out = new Set<number>();
    for (const s of sources) {
      for (let p = 0; p + n < s.length; p++) {
        let k = 0;
        while (k < n && s[p + k] === g[from + k]) k++;
        const t = s[p + k];
        if (k === n && t !== UNK && t !== quote) out.add(t);
      }
    }
    return out;
  };
}

/** GenerateOptions.allowed for a batch of rows, or undefined when constrained decoding is switched off. */
export function grammarAllowed(grammar: ActionGrammar, rows: readonly GrammarRow[], enabled = true): GenerateOptions['allowed'] {
  if (!enabled) return undefined;
  const fns = rows.map((r) => grammar.forRow(r));
  return (row, generated) => fns[row](generated);
}
