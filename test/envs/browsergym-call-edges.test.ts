// src/envs/browsergym-call.ts by hand: parsePyCall on each part of the grammar (spaces and comments, names, numbers,
// literals, lists and their depth, strings and escapes, keywords) and on each error with its exact message, the
// length limits; pyRepr's quotes and escapes; formatPyCall.
import { describe, expect, it } from 'vitest';
import { formatPyCall, MAX_CALL_CHARS, parsePyCall, pyRepr, type PyValue } from '../../src/envs/browsergym-call';

/** The arguments of a call that must parse. */
function args(source: string): PyValue[] {
  const r = parsePyCall(source);
  if (!r.ok) throw new Error(r.error);
  return r.call.args;
}

/** The error of a call that must not parse, without the 'could not parse action ...: ' prefix. */
function error(source: string): string {
  const r = parsePyCall(source);
  if (r.ok) throw new Error(`${source} parsed`);
  return r.error.replace(/^could not parse action '[^]*?': /, '');
}

describe('parsePyCall: the grammar', () => {
  it('names, spaces, tabs, newlines and comments anywhere between tokens', () => {
    expect(parsePyCall('_go2()')).toEqual({ ok: true, call: { name: '_go2', args: [], kwargs: {} } });
    expect(args(' f ( 1 ,\t2 # two\n , 3 ) ')).toEqual([1, 2, 3]);
    expect(args('f(1) # the end, with no newline')).toEqual([1]);
    expect(args('# one\n# two\nf(1)')).toEqual([1]);
    expect(args('f(1,)')).toEqual([1]);
  });

  it('numbers: signs, decimals with or without digits on a side, exponents', () => {
    expect(args('f(-1.5e2, +3, .5, 7., 1E3, 2e-1, 0)')).toEqual([-150, 3, 0.5, 7, 1000, 0.2, 0]);
    expect(args('f(12345, 12.5, .55, 1e10, 2.5E+12)')).toEqual([12345, 12.5, 0.55, 1e10, 2.5e12]);
  });

  it('True, False and None, and an identifier that is a value as a positional argument', () => {
    expect(args('f(True, False, None)')).toEqual([true, false, null]);
  });

  it('lists: empty, nested four deep, a trailing comma; five deep is refused', () => {
    expect(args('f([], [1, [2]], [3,])')).toEqual([[], [1, [2]], [3]]);
    expect(args('f([[[[1]]]])')).toEqual([[[[[1]]]]]);
    expect(error('f([[[[[1]]]]])')).toBe('lists nest too deep');
    expect(error('f([1 2])')).toBe("expected ']' but found '2'");
  });

  it('strings: either quote, the other quote inside, triple quotes over lines', () => {
    expect(args(`f('a"b', "c'd", '''e\nf''', """g'h""", '')`)).toEqual(['a"b', "c'd", 'e\nf', "g'h", '']);
  });

  it("escapes: \\n \\t \\r \\0 \\\\ \\' \\\" and a backslash-newline; \\x and \\u by their hex digits; an unknown one kept", () => {
    expect(args(String.raw`f('\n\t\r\0\\\'\"')`)).toEqual(['\n\t\r\0\\\'"']);
    expect(args("f('a\\\nb')")).toEqual(['ab']);
    expect(args(String.raw`f('\x41\x7a\u00e9\u20AC')`)).toEqual(['Azé€']);
    expect(args(String.raw`f('\q\d')`)).toEqual(['\\q\\d']);
  });

  it('keywords after the positional arguments, any name including an object method', () => {
    expect(parsePyCall("click('7', button='left', constructor=1)")).toEqual({ ok: true, call: { name: 'click', args: ['7'], kwargs: { button: 'left', constructor: 1 } } });
    expect(parsePyCall('f(a = 1)')).toMatchObject({ ok: true, call: { kwargs: { a: 1 } } });
  });
});

describe('parsePyCall: errors, each with its message', () => {
  it('what is not a call', () => {
    expect(parsePyCall(42)).toEqual({ ok: false, error: 'the action is not text' });
    expect(error('')).toBe("expected a function call such as click('12')");
    expect(error('1f()')).toBe("expected a function call such as click('12')");
    expect(error('f')).toBe("missing '(' at the end");
    expect(error('f[1]')).toBe("expected '(' but found '['");
  });

  it('a name longer than 100 characters is cut there', () => {
    expect(args(`${'a'.repeat(100)}(1)`)).toEqual([1]);
    expect(error(`${'a'.repeat(101)}(1)`)).toBe("expected '(' but found 'a'");
  });

  it('missing values, parentheses and brackets', () => {
    expect(error('f(1')).toBe("missing ')' at the end");
    expect(error('f(1 2)')).toBe("expected ')' but found '2'");
    expect(error('f(a=')).toBe('a value is missing at the end');
    expect(error('f([1')).toBe("missing ']' at the end");
  });

  it('what is not a value', () => {
    expect(error('f(bob)')).toBe("'bob' is not a value (quote text: 'bob')");
    expect(error('f(@)')).toBe("unexpected character '@'");
    expect(error('f(-)')).toBe("unexpected character '-'");
    expect(error('f(bob1)')).toBe("'bob1' is not a value (quote text: 'bob1')"); // a number is read only where the value starts
  });

  it('a number reads at most 64 characters', () => {
    expect(args(`f(${'1'.repeat(64)})`)).toEqual([Number('1'.repeat(64))]);
    expect(error(`f(${'1'.repeat(65)})`)).toBe("expected ')' but found '1'");
  });

  it('strings not closed, single-quoted across a line, bad hex escapes', () => {
    expect(error("f('abc")).toBe('a string is not closed');
    expect(error("f('ab\\")).toBe('a string is not closed');
    expect(error("f('''ab'')")).toBe('a string is not closed');
    expect(error("f('a\nb')")).toBe('a string runs past the end of its line');
    expect(error(String.raw`f('\x4g')`)).toBe("'\\x' needs 2 hex digits");
    expect(error(String.raw`f('\u12')`)).toBe("'\\u' needs 4 hex digits");
  });

  it('keywords given twice or before a positional argument', () => {
    expect(error('f(a=1, a=2)')).toBe("keyword 'a' is given twice");
    expect(error("f(a=1, 'b')")).toBe('a positional argument follows a keyword argument');
  });

  it('anything after the call: a second call, or other text', () => {
    expect(error('f() g()')).toBe('one action per step: found a second call');
    expect(error('f() _g')).toBe('one action per step: found a second call');
    expect(error('f() 1')).toBe('unexpected text after the call');
    expect(error('f() 1a')).toBe('unexpected text after the call'); // a second call starts with its name
  });

  it('quotes the action, cut to 60 characters', () => {
    const sixty = `f(${'1'.repeat(58)}`; // 60 characters, no closing parenthesis
    expect(parsePyCall(sixty)).toEqual({ ok: false, error: `could not parse action '${sixty}': missing ')' at the end` });
    expect(parsePyCall(`${sixty}2`)).toEqual({ ok: false, error: `could not parse action '${sixty}...': missing ')' at the end` });
  });

  it(`actions up to ${MAX_CALL_CHARS} characters`, () => {
    const at = (n: number) => `f('${'x'.repeat(n - 5)}')`;
    expect(at(MAX_CALL_CHARS)).toHaveLength(2000);
    expect(parsePyCall(at(2000)).ok).toBe(true);
    expect(parsePyCall(at(2001))).toEqual({ ok: false, error: 'the action is longer than 2000 characters' });
  });
});

describe('pyRepr', () => {
  it('single quotes, or double ones for text with a single quote and no double one', () => {
    expect(pyRepr('Submit')).toBe("'Submit'");
    expect(pyRepr('')).toBe("''");
    expect(pyRepr('say "hi"')).toBe(`'say "hi"'`);
    expect(pyRepr("it's")).toBe(`"it's"`);
    expect(pyRepr(`it's "x"`)).toBe(`'it\\'s "x"'`);
  });

  it('escapes backslashes, newlines, returns, tabs and the other control characters as \\x..; keeps the rest', () => {
    expect(pyRepr('a\\b')).toBe("'a\\\\b'");
    expect(pyRepr('\n\r\t')).toBe("'\\n\\r\\t'");
    expect(pyRepr('\x00\x1f\x7f')).toBe("'\\x00\\x1f\\x7f'");
    expect(pyRepr('é😀 \x20~\n')).toBe("'é😀  ~\\n'");
    expect(pyRepr("it's\n")).toBe(`"it's\\n"`);
  });
});

describe('formatPyCall', () => {
  it('numbers as they are, text as repr() does, comma-separated', () => {
    expect(formatPyCall('fill', ['4', "bob's"])).toBe(`fill('4', "bob's")`);
    expect(formatPyCall('scroll', [0, -200])).toBe('scroll(0, -200)');
    expect(formatPyCall('noop', [])).toBe('noop()');
  });
});
