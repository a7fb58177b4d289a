// src/rl/export.ts by hand: the metrics CSV and JSON (columns in the metric table's order, the 1-based update,
// missing and NaN values), a trajectory's chat messages, every message of trlFormatError, and toJsonl's lines.
import { describe, expect, it } from 'vitest';
import { metricsCsv, metricsJson, toJsonl, trajectoryLine, trlFormatError, type MetricsRow } from '../../src/rl/export';
import { EVAL_METRIC_NAMES, METRIC_NAMES } from '../../src/rl/metrics';
import type { EpisodeView } from '../../src/rl/trainer';

const COLUMNS = [...METRIC_NAMES, ...EVAL_METRIC_NAMES];
const [FIRST, SECOND] = METRIC_NAMES;
const LAST_EVAL = EVAL_METRIC_NAMES[EVAL_METRIC_NAMES.length - 1];

describe('metricsCsv', () => {
  it('a header of every metric then the evaluation ones, and one line per update numbered from 1', () => {
    const csv = metricsCsv([{ update: 0, values: { [FIRST]: 0.5, [SECOND]: -2, [LAST_EVAL]: 0.25, 'not/a-metric': 9 } }]);
    const [header, line, end] = csv.split('\n');
    expect(header).toBe(['update', ...COLUMNS].join(','));
    const cells = line.split(',');
    expect(cells).toHaveLength(COLUMNS.length + 1);
    expect(cells.slice(0, 3)).toEqual(['1', '0.5', '-2']);
    expect(cells.at(-1)).toBe('0.25');
    expect(cells.slice(3, -1).every((c) => c === '')).toBe(true); // absent: empty
    expect(end).toBe('');
    expect(csv.endsWith('0.25\n')).toBe(true);
  });

  it('NaN is an empty cell and 0 is written; no rows is the header alone', () => {
    const [, line] = metricsCsv([{ update: 4, values: { [FIRST]: Number.NaN, [SECOND]: 0 } }]).split('\n');
    expect(line.split(',').slice(0, 3)).toEqual(['5', '', '0']);
    expect(metricsCsv([])).toBe(`${['update', ...COLUMNS].join(',')}\n`);
  });
});

describe('metricsJson', () => {
  it("one object per update: the 1-based update, then the metrics it has in the table's order, unknown names left out", () => {
    const rows: MetricsRow[] = [{ update: 2, values: { [LAST_EVAL]: 1, 'not/a-metric': 9, [SECOND]: 3, [FIRST]: 2 } }, { update: 3, values: {} }];
    const text = metricsJson(rows);
    expect(JSON.parse(text)).toEqual([{ update: 3, [FIRST]: 2, [SECOND]: 3, [LAST_EVAL]: 1 }, { update: 4 }]);
    expect(Object.keys(JSON.parse(text)[0])).toEqual(['update', FIRST, SECOND, LAST_EVAL]);
    expect(text).toBe(JSON.stringify(JSON.parse(text), null, 1)); // one-space indent, as `npm run train -- --json`
  });
});

function episode(texts: string[]): EpisodeView {
  const turns = texts.map((text) => ({ text, tokens: [], logp: [], ratio: null }));
  return { task: 2, member: 5, seed: 1234, level: 0, goal: 'Log in as bob', reward: 0.75, advantage: -0.5, success: true, truncated: false, masked: false, turns };
}

describe('trajectoryLine', () => {
  it('the goal as system, the first page as user, then each action with the page it led to between actions', () => {
    const line = trajectoryLine(6, episode(['fill(2, "bob")', 'click(3)']), ['page 0', 'page 1', 'page 2']);
    expect(line).toEqual({
      prompt: [{ role: 'system', content: 'Log in as bob' }, { role: 'user', content: 'page 0' }],
      completion: [{ role: 'assistant', content: 'fill(2, "bob")' }, { role: 'user', content: 'page 1' }, { role: 'assistant', content: 'click(3)' }],
      reward: 0.75, advantage: -0.5, success: true, update: 7, task: 2, member: 5, seed: 1234,
    });
    expect(trlFormatError(line)).toBeNull();
  });

  it('a page not given is an empty user message', () => {
    const line = trajectoryLine(0, episode(['a', 'b']), []);
    expect(line.prompt[1]).toEqual({ role: 'user', content: '' });
    expect(line.completion[1]).toEqual({ role: 'user', content: '' });
  });
});

describe('trlFormatError, every message', () => {
  const good = { prompt: [{ role: 'user', content: 'o' }], completion: [{ role: 'assistant', content: 'a' }], reward: 0, extra: 'kept' };
  const cases: [unknown, string][] = [
    [{ ...good, prompt: 'o' }, 'prompt: prompt must be a list of messages'],
    [{ ...good, prompt: [] }, 'prompt: prompt must not be empty'],
    [{ ...good, completion: {} }, 'completion: completion must be a list of messages'],
    [{ ...good, completion: [] }, 'completion: completion must not be empty'],
    [{ ...good, prompt: [{ role: 'user', content: 3 }] }, 'prompt.0.content: content must be text'],
    [{ ...good, completion: [{ role: 'bot', content: 'a' }] }, 'completion.0.role: role must be system, user or assistant'],
    [{ ...good, reward: Number.POSITIVE_INFINITY }, 'reward: reward must be finite'],
    [{ ...good, reward: Number.NaN }, 'reward: reward must be a number'],
    [{ ...good, prompt: [{ role: 'user', content: 'o' }, { role: 'system', content: 'g' }] }, 'the prompt must end with a user message'],
    [{ ...good, completion: [{ role: 'assistant', content: 'a' }, { role: 'assistant', content: 'b' }] }, 'the completion must alternate assistant and user, starting with the assistant'],
    [{ ...good, completion: [{ role: 'assistant', content: 'a' }, { role: 'user', content: 'o' }] }, 'the completion must end with an assistant message'],
  ];
  it.each(cases)('%j: %s', (line, message) => expect(trlFormatError(line)).toBe(message));

  it('extra fields on the line are kept, on a message they are not', () => {
    expect(trlFormatError(good)).toBeNull();
    expect(trlFormatError({ ...good, prompt: [{ role: 'user', content: 'o', name: 'x' }] })).toMatch(/^prompt\.0\.name: /);
  });

  it('not an object at all: the message alone, with no field', () => {
    expect(trlFormatError(7)).not.toMatch(/^\w+: /);
    expect(trlFormatError(null)).toEqual(expect.any(String));
  });
});

describe('toJsonl', () => {
  it('one JSON line each, newline-terminated; nothing for no lines', () => {
    expect(toJsonl([{ a: 1 }, [2]])).toBe('{"a":1}\n[2]\n');
    expect(toJsonl([])).toBe('');
  });
});
