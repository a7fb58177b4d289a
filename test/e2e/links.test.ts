// Links in the real page: links that repeat one mistake (which blanked the page on main) show their messages; a
// hash pasted into an open tab is read; a link cut short is reported as such; and a fast-check sample of generated
// links (the property `npm run fuzz` runs at 10^4) each shows the codec's verdict with no page error, after which
// the page still trains.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { encodeLink } from '../../src/core/share-link';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';
import { checkLink, collectPageErrors, KNOWN_BAD_LINKS, linkArb, stillTrains } from '../support/link-fuzz';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

describe('links in the page', () => {
  it('shows every message of links that repeat one mistake, with no page error', async () => {
    for (const link of KNOWN_BAD_LINKS) {
      const { page, problems } = await openPage(h, link);
      const banner = page.getByTestId('link-errors');
      await banner.waitFor({ timeout: 10_000 });
      expect(await page.locator('#app header').count(), link).toBe(1);
      expect((await banner.innerText()).length, link).toBeGreaterThan(0);
      expect(problems, link).toEqual([]);
      await page.context().close();
    }
  });

  it('reads a hash pasted into an open tab, and reports a link cut short', async () => {
    const { page, problems } = await openPage(h, '#v=1&env=login-user');
    await expect.poll(() => page.locator('select[name="env"]').inputValue()).toBe('login-user');
    const full = encodeLink({ ...DEFAULT_CONFIG, env: 'click-tab', clipLow: 0.2, group: 6 });
    await page.evaluate((hash) => (location.hash = hash), `#${full}`);
    await expect.poll(() => page.locator('select[name="env"]').inputValue()).toBe('click-tab');
    expect(await page.locator('input[name="group"]').inputValue()).toBe('6');
    expect(await page.getByTestId('link-errors').count()).toBe(0);
    await page.evaluate((hash) => (location.hash = hash), `#${full.slice(0, full.indexOf('clipLow=0.2') + 'clipLow=0'.length)}`);
    await expect.poll(() => page.getByTestId('link-errors').innerText().catch(() => '')).toMatch(/c=[0-9a-f]{6}: does not match the settings: the link was cut short or edited/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a sample of generated links: each shows its verdict, none breaks the page, and it still trains', async () => {
    const { page } = await openPage(h);
    const errors = collectPageErrors(page);
    const verdicts: string[] = [];
    await fc.assert(
      fc.asyncProperty(linkArb, async (link) => {
        const outcome = await checkLink(page, link, errors);
        verdicts.push(outcome.verdict);
        expect(outcome, link).toMatchObject({ verdict: expect.stringMatching(/^(accepted|refused)$/) });
      }),
      { numRuns: 40, seed: 18, endOnFailure: true },
    );
    expect(verdicts).toContain('refused');
    expect(verdicts).toContain('accepted');
    expect(await stillTrains(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
