// Share-link reading at the edges the first mutation run left open: a '://' inside a value is not a URL, and the
// checksum is exactly six hexadecimal digits, not six among more.
import { describe, expect, it } from 'vitest';
import { decodeLink } from '../../src/core/share-link';

describe('decodeLink', () => {
  it("reads bare pairs whose value holds '://' as pairs, not as a URL without settings", () => {
    const r = decodeLink('seed=7&z=a://b');
    expect(r.ok && r.config.seed).toBe(7);
  });

  it('refuses a checksum of seven hex digits, or six after another character', () => {
    const message = "must be 6 hexadecimal digits (the link's checksum): the link was cut short or edited";
    for (const c of ['abcdef1', 'zabcdef']) {
      const r = decodeLink(`seed=7&c=${c}`);
      expect(r.ok ? [] : r.errors).toEqual([{ key: 'c', value: c, message }]);
    }
  });
});
