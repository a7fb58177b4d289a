// The share-link codec: exact round trips of every valid config, and bad links rejected field by field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { validateConfig } from '../../src/core/config';
import { decodeLink, encodeLink, MAX_LINK_LENGTH } from '../../src/core/share-link';
import { configArb } from '../support/link-fuzz';

describe('share link', () => {
  it('round-trips the defaults', () => {
    const link = encodeLink(DEFAULT_CONFIG);
    expect(link).toMatch(/^v=1&c=[0-9a-f]{6}&env=click-button&/);
    expect(decodeLink(link)).toEqual({ ok: true, config: DEFAULT_CONFIG, warnings: [] });
  });

  it('round-trips every valid config exactly', () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const decoded = decodeLink(`https://example.test/#${encodeLink(config)}`);
        expect(decoded.ok).toBe(true);
        if (decoded.ok) expect(decoded.config).toEqual(config);
      }),
      { numRuns: 300 },
    );
  });

  it('names the field, the value and what is allowed', () => {
    const result = decodeLink('#v=1&group=1000&agg=median&lr=abc');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byKey = Object.fromEntries(result.errors.map((e) => [e.key, e]));
    expect(byKey.group).toEqual({ key: 'group', value: '1000', message: 'must be an integer from 2 to 64' });
    expect(byKey.agg.message).toBe('must be one of: grpo, bnpo, dr_grpo, dapo, token_mean');
    expect(byKey.lr.value).toBe('abc');
  });

  it('ignores unknown keys with a warning and fills missing keys with defaults', () => {
    const result = decodeLink('#env=login-user&colour=blue');
    expect(result).toMatchObject({ ok: true, config: { ...DEFAULT_CONFIG, env: 'login-user' } });
    expect(result.warnings).toContain("ignored unknown setting 'colour'");
  });

  it('rejects other versions, duplicates, bad escapes, oversized links and runs too big for a page', () => {
    const messages = (link: string) => {
      const r = decodeLink(link);
      return r.ok ? [] : r.errors.map((e) => `${e.key}: ${e.message}`);
    };
    expect(messages('v=2')).toEqual(['v: unsupported link version (this page reads v=1)']);
    expect(messages('seed=1&seed=2')).toEqual(['seed: appears more than once']);
    expect(messages('env=%E0%A4%A')).toEqual(['env: value is not valid percent-encoding']);
    expect(messages(`seed=${'1'.repeat(MAX_LINK_LENGTH)}`)).toEqual([`link: is longer than ${MAX_LINK_LENGTH} characters`]);
    expect(messages('group=64&tasks=64')[0]).toMatch(/^tasks: group x tasks = 4096 episodes/);
    expect(messages('lr=Infinity')).toEqual(['lr: must be a number from 0.000001 to 0.1']);
    expect(messages('hide=charts,charts')).toHaveLength(1);
  });

  it('never throws on random strings and always gives a valid config or field errors', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const result = decodeLink(text);
        if (result.ok) expect(validateConfig(result.config).ok).toBe(true);
        else expect(result.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on mutated valid links', () => {
    const mutation = fc.record({ at: fc.nat(), cut: fc.nat({ max: 8 }), insert: fc.string({ maxLength: 8 }) });
    fc.assert(
      fc.property(configArb, fc.array(mutation, { minLength: 1, maxLength: 4 }), (config, mutations) => {
        let link = encodeLink(config);
        for (const m of mutations) {
          const at = m.at % (link.length + 1);
          link = link.slice(0, at) + m.insert + link.slice(at + m.cut);
        }
        const result = decodeLink(link);
        if (result.ok) expect(validateConfig(result.config).ok).toBe(true);
        else for (const e of result.errors) expect(e.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });
});
