// Config's cross-field rules that came with the generalist mixture and the curriculum, each at its edge and with its
// exact message: one family is not a mixture, a mixture trains one agent without skills, and the curriculum's down
// threshold must stay below its up threshold.
import { describe, expect, it } from 'vitest';
import { parseFieldText, validateConfig } from '../../src/core/config';
import { propOf } from '../../src/core/config-table';

const errorsOf = (input: Record<string, unknown>) => {
  const r = validateConfig(input);
  return r.ok ? [] : r.errors;
};
const MIXTURE = 'a mixture of families trains a single agent without skills (workflow = single, skills = false)';

describe('validateConfig: mixtures of families', () => {
  it('names a single family, and takes none or two', () => {
    expect(errorsOf({ families: ['click-button'] })).toEqual([
      { key: 'families', value: 'click-button', message: 'a mixture needs at least two families (or none: env alone)' },
    ]);
    expect(validateConfig({ families: [] }).ok).toBe(true);
    expect(validateConfig({ families: ['click-button', 'enter-text'] }).ok).toBe(true);
  });

  it('refuses a mixture with a team workflow or with skills, and lists the families', () => {
    expect(errorsOf({ families: ['click-button', 'enter-text'], workflow: 'debate' })).toEqual([
      { key: 'families', value: 'click-button,enter-text', message: MIXTURE },
    ]);
    expect(errorsOf({ families: ['click-button', 'enter-text'], skills: true })).toEqual([
      { key: 'families', value: 'click-button,enter-text', message: MIXTURE },
    ]);
    expect(validateConfig({ families: ['click-button', 'enter-text'], workflow: 'single', skills: false }).ok).toBe(true);
    expect(validateConfig({ families: [], workflow: 'debate', skills: true }).ok).toBe(true);
  });
});

describe('validateConfig: the curriculum thresholds', () => {
  it('needs curriculumDown strictly below curriculumUp, only when the curriculum is on', () => {
    const message = 'must be below curriculumUp (0.5), or the curriculum would move both ways at once';
    expect(errorsOf({ curriculum: true, curriculumDown: 0.5, curriculumUp: 0.5 })).toEqual([{ key: 'curriculumDown', value: '0.5', message }]);
    expect(errorsOf({ curriculum: true, curriculumDown: 0.6, curriculumUp: 0.5 }).map((e) => e.key)).toEqual(['curriculumDown']);
    expect(validateConfig({ curriculum: true, curriculumDown: 0.49, curriculumUp: 0.5 }).ok).toBe(true);
    expect(validateConfig({ curriculum: false, curriculumDown: 0.6, curriculumUp: 0.5 }).ok).toBe(true);
  });
});

describe('parseFieldText: fractions without a leading digit', () => {
  it('reads every digit after the point', () => {
    expect(parseFieldText(propOf('clipLow')!, '.25')).toEqual({ value: 0.25 });
    expect(parseFieldText(propOf('clipLow')!, '.125e0')).toEqual({ value: 0.125 });
  });
});
