// Share links carry a checksum: a link cut short or edited after it was made is refused as such (never loaded as
// another experiment), reordering is not an edit, and a link without one loads with a warning.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { decodeLink, encodeLink } from '../../src/core/share-link';

const LINK = encodeLink({ ...DEFAULT_CONFIG, env: 'login-user', clipLow: 0.2, group: 16, hide: ['presets', 'share'] });

describe('share-link checksum', () => {
  it('refuses every truncation of a valid link that keeps its checksum, and loads none silently', () => {
    const silent: string[] = [];
    const warned: string[] = [];
    for (let cut = 1; cut < LINK.length; cut++) {
      const prefix = LINK.slice(0, cut);
      const r = decodeLink(prefix);
      if (r.ok && r.warnings.length === 0) silent.push(prefix);
      else if (r.ok) warned.push(prefix);
    }
    expect(silent).toEqual([]);
    // Only the cuts that remove the checksum itself load (the defaults), and they say why they cannot be checked.
    expect(warned).toEqual(['v=1', 'v=1&']);
    expect(decodeLink('v=1').warnings.join()).toMatch(/no checksum/);
  });

  it('names the checksum when a value is edited or cut, and accepts the pairs in any order', () => {
    const edited = decodeLink(LINK.replace('group=16', 'group=15'));
    expect(edited.ok).toBe(false);
    if (!edited.ok) expect(edited.errors[0]).toMatchObject({ key: 'c', message: expect.stringMatching(/cut short or edited/) });
    const cut = decodeLink(LINK.replace('clipLow=0.2', 'clipLow=0'));
    expect(cut.ok).toBe(false);
    const [v, c, ...rest] = LINK.split('&');
    expect(decodeLink([v, c, ...rest.reverse()].join('&'))).toMatchObject({ ok: true, warnings: [] });
    expect(decodeLink(LINK.replace(/c=[0-9a-f]{6}/, 'c=zz')).ok).toBe(false);
  });

  it('loads a link without a checksum with a warning', () => {
    const r = decodeLink('#v=1&env=click-tab&group=4');
    expect(r).toMatchObject({ ok: true, config: { env: 'click-tab', group: 4 } });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/no checksum \(c=\)/);
  });
});
