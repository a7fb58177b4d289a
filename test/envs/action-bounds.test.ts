// The action parser character by character: which characters make a word and which are white space (every ASCII
// code against an independent regex), integers and their signs, every error message with where it is raised, the
// length limits, argument kinds against a verb table, and the text forms formatSignature and quote write.
import { describe, expect, it } from 'vitest';
import type { ActionSignature } from '../../src/envs/api';
import { formatSignature, parseAction, parseSyntax, quote } from '../../src/envs/action';

const WORD = /^[A-Za-z0-9_-]$/;
const SPACE = /^[ \t\n\r]$/;
const errorOf = (source: string) => {
  const r = parseSyntax(source);
  return r.ok ? '' : r.error;
};
const argsOf = (source: string) => {
  const r = parseSyntax(source);
  return r.ok ? r.action.args : r.error;
};

const SIGS: ActionSignature[] = [
  { verb: 'click', args: ['id'] },
  { verb: 'play', args: ['int'] },
  { verb: 'move', args: ['dir'] },
  { verb: 'fill', args: ['id', 'text'] },
  { verb: 'end', args: [] },
];
const checkError = (source: string) => {
  const r = parseAction(source, SIGS);
  return r.ok ? '' : r.error;
};

describe('parseSyntax characters', () => {
  it('reads letters, digits, _ and - as word characters, and nothing else of ASCII', () => {
    for (let code = 0; code < 128; code++) {
      const ch = String.fromCharCode(code);
      const r = parseSyntax(`v${ch}w()`);
      if (WORD.test(ch)) expect(r, `code ${code}`).toEqual({ ok: true, action: { verb: `v${ch}w`, args: [] } });
      else expect(r.ok, `code ${code}`).toBe(false);
    }
  });

  it('skips space, tab, newline and carriage return between tokens, and no other character', () => {
    for (let code = 0; code < 128; code++) {
      const ch = String.fromCharCode(code);
      if (WORD.test(ch)) continue;
      const r = parseSyntax(`${ch}go${ch}(${ch}a${ch},${ch}"t"${ch})${ch}`);
      if (SPACE.test(ch)) {
        expect(r, `code ${code}`).toEqual({ ok: true, action: { verb: 'go', args: [{ kind: 'word', value: 'a' }, { kind: 'text', value: 't' }] } });
      } else expect(r.ok, `code ${code}`).toBe(false);
    }
  });

  it('reads an optional minus and digits as an integer, anything else as a word', () => {
    expect(argsOf('f(0, 7, -5, 007, -0)')).toEqual([
      { kind: 'int', value: 0 },
      { kind: 'int', value: 7 },
      { kind: 'int', value: -5 },
      { kind: 'int', value: 7 },
      { kind: 'int', value: -0 },
    ]);
    for (const word of ['-', '--5', '5-', '-a', 'a1', '1a', '1_0', '_', 'up', '9-9', '0-']) {
      expect(argsOf(`f(${word})`), word).toEqual([{ kind: 'word', value: word }]);
    }
  });

  it('reads both quotes, the escapes \\n \\t \\\\ \\" and any other escaped character as itself', () => {
    expect(argsOf(`f("a'b", 'c"d', "", '')`)).toEqual([
      { kind: 'text', value: "a'b" },
      { kind: 'text', value: 'c"d' },
      { kind: 'text', value: '' },
      { kind: 'text', value: '' },
    ]);
    expect(argsOf('f("1\\n2\\t3\\\\4\\"5\\q6\\\'7")')).toEqual([{ kind: 'text', value: '1\n2\t3\\4"5q6\'7' }]);
    expect(argsOf("f('it\\'s')")).toEqual([{ kind: 'text', value: "it's" }]);
  });
});

describe('parseSyntax errors', () => {
  it('names each way an action can be malformed', () => {
    const bad = (source: string, why: string) => expect(errorOf(source), source).toBe(`could not parse action '${source}': ${why}`);
    bad('', 'expected a verb such as click(1)');
    bad('   ', 'expected a verb such as click(1)');
    bad('(1)', 'expected a verb such as click(1)');
    bad('click', "expected '(' after 'click'");
    bad('click 2', "expected '(' after 'click'");
    bad('click[2]', "expected '(' after 'click'");
    bad('click(', "missing ')'");
    bad('click(  ', "missing ')'");
    bad('click(2', "missing ')'");
    bad('click(2,', "missing ')'");
    bad('click(2 ', "missing ')'");
    bad('click(,)', "unexpected character ','");
    bad('click(2,)', "unexpected character ')'");
    bad('click(#)', "unexpected character '#'");
    bad('click(2 3)', "expected ',' or ')' but found '3'");
    bad('click(2;3)', "expected ',' or ')' but found ';'");
    bad('fill(1, "ab', 'unterminated string');
    bad('fill(1, "ab\\', 'unterminated string');
    bad("fill(1, 'ab\")", 'unterminated string');
    bad('click(2)x', 'unexpected text after the closing parenthesis');
    bad('click(2) )', 'unexpected text after the closing parenthesis');
    bad('click()()', 'unexpected text after the closing parenthesis');
  });

  it('accepts 400 characters, refuses 401, and quotes at most 40 characters of the action', () => {
    const at400 = `answer("${'a'.repeat(400 - 10)}")`;
    expect(at400).toHaveLength(400);
    expect(parseSyntax(at400).ok).toBe(true);
    const at401 = `answer("${'a'.repeat(401 - 10)}")`;
    expect(errorOf(at401)).toBe(`could not parse action '${at401.slice(0, 40)}...': longer than 400 characters`);
    const forty = `x${'y'.repeat(39)}`;
    expect(errorOf(forty)).toBe(`could not parse action '${forty}': expected '(' after '${forty}'`);
    expect(errorOf(`${forty}z`)).toBe(`could not parse action '${forty}...': expected '(' after '${forty}z'`);
  });

  it('refuses what is not a string without throwing', () => {
    for (const x of [undefined, null, 5, {}, ['click(1)']]) {
      expect(parseSyntax(x as unknown as string)).toEqual({ ok: false, error: 'could not parse action: not a string' });
      expect(parseAction(x as unknown as string, SIGS)).toEqual({ ok: false, error: 'could not parse action: not a string' });
    }
  });
});

describe('parseAction against a verb table', () => {
  it('types ids and integers (safe ones only), words or text as directions, text as text', () => {
    expect(parseAction('click(3)', SIGS)).toEqual({ ok: true, verb: 'click', args: [3] });
    expect(parseAction('play(-2)', SIGS)).toEqual({ ok: true, verb: 'play', args: [-2] });
    expect(parseAction('move(up)', SIGS)).toEqual({ ok: true, verb: 'move', args: ['up'] });
    expect(parseAction('move("left")', SIGS)).toEqual({ ok: true, verb: 'move', args: ['left'] });
    expect(parseAction('fill(1, "x")', SIGS)).toEqual({ ok: true, verb: 'fill', args: [1, 'x'] });
    expect(parseAction('end()', SIGS)).toEqual({ ok: true, verb: 'end', args: [] });
    expect(parseAction(`click(${2 ** 53 - 1})`, SIGS)).toEqual({ ok: true, verb: 'click', args: [2 ** 53 - 1] });
  });

  it('names the argument and the kind it must be', () => {
    expect(checkError('click(up)')).toBe('click(): argument 1 must be an element id (click(id))');
    expect(checkError(`click(${2 ** 53})`)).toBe('click(): argument 1 must be an element id (click(id))');
    expect(checkError('play("3")')).toBe('play(): argument 1 must be an integer (play(n))');
    expect(checkError('play(x)')).toBe('play(): argument 1 must be an integer (play(n))');
    expect(checkError('move(3)')).toBe('move(): argument 1 must be a direction (move(dir))');
    expect(checkError('fill(1, bob)')).toBe('fill(): argument 2 must be a quoted string (fill(id, "text"))');
    expect(checkError('fill("1", "bob")')).toBe('fill(): argument 1 must be an element id (fill(id, "text"))');
  });

  it('counts arguments, singular for one', () => {
    expect(checkError('click()')).toBe('click() takes 1 argument (click(id)), got 0');
    expect(checkError('click(1, 2)')).toBe('click() takes 1 argument (click(id)), got 2');
    expect(checkError('fill(1)')).toBe('fill() takes 2 arguments (fill(id, "text")), got 1');
    expect(checkError('end(1)')).toBe('end() takes 0 arguments (end()), got 1');
  });

  it('lists the known verbs for an unknown one, its name cut to 40 characters', () => {
    expect(checkError('jump()')).toBe("could not parse action 'jump()': unknown verb 'jump' (expected click, play, move, fill, end)");
    const long = 'v'.repeat(41);
    expect(checkError(`${long}()`)).toBe(`could not parse action '${'v'.repeat(40)}...': unknown verb '${'v'.repeat(40)}...' (expected click, play, move, fill, end)`);
    expect(checkError('click(1')).toBe("could not parse action 'click(1': missing ')'");
  });
});

describe('text forms', () => {
  it('writes signatures the way actions are written', () => {
    expect(SIGS.map(formatSignature)).toEqual(['click(id)', 'play(n)', 'move(dir)', 'fill(id, "text")', 'end()']);
  });

  it('quotes text escaping backslashes, double quotes and newlines, every occurrence', () => {
    expect(quote('')).toBe('""');
    expect(quote('a\\b\\c')).toBe('"a\\\\b\\\\c"');
    expect(quote('say "hi" "there"')).toBe('"say \\"hi\\" \\"there\\""');
    expect(quote('one\ntwo\nthree')).toBe('"one\\ntwo\\nthree"');
    expect(quote("it's\ttab")).toBe('"it\'s\ttab"');
  });
});
