// BrowserGym's action syntax: one Python-style call such as `fill('12', "bob")` or `click('7', button="left")`,
// parsed as data (never evaluated), never throws; and Python's repr() of strings, as BrowserGym prints them in
// its accessibility tree (`[7] button 'Submit'`). The grammar follows BrowserGym's highlevel action parser:
// string, number, list, True/False/None literals, positional then keyword arguments, `#` comments.

export type PyValue = string | number | boolean | null | PyValue[];

export interface PyCall {
  name: string;
  args: PyValue[];
  kwargs: Record<string, PyValue>;
}

export type PyCallResult = { ok: true; call: PyCall } | { ok: false; error: string };

/** Longest action text accepted, in characters. */
export const MAX_CALL_CHARS = 2000;

class ParseError extends Error {}

/** A cursor over the source with the few token readers the grammar needs. */
class Reader {
  i = 0;
  constructor(readonly s: string) {}

  /** Skips spaces, tabs, newlines and `#` comments to the end of their line. */
  skip(): void {
    for (;;) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end, /\s/ tests 'undefined', which is no space
      while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
      if (this.s[this.i] !== '#') return;
      // Stryker disable next-line EqualityOperator: one past the end reads undefined, as the end does, and nothing reads i then but as 'at the end'
      while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
    }
  }

  peek(): string | undefined {
    this.skip();
    return this.s[this.i];
  }

  expect(c: string): void {
    if (this.peek() !== c) throw new ParseError(this.i >= this.s.length ? `missing '${c}' at the end` : `expected '${c}' but found '${this.s[this.i]}'`);
    this.i++;
  }

  identifier(): string | null {
    this.skip();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(this.i, this.i + 100));
    if (!m) return null;
    this.i += m[0].length;
    return m[0];
  }

  value(depth = 0): PyValue {
    const c = this.peek();
    if (c === undefined) throw new ParseError('a value is missing at the end');
    if (c === "'" || c === '"') return this.string();
    if (c === '[') return this.list(depth);
    const number = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(this.s.slice(this.i, this.i + 64));
    if (number) {
      this.i += number[0].length;
      return Number(number[0]);
    }
    const word = this.identifier();
    if (word === 'True') return true;
    if (word === 'False') return false;
    if (word === 'None') return null;
    throw new ParseError(word ? `'${word}' is not a value (quote text: '${word}')` : `unexpected character '${c}'`);
  }

  private list(depth: number): PyValue[] {
    if (depth >= 4) throw new ParseError('lists nest too deep');
    this.expect('[');
    const items: PyValue[] = [];
    while (this.peek() !== ']') {
      items.push(this.value(depth + 1));
      if (this.peek() !== ',') break;
      this.i++;
    }
    this.expect(']');
    return items;
  }

  /** A single-, double- or triple-quoted string with Python's common escapes. */
  private string(): string {
    const q = this.s[this.i];
    const triple = this.s.startsWith(q.repeat(3), this.i);
    const close = triple ? q.repeat(3) : q;
    this.i += close.length;
    let out = '';
    for (;;) {
      // Stryker disable next-line EqualityOperator: at the end, one more pass appends undefined and the next throws this same error
      if (this.i >= this.s.length) throw new ParseError('a string is not closed');
      if (this.s.startsWith(close, this.i)) {
        this.i += close.length;
        return out;
      }
      const ch = this.s[this.i++];
      if (ch === '\n' && !triple) throw new ParseError('a string runs past the end of its line');
      if (ch !== '\\') {
        out += ch;
        continue;
      }
      out += this.escape();
    }
  }

  private escape(): string {
    const e = this.s[this.i++];
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', "'": "'", '"': '"', '\n': '' };
    // Stryker disable next-line ConditionalExpression: Object.hasOwn(simple, undefined) is false too; the test is for the type
    if (e !== undefined && Object.hasOwn(simple, e)) return simple[e];
    const digits = e === 'x' ? 2 : e === 'u' ? 4 : 0;
    if (digits > 0) {
      const hex = this.s.slice(this.i, this.i + digits);
      if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) throw new ParseError(`'\\${e}' needs ${digits} hex digits`);
      this.i += digits;
      return String.fromCharCode(parseInt(hex, 16));
    }
    // Stryker disable next-line StringLiteral: e is undefined only after a backslash at the very end, where the string is not closed whatever this appends
    return `\\${e ?? ''}`; // Python keeps an unknown escape as written
  }
}

/** Parses exactly one call; its errors say what was wrong and where. */
export function parsePyCall(source: unknown): PyCallResult {
  if (typeof source !== 'string') return { ok: false, error: 'the action is not text' };
  if (source.length > MAX_CALL_CHARS) return { ok: false, error: `the action is longer than ${MAX_CALL_CHARS} characters` };
  const r = new Reader(source);
  try {
    const name = r.identifier();
    if (!name) throw new ParseError("expected a function call such as click('12')");
    r.expect('(');
    const args: PyValue[] = [];
    const kwargs: Record<string, PyValue> = {};
    while (r.peek() !== ')') {
      const at = r.i;
      const key = r.identifier();
      if (key !== null && r.peek() === '=') {
        r.i++;
        if (Object.hasOwn(kwargs, key)) throw new ParseError(`keyword '${key}' is given twice`);
        kwargs[key] = r.value();
      } else {
        r.i = at;
        if (Object.keys(kwargs).length > 0) throw new ParseError('a positional argument follows a keyword argument');
        args.push(r.value());
      }
      if (r.peek() !== ',') break;
      r.i++;
    }
    r.expect(')');
    if (r.peek() !== undefined) {
      throw new ParseError(/^[A-Za-z_]/.test(source.slice(r.i)) ? 'one action per step: found a second call' : 'unexpected text after the call');
    }
    return { ok: true, call: { name, args, kwargs } };
  } catch (e) {
    // Stryker disable next-line ConditionalExpression: only ParseError is thrown inside the try; this keeps a future bug from passing as a parse error
    if (!(e instanceof ParseError)) throw e;
    return { ok: false, error: `could not parse action '${clip(source)}': ${e.message}` };
  }
}

const NEEDS_ESCAPE = /['\\\x00-\x1f\x7f]/;

/** Python's repr() of a string: single quotes unless the text holds ' and no ", escapes for the rest. */
export function pyRepr(text: string): string {
  // Stryker disable next-line ConditionalExpression: a shortcut; the loop below writes such text the same way
  if (!NEEDS_ESCAPE.test(text)) return `'${text}'`; // most names and values: nothing to escape
  const q = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = q;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === q || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + q;
}

/** A call written back as text, the way an agent would write it: `fill('4', 'bob')`. */
export function formatPyCall(name: string, args: readonly (string | number)[]): string {
  return `${name}(${args.map((a) => (typeof a === 'number' ? String(a) : pyRepr(a))).join(', ')})`;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}
