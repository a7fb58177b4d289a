// The two games' boards in the built app on a 390 px wide phone screen: each fits without sideways scrolling, its
// controls carry names, and clicking them plays (a card is played, the grid's Right button moves the agent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

/** The Play tab on a phone-sized page with `env` chosen. */
async function playOnPhone(env: string): Promise<{ page: Page; problems: string[] }> {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  await page.goto(`${h.baseUrl}#v=1&env=${env}`);
  await page.getByTestId('tab-play').click();
  return { page, problems };
}

/** The board's box and whether anything inside it sticks out sideways. */
async function fits(page: Page, selector: string): Promise<{ width: number; overflow: boolean }> {
  return page.locator(selector).first().evaluate((el) => ({ width: el.getBoundingClientRect().width, overflow: el.scrollWidth > el.clientWidth + 1 }));
}

describe('game boards on a 390 px phone', () => {
  it('card battler: the board fits, every control is named, and clicking a card plays it', async () => {
    const { page, problems } = await playOnPhone('card-battler');
    await page.locator('.battle').waitFor();
    const box = await fits(page, '.battle');
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.overflow).toBe(false);
    const buttons = page.locator('.battle button');
    const names = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent?.trim() ?? ''));
    expect(names.every((n) => /[A-Za-z]{3}/.test(n))).toBe(true);
    expect(names).toContain('End turn');
    const playable = page.locator('.battle button.card:not([disabled])').first();
    const label = await playable.getAttribute('aria-label');
    await playable.click();
    await expect.poll(() => page.locator('.log li').count()).toBeGreaterThan(0);
    expect(await page.locator('.log').innerText()).toContain(label!.split(' ')[0]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('grid world: the grid scales down to fit, and the named Right button moves the agent', async () => {
    const { page, problems } = await playOnPhone('grid-world');
    await page.locator('.grid-view svg').waitFor();
    const box = await fits(page, '.grid-view');
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.overflow).toBe(false);
    expect((await page.locator('.grid-view svg').boundingBox())!.width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Right', exact: true }).click();
    await expect.poll(() => page.locator('.log').innerText()).toContain('move(right)');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
