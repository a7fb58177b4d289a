// Storage edges earlier mutation runs left open: Firefox's quota error name, a nameless error, and the page's own
// Web Locks (navigator.locks) used when no lock manager is passed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuotaError } from '../../src/storage/errors';
import { holdRunLock, liveRunIds } from '../../src/storage/live';

describe('isQuotaError', () => {
  it("knows a full quota by either name alone (Firefox's included), and an error with an empty name is not one", () => {
    expect(isQuotaError({ name: 'QuotaExceededError' })).toBe(true); // by name alone, without the legacy code 22
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError({ name: '' })).toBe(false);
    expect(isQuotaError({ name: '', code: 21 })).toBe(false);
  });
});

describe("the page's own locks", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses navigator.locks when no lock manager is given, and knows nothing without it', async () => {
    expect(await liveRunIds()).toBeNull();
    const held: { name: string }[] = [];
    const locks = {
      request: (name: string, _options: unknown, body: (lock: { name: string } | null) => unknown) => {
        held.push({ name });
        return Promise.resolve(body({ name }));
      },
      query: () => Promise.resolve({ held }),
    };
    vi.stubGlobal('navigator', { locks });
    expect(await holdRunLock('r1')).not.toBeNull();
    expect(await liveRunIds()).toEqual(new Set(['r1']));
  });
});
