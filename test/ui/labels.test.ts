// Every config key has plain words beside it in the form, and no two keys share them.
import { describe, expect, it } from 'vitest';
import { CONFIG_TABLE } from '../../src/core/config-table';
import { PLAIN_LABELS } from '../../src/ui/config/labels';

describe('plain labels', () => {
  it('cover every key of the config table, each its own', () => {
    const missing = CONFIG_TABLE.map((p) => p.key).filter((k) => !PLAIN_LABELS[k]);
    expect(missing, 'keys without plain words in src/ui/config/labels.ts').toEqual([]);
    const labels = Object.values(PLAIN_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});
