// Share links at every bound: the link's length, the number of pairs, a value's length, where the pairs are read
// from (hash, query or bare), broken percent-encoding in keys and values, and the exact text encodeLink writes.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { decodeLink, encodeLink, MAX_LINK_LENGTH, MAX_PAIRS, MAX_VALUE_LENGTH } from '../../src/core/share-link';

const errorsOf = (link: string) => {
  const r = decodeLink(link);
  return r.ok ? [] : r.errors;
};
/** n pairs of unknown keys: each loads with a warning and nothing else. */
const unknownPairs = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=1`).join('&');

describe('decodeLink bounds', () => {
  it(`reads a link of exactly ${MAX_LINK_LENGTH} characters and refuses one more`, () => {
    const pad = (length: number) => `v=1&zz=${'a'.repeat(length - 'v=1&zz='.length)}`;
    // The long value is refused on its own length, not the link's.
    expect(errorsOf(pad(MAX_LINK_LENGTH)).map((e) => e.message)).toEqual([`is longer than ${MAX_VALUE_LENGTH} characters`]);
    expect(errorsOf(pad(MAX_LINK_LENGTH + 1))).toEqual([
      { key: 'link', value: `${MAX_LINK_LENGTH + 1} characters`, message: `is longer than ${MAX_LINK_LENGTH} characters` },
    ]);
  });

  it(`reads ${MAX_PAIRS} pairs, refuses ${MAX_PAIRS + 1}, and does not count empty ones`, () => {
    const atLimit = decodeLink(unknownPairs(MAX_PAIRS));
    expect(atLimit.ok).toBe(true);
    expect(atLimit.warnings).toContain(`ignored unknown setting 'k${MAX_PAIRS - 1}'`);
    expect(errorsOf(unknownPairs(MAX_PAIRS + 1))).toEqual([
      { key: 'link', value: `${MAX_PAIRS + 1} pairs`, message: `has more than ${MAX_PAIRS} pairs` },
    ]);
    expect(decodeLink(`&&${unknownPairs(MAX_PAIRS)}&&`).ok).toBe(true);
  });

  it(`takes a value of ${MAX_VALUE_LENGTH} characters and names one longer, with a short preview`, () => {
    const atLimit = decodeLink(`zz=${'a'.repeat(MAX_VALUE_LENGTH)}`);
    expect(atLimit.ok).toBe(true);
    expect(errorsOf(`zz=${'a'.repeat(MAX_VALUE_LENGTH + 1)}`)).toEqual([
      { key: 'zz', value: `${'a'.repeat(37)}...`, message: `is longer than ${MAX_VALUE_LENGTH} characters` },
    ]);
    // The length is the decoded one: %41 is one character.
    expect(decodeLink(`zz=${'%41'.repeat(MAX_VALUE_LENGTH)}`).ok).toBe(true);
  });
});

describe('where decodeLink reads the pairs', () => {
  it('reads the hash of a URL, else its query, else bare pairs; a URL with neither is the defaults', () => {
    const login = { ...DEFAULT_CONFIG, env: 'login-user' };
    expect(decodeLink('https://x.test/app?env=login-user')).toMatchObject({ ok: true, config: login });
    expect(decodeLink('https://x.test/app?env=click-tab#env=login-user')).toMatchObject({ ok: true, config: login });
    expect(decodeLink('#env=login-user')).toMatchObject({ ok: true, config: login });
    expect(decodeLink('env=login-user')).toMatchObject({ ok: true, config: login });
    expect(decodeLink('?env=login-user')).toMatchObject({ ok: true, config: login });
    const bare = decodeLink('https://x.test/app');
    expect(bare).toMatchObject({ ok: true, config: DEFAULT_CONFIG });
    expect(bare.warnings).toHaveLength(1);
    expect(decodeLink('')).toMatchObject({ ok: true, config: DEFAULT_CONFIG });
  });

  it('refuses what is not text', () => {
    expect(decodeLink(42 as unknown as string)).toEqual({ ok: false, errors: [{ key: 'link', value: '', message: 'is not text' }], warnings: [] });
  });
});

describe('decodeLink pairs', () => {
  it('names a key that is not valid percent-encoding and still checks the other pairs', () => {
    expect(errorsOf('%E0%A4%A=1&group=1')).toEqual([
      { key: '%E0%A4%A', value: '1', message: 'key is not valid percent-encoding' },
      { key: 'group', value: '1', message: 'must be an integer from 2 to 64' },
    ]);
  });

  it('reads a pair without "=" as an empty value, "+" as a space, and escapes in keys', () => {
    expect(errorsOf('seed')).toEqual([{ key: 'seed', value: '', message: 'must be an integer from 0 to 2147483647' }]);
    expect(errorsOf('env=click+button')).toEqual([{ key: 'env', value: 'click button', message: expect.stringMatching(/^must be one of: /) }]);
    expect(decodeLink('%65nv=login-user')).toMatchObject({ ok: true, config: { env: 'login-user' } });
  });

  it('names a duplicate once and keeps the first value', () => {
    expect(errorsOf('group=4&group=6&group=8')).toEqual([
      { key: 'group', value: '6', message: 'appears more than once' },
      { key: 'group', value: '8', message: 'appears more than once' },
    ]);
  });

  it('reads only v=1 as the version', () => {
    expect(decodeLink('v=1').ok).toBe(true);
    for (const v of ['01', '1.0', '', '2']) {
      expect(errorsOf(`v=${v}`)).toEqual([{ key: 'v', value: v, message: 'unsupported link version (this page reads v=1)' }]);
    }
  });

  it('puts a checksum error first, before the errors of the fields', () => {
    const link = encodeLink({ ...DEFAULT_CONFIG, group: 16 }).replace('group=16', 'group=1');
    expect(errorsOf(link).map((e) => e.key)).toEqual(['c', 'group']);
    expect(errorsOf('v=1&c=abc&group=4')).toEqual([
      { key: 'c', value: 'abc', message: "must be 6 hexadecimal digits (the link's checksum): the link was cut short or edited" },
    ]);
    expect(errorsOf('v=1&c=ABCDEF').map((e) => e.key)).toEqual(['c']);
  });

  it('loads a checksummed link with no warning, and one without it with exactly one', () => {
    expect(decodeLink(encodeLink(DEFAULT_CONFIG)).warnings).toEqual([]);
    expect(decodeLink('v=1&group=4').warnings).toHaveLength(1);
  });
});

describe('encodeLink', () => {
  it('writes v, the checksum, then every field in table order, percent-encoded', () => {
    const link = encodeLink({ ...DEFAULT_CONFIG, hide: ['charts', 'watch'] });
    const keys = link.split('&').map((p) => p.slice(0, p.indexOf('=')));
    expect(keys.slice(0, 3)).toEqual(['v', 'c', 'env']);
    expect(keys.slice(2)).toEqual(Object.keys(DEFAULT_CONFIG));
    expect(link).toContain('&hide=charts%2Cwatch');
    expect(link.split('&')[1]).toMatch(/^c=[0-9a-f]{6}$/);
  });

  it('gives different settings different checksums, and one config one link', () => {
    const a = encodeLink({ ...DEFAULT_CONFIG, seed: 1 });
    const b = encodeLink({ ...DEFAULT_CONFIG, seed: 2 });
    expect(a.split('&')[1]).not.toBe(b.split('&')[1]);
    expect(encodeLink({ ...DEFAULT_CONFIG, seed: 1 })).toBe(a);
  });
});
