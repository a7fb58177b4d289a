// The action language's parser: `verb(arg, "text", ...)` tokenised by hand, never evaluated, never throws.
// Arguments are integers, bare words (directions, names) or double-quoted strings with \" \\ \n escapes.

import type { ActionSignature, ArgKind } from './api';

export type ActionArg = { kind: 'int'; value: number } | { kind: 'word'; value: string } | { kind: 'text'; value: string };

export interface ParsedAction {
  verb: string;
  args: ActionArg[];
}

export type ParseResult = { ok: true; action: ParsedAction } | { ok: false; error: string };

const MAX_ACTION_CHARS = 400;

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function skipSpaces(source: string, i: number): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end charCodeAt gives NaN, which is no space
  while (i < source.length && isSpace(source.charCodeAt(i))) i++;
  return i;
}

function failure(source: string, why: string): ParseResult {
  return { ok: false, error: `could not parse action '${clip(source)}': ${why}` };
}

function isInteger(word: string): boolean {
  // Stryker disable next-line EqualityOperator: past the end charCodeAt gives NaN, which fails neither digit test
  for (let k = word.charCodeAt(0) === 45 ? 1 : 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if (c < 48 || c > 57) return false;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the parser only asks about non-empty words
  return word !== '-' && word.length > 0;
}

/** Parses one action string into a verb and raw arguments; syntax only, no signature check. */
export function parseSyntax(source: string): ParseResult {
  if (typeof source !== 'string') return { ok: false, error: 'could not parse action: not a string' };
  if (source.length > MAX_ACTION_CHARS) return failure(source, `longer than ${MAX_ACTION_CHARS} characters`);
  const n = source.length;
  let i = skipSpaces(source, 0);
  const verbStart = i;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end charCodeAt gives NaN, no word character
  while (i < n && isWordChar(source.charCodeAt(i))) i++;
  const verb = source.slice(verbStart, i);
  if (verb === '') return failure(source, 'expected a verb such as click(1)');
  i = skipSpaces(source, i);
  if (source[i] !== '(') return failure(source, `expected '(' after '${verb}'`);
  i++;
  const args: ActionArg[] = [];
  i = skipSpaces(source, i);
  if (source[i] === ')') {
    i++;
  } else {
    for (;;) {
      i = skipSpaces(source, i);
      const c = source[i];
      if (c === undefined) return failure(source, "missing ')'");
      if (c === '"' || c === "'") {
        const quote = c;
        i++;
        let text = '';
        for (;;) {
          // Stryker disable next-line EqualityOperator: at i = n the next pass (i = n + 1) gives the same error
          if (i >= n) return failure(source, 'unterminated string');
          const ch = source[i++];
          if (ch === quote) break;
          if (ch === '\\') {
            // Stryker disable next-line ConditionalExpression,EqualityOperator: the loop's own end check gives the same error next pass
            if (i >= n) return failure(source, 'unterminated string');
            const esc = source[i++];
            text += esc === 'n' ? '\n' : esc === 't' ? '\t' : esc;
          } else text += ch;
        }
        args.push({ kind: 'text', value: text });
      } else {
        const start = i;
        // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end charCodeAt gives NaN, no word character
        while (i < n && isWordChar(source.charCodeAt(i))) i++;
        const word = source.slice(start, i);
        if (word === '') return failure(source, `unexpected character '${c}'`);
        if (isInteger(word)) args.push({ kind: 'int', value: Number(word) });
        else args.push({ kind: 'word', value: word });
      }
      i = skipSpaces(source, i);
      if (source[i] === ',') {
        i++;
        continue;
      }
      if (source[i] === ')') {
        i++;
        break;
      }
      return failure(source, source[i] === undefined ? "missing ')'" : `expected ',' or ')' but found '${source[i]}'`);
    }
  }
  i = skipSpaces(source, i);
  if (i < n) return failure(source, 'unexpected text after the closing parenthesis');
  return { ok: true, action: { verb, args } };
}

export type TypedArg = number | string;

export type CheckedAction = { ok: true; verb: string; args: TypedArg[] } | { ok: false; error: string };

function argOk(kind: ArgKind, arg: ActionArg): TypedArg | undefined {
  switch (kind) {
    case 'id':
    case 'int':
      // Stryker disable next-line ConditionalExpression: only int arguments hold numbers, so isSafeInteger alone decides
      return arg.kind === 'int' && Number.isSafeInteger(arg.value) ? arg.value : undefined;
    case 'text':
      return arg.kind === 'text' ? arg.value : undefined;
    case 'dir':
      return arg.kind === 'word' || arg.kind === 'text' ? arg.value : undefined;
  }
}

/** What an argument of a kind must be, in an error message (a function, not a table built at load, so that
 * mutation testing reaches its words). */
function kindDescription(kind: ArgKind): string {
  switch (kind) {
    case 'id':
      return 'an element id';
    case 'int':
      return 'an integer';
    case 'text':
      return 'a quoted string';
    case 'dir':
      return 'a direction';
  }
}

/** Parses an action and checks it against a verb table: the typed arguments, or what was wrong. */
export function parseAction(source: string, signatures: readonly ActionSignature[]): CheckedAction {
  const parsed = parseSyntax(source);
  if (!parsed.ok) return parsed;
  const { verb, args } = parsed.action;
  const sig = signatures.find((s) => s.verb === verb);
  if (!sig) {
    const expected = signatures.map((s) => s.verb).join(', ');
    return { ok: false, error: `could not parse action '${clip(source)}': unknown verb '${clip(verb)}' (expected ${expected})` };
  }
  if (args.length !== sig.args.length) {
    return { ok: false, error: `${verb}() takes ${sig.args.length} argument${sig.args.length === 1 ? '' : 's'} (${formatSignature(sig)}), got ${args.length}` };
  }
  const typed: TypedArg[] = [];
  for (let k = 0; k < args.length; k++) {
    const v = argOk(sig.args[k], args[k]);
    if (v === undefined) return { ok: false, error: `${verb}(): argument ${k + 1} must be ${kindDescription(sig.args[k])} (${formatSignature(sig)})` };
    typed.push(v);
  }
  return { ok: true, verb, args: typed };
}

/** `fill(id, "text")`: a signature written the way actions are. */
export function formatSignature(sig: ActionSignature): string {
  const names: Record<ArgKind, string> = { id: 'id', int: 'n', text: '"text"', dir: 'dir' };
  return `${sig.verb}(${sig.args.map((a) => names[a]).join(', ')})`;
}

/** Quotes text as an action argument, escaping quotes and backslashes. */
export function quote(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}
