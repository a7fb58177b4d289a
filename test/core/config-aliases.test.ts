// Renamed values still load: a config, a link or a flag that uses a value's former name gets the current value.
import { describe, expect, it } from 'vitest';
import { currentValue, parseFieldText, validateConfig } from '../../src/core/config';
import { propOf } from '../../src/core/config-table';
import { decodeLink } from '../../src/core/share-link';

describe('former value names', () => {
  it("alloc's former names map to ours (quality -> own, margin -> gain, conditional -> own-if-won)", () => {
    const prop = propOf('alloc')!;
    expect(['quality', 'margin', 'conditional', 'shared'].map((v) => currentValue(prop, v))).toEqual(['own', 'gain', 'own-if-won', 'shared']);
    expect(currentValue(prop, 'toString')).toBe('toString'); // not an alias: own properties only
    expect(parseFieldText(prop, 'margin')).toEqual({ value: 'gain' });
  });

  it('a saved config and a link with a former name load under the current one; an unknown name is still refused', () => {
    const saved = validateConfig({ alloc: 'quality' });
    expect(saved.ok && saved.config.alloc).toBe('own');
    const link = decodeLink('#v=1&workflow=debate&alloc=margin');
    expect(link.ok && link.config.alloc).toBe('gain');
    expect(validateConfig({ alloc: 'toString' }).ok).toBe(false);
  });
});
