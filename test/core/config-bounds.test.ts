// Config validation at its edges: what each kind of field allows in words, the text forms a link or a flag may use,
// the cross-field bounds exactly at their limits, and the previews and messages that name a bad value.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  checkField,
  currentValue,
  describeAllowed,
  fieldSchema,
  formatErrors,
  formatFieldText,
  parseFieldInput,
  parseFieldText,
  previewValue,
  validateConfig,
} from '../../src/core/config';
import { DEFAULT_CONFIG, MAX_EPISODES_PER_UPDATE, propOf, type Prop } from '../../src/core/config-table';

const prop = (key: string): Prop => propOf(key)!;
const errorsOf = (input: Record<string, unknown>) => {
  const r = validateConfig(input);
  return r.ok ? [] : r.errors;
};

describe('describeAllowed and checkField', () => {
  it('says what each kind of field allows', () => {
    expect(describeAllowed(prop('group'))).toBe('an integer from 2 to 64');
    expect(describeAllowed(prop('clipLow'))).toBe('a number from 0 to 1');
    expect(describeAllowed(prop('grammar'))).toBe('true or false');
    expect(describeAllowed(prop('model'))).toBe('one of: tiny, small, base');
    expect(describeAllowed(prop('hide'))).toBe(
      'a comma-separated list of: presets, config, controls, charts, watch, inspector, runs, share, onnx, tabs, header (or empty)',
    );
  });

  it('checks each kind at its bounds and names an unknown setting', () => {
    expect(checkField('group', 2)).toBeNull();
    expect(checkField('group', 64)).toBeNull();
    expect(checkField('group', 1)).toBe('must be an integer from 2 to 64');
    expect(checkField('group', 65)).toBe('must be an integer from 2 to 64');
    expect(checkField('group', 8.5)).toBe('must be an integer from 2 to 64');
    expect(checkField('group', '8')).toBe('must be an integer from 2 to 64');
    expect(checkField('clipLow', 0)).toBeNull();
    expect(checkField('clipLow', 1)).toBeNull();
    expect(checkField('clipLow', 0.25)).toBeNull();
    expect(checkField('clipLow', -0.01)).toBe('must be a number from 0 to 1');
    expect(checkField('clipLow', 1.01)).toBe('must be a number from 0 to 1');
    expect(checkField('clipHigh', Infinity)).toBe('must be a number from 0 to 5');
    expect(checkField('clipLow', Number.NaN)).toBe('must be a number from 0 to 1');
    expect(checkField('grammar', false)).toBeNull();
    expect(checkField('grammar', 'false')).toBe('must be true or false');
    expect(checkField('model', 'base')).toBeNull();
    expect(checkField('model', 'huge')).toBe('must be one of: tiny, small, base');
    expect(checkField('hide', [])).toBeNull();
    expect(checkField('hide', ['charts', 'share'])).toBeNull();
    expect(checkField('hide', ['charts', 'charts'])).toMatch(/^must be a comma-separated list of: /);
    expect(checkField('hide', ['colour'])).toMatch(/^must be a comma-separated list of: /);
    expect(checkField('hide', 'charts')).toMatch(/^must be a comma-separated list of: /);
    expect(checkField('colour', 1)).toBe("unknown setting 'colour'");
    // a long game's run (card-battler's three fights take 48 turns at the median) may ask for up to its own 200 turns
    expect(checkField('maxTurns', 200)).toBeNull();
    expect(checkField('maxTurns', 201)).toBe('must be an integer from 0 to 200');
  });

  it('gives each field its schema, the one checkField uses', () => {
    expect(v.safeParse(fieldSchema('group'), 8).success).toBe(true);
    expect(v.safeParse(fieldSchema('group'), 1).success).toBe(false);
    expect(v.safeParse(fieldSchema('hide'), ['charts', 'charts']).issues?.[0].message).toMatch(/, each at most once$/);
  });
});

describe('text forms', () => {
  it('reads plain decimal and exponent numbers only', () => {
    const lr = prop('lr');
    for (const [text, value] of [['0.5', 0.5], ['.5', 0.5], ['5.', 5], ['-2', -2], ['1e-3', 0.001], ['1E3', 1000], ['2e+2', 200]] as const) {
      expect(parseFieldText(lr, text)).toEqual({ value });
    }
    for (const text of ['0x10', ' 1', '1 ', '', 'Infinity', '1e', 'e5', '1.2.3', '--1', '+1', 'NaN', '.']) {
      expect(parseFieldText(lr, text)).toEqual({ error: 'must be a number from 0.000001 to 0.1' });
    }
    expect(parseFieldText(prop('group'), '8')).toEqual({ value: 8 });
    expect(parseFieldText(prop('group'), 'x8')).toEqual({ error: 'must be an integer from 2 to 64' });
  });

  it('reads true/1 and false/0 for switches, names for choices, comma lists for sets', () => {
    const grammar = prop('grammar');
    expect(parseFieldText(grammar, 'true')).toEqual({ value: true });
    expect(parseFieldText(grammar, '1')).toEqual({ value: true });
    expect(parseFieldText(grammar, 'false')).toEqual({ value: false });
    expect(parseFieldText(grammar, '0')).toEqual({ value: false });
    for (const text of ['yes', 'True', '', '2']) expect(parseFieldText(grammar, text)).toEqual({ error: 'must be true or false' });
    expect(parseFieldText(prop('model'), 'small')).toEqual({ value: 'small' });
    expect(parseFieldText(prop('hide'), '')).toEqual({ value: [] });
    expect(parseFieldText(prop('hide'), 'charts,watch')).toEqual({ value: ['charts', 'watch'] });
  });

  it('renames a former enum value only: other kinds and non-text values pass through', () => {
    expect(currentValue(prop('alloc'), 'quality')).toBe('own');
    expect(currentValue(prop('model'), 'quality')).toBe('quality'); // an enum without aliases
    expect(currentValue(prop('group'), 'quality')).toBe('quality');
    expect(currentValue(prop('alloc'), 3)).toBe(3);
    expect(currentValue(undefined, 'quality')).toBe('quality');
  });

  it('takes typed input trimmed, then checks it against the field', () => {
    expect(parseFieldInput(prop('group'), ' 16 ')).toEqual({ value: 16 });
    expect(parseFieldInput(prop('group'), '65')).toEqual({ error: 'must be an integer from 2 to 64' });
    expect(parseFieldInput(prop('group'), 'abc')).toEqual({ error: 'must be an integer from 2 to 64' });
    expect(parseFieldInput(prop('alloc'), 'margin')).toEqual({ value: 'gain' });
  });

  it('writes sets comma-joined and everything else as its string', () => {
    expect(formatFieldText(prop('hide'), ['charts', 'watch'])).toBe('charts,watch');
    expect(formatFieldText(prop('hide'), [])).toBe('');
    expect(formatFieldText(prop('lr'), 0.001)).toBe('0.001');
    expect(formatFieldText(prop('grammar'), false)).toBe('false');
  });
});

describe('validateConfig', () => {
  it(`allows exactly ${MAX_EPISODES_PER_UPDATE} episodes per update and names tasks past that`, () => {
    expect(validateConfig({ group: 8, tasks: 64 }).ok).toBe(true);
    expect(validateConfig({ group: 64, tasks: 8 }).ok).toBe(true);
    expect(errorsOf({ group: 9, tasks: 57 })).toEqual([
      { key: 'tasks', value: '57', message: `group x tasks = 513 episodes per update; at most ${MAX_EPISODES_PER_UPDATE} are allowed` },
    ]);
  });

  it('refuses the base model on the CPU backend, for the model and for a team lead, and nowhere else', () => {
    const needsGpu = "the 'base' model needs WebGPU; use tiny or small on the CPU backend";
    expect(errorsOf({ model: 'base', backend: 'cpu' })).toEqual([{ key: 'model', value: 'base', message: needsGpu }]);
    expect(validateConfig({ model: 'base', backend: 'webgpu' }).ok).toBe(true);
    expect(validateConfig({ model: 'base', backend: 'auto' }).ok).toBe(true);
    expect(validateConfig({ model: 'small', backend: 'cpu' }).ok).toBe(true);
    expect(errorsOf({ workflow: 'chain', leadModel: 'base', backend: 'cpu' })).toEqual([{ key: 'leadModel', value: 'base', message: needsGpu }]);
    expect(validateConfig({ workflow: 'single', leadModel: 'base', backend: 'cpu' }).ok).toBe(true);
    expect(validateConfig({ workflow: 'chain', leadModel: 'base', backend: 'webgpu' }).ok).toBe(true);
    expect(validateConfig({ workflow: 'chain', leadModel: 'small', backend: 'cpu' }).ok).toBe(true);
    expect(errorsOf({ workflow: 'debate', model: 'base', leadModel: 'base', backend: 'cpu' }).map((e) => e.key)).toEqual(['model', 'leadModel']);
  });

  it('reports every bad field at once, cross-field bounds only once the fields are valid', () => {
    expect(errorsOf({ group: 1, lr: 'x', colour: 2 })).toEqual([
      { key: 'group', value: '1', message: 'must be an integer from 2 to 64' },
      { key: 'lr', value: 'x', message: 'must be a number from 0.000001 to 0.1' },
      { key: 'colour', value: '2', message: "unknown setting 'colour'" },
    ]);
    expect(errorsOf({ group: 64, tasks: 64, lr: 'x' }).map((e) => e.key)).toEqual(['lr']);
  });

  it('fills defaults and copies arrays, so the caller cannot change a validated config', () => {
    const hide = ['charts'];
    const r = validateConfig({ hide, seed: 9 });
    expect(r).toEqual({ ok: true, config: { ...DEFAULT_CONFIG, hide: ['charts'], seed: 9 } });
    hide.push('share');
    expect(r.ok && r.config.hide).toEqual(['charts']);
    expect(validateConfig({})).toEqual({ ok: true, config: DEFAULT_CONFIG });
  });
});

describe('previewValue and formatErrors', () => {
  it('keeps up to 40 characters and cuts longer text to 37 plus an ellipsis', () => {
    expect(previewValue('a'.repeat(40))).toBe('a'.repeat(40));
    expect(previewValue('a'.repeat(41))).toBe(`${'a'.repeat(37)}...`);
    expect(previewValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(previewValue(undefined)).toBe('undefined');
    expect(previewValue(10n)).toBe('10'); // JSON.stringify throws on a BigInt
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(previewValue(loop)).toBe('[object Object]');
  });

  it("writes one line per error: key='value': message", () => {
    expect(formatErrors([])).toBe('');
    expect(
      formatErrors([
        { key: 'group', value: '1', message: 'must be an integer from 2 to 64' },
        { key: 'lr', value: 'x', message: 'must be a number' },
      ]),
    ).toBe("group='1': must be an integer from 2 to 64\nlr='x': must be a number");
  });
});
