// A link's hide= is a view option: an unknown part is ignored with a warning naming it, and the rest of the link
// (the experiment and the known parts to hide) still loads.
import { describe, expect, it } from 'vitest';
import { decodeLink } from '../../src/core/share-link';

describe('hide= in a link', () => {
  it('ignores an unknown value, names it, and loads the rest', () => {
    const r = decodeLink('v=1&env=login-user&hide=presets,bogus,tabs');
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.config.env).toBe('login-user');
    expect(r.config.hide).toEqual(['presets', 'tabs']);
    expect(r.warnings.some((w) => w.includes("unknown hide value 'bogus'"))).toBe(true);
  });

  it('can hide every part of the page, the tab bar, the ONNX panel and the header included', () => {
    const r = decodeLink('v=1&hide=presets,config,controls,charts,watch,inspector,runs,share,onnx,tabs,header');
    expect(r.ok && r.config.hide.length).toBe(11);
  });
});
