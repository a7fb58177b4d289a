// Share-link reading and writing at the edges earlier mutation runs left open: which URL schemes count as a URL
// (case, digits, + . -), every '+' read as a space, and the checksum computed independently here: the sorted decoded
// pairs hashed with its salt, 24 bits as six hex digits, a leading zero kept.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, propOf, type Config } from '../../src/core/config-table';
import { hashString } from '../../src/core/rng';
import { decodeLink, encodeLink } from '../../src/core/share-link';

const NO_CHECKSUM = 'this link has no checksum (c=), so a link cut short or edited cannot be told from a whole one; it was loaded as it is';

/** The checksum as the codec documents it, from a link's own pairs (v and c left out). */
function expectedChecksum(link: string): string {
  const pairs = link
    .split('&')
    .map((p) => [p.slice(0, p.indexOf('=')), decodeURIComponent(p.slice(p.indexOf('=') + 1))] as const)
    .filter(([k]) => k !== 'v' && k !== 'c')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return (hashString(JSON.stringify(pairs), 0x5eed11c5) & 0xffffff).toString(16).padStart(6, '0');
}

describe('URLs without settings', () => {
  it('takes any scheme of a letter then letters, digits, + . or -, in any case, as a URL', () => {
    for (const url of ['HTTPS://x.test/app', 'Http://x.test', 'git+ssh://host/repo', 'a1.b-c://h', 'x://']) {
      expect(decodeLink(url), url).toEqual({ ok: true, config: DEFAULT_CONFIG, warnings: [NO_CHECKSUM] });
    }
  });

  it('reads text whose scheme starts with a digit or holds another character as bare pairs', () => {
    for (const text of ['1a://h', 'a_b://h', 'a b://h']) {
      const r = decodeLink(text);
      expect(r.warnings, text).toEqual([`ignored unknown setting '${text}'`, NO_CHECKSUM]);
    }
  });
});

describe('pair text', () => {
  it("splits a pair at its first '=', an empty key included", () => {
    expect(decodeLink('=5').warnings).toEqual(["ignored unknown setting ''", NO_CHECKSUM]);
    expect(decodeLink('zz=a=b').warnings).toEqual(["ignored unknown setting 'zz'", NO_CHECKSUM]);
    // The value after a leading '=' is still read, so a bad escape in it is named.
    const r = decodeLink('=%E0');
    expect(r.ok ? [] : r.errors).toEqual([{ key: '', value: '%E0', message: 'value is not valid percent-encoding' }]);
  });

  it('names an unknown value of a lenient set and every known one, comma-separated', () => {
    const prop = propOf('hide');
    const known = prop && prop.type === 'set' ? prop.values : [];
    expect(known.length).toBeGreaterThan(1);
    expect(decodeLink('hide=nope').warnings).toEqual([`ignored unknown hide value 'nope' (known: ${known.join(', ')})`, NO_CHECKSUM]);
  });

  it("reads every '+' as a space", () => {
    const r = decodeLink('env=click+button+x');
    expect(r.ok ? [] : r.errors).toEqual([{ key: 'env', value: 'click button x', message: expect.stringMatching(/^must be one of: /) }]);
  });
});

describe('the checksum', () => {
  it('is the salted hash of the sorted pairs, six hex digits, a leading zero kept', () => {
    const links = Array.from({ length: 64 }, (_, seed) => encodeLink({ ...DEFAULT_CONFIG, seed } as Config));
    for (const link of links) expect(link.split('&')[1], link).toBe(`c=${expectedChecksum(link)}`);
    // Seeds 0..63 give some checksum below 0x100000 (a 1 in 16 chance each), which must still read back.
    const leadingZero = links.filter((l) => l.startsWith('v=1&c=0'));
    expect(leadingZero.length).toBeGreaterThan(0);
    for (const link of leadingZero) expect(decodeLink(link)).toMatchObject({ ok: true, warnings: [] });
  });
});
