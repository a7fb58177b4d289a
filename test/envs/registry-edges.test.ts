// src/envs/registry.ts against the config's own list of environment ids (src/core/config-table.ts, written apart):
// the specs in that order, each id found as itself, and the message for an id that is not there.
import { describe, expect, it } from 'vitest';
import { ENV_IDS as CONFIG_ENV_IDS } from '../../src/core/config-table';
import { ENV_IDS, ENV_SPECS, getEnvSpec } from '../../src/envs/registry';

describe('the registry', () => {
  it("holds one spec per id of the config's list, in its order", () => {
    expect(ENV_SPECS.map((s) => s.id)).toEqual([...CONFIG_ENV_IDS]);
    expect(ENV_IDS).toEqual([...CONFIG_ENV_IDS]);
  });

  it('finds each id as its own spec, the first, the last and every one between', () => {
    expect(getEnvSpec('click-button').id).toBe('click-button');
    expect(getEnvSpec('long-page').id).toBe('long-page');
    for (const [k, id] of CONFIG_ENV_IDS.entries()) expect(getEnvSpec(id)).toBe(ENV_SPECS[k]);
  });

  it('refuses an unknown id by name, listing every known one', () => {
    expect(() => getEnvSpec('click-buton')).toThrow(new Error(`unknown environment 'click-buton' (known: ${CONFIG_ENV_IDS.join(', ')})`));
    expect(() => getEnvSpec('')).toThrow("unknown environment ''");
  });
});
