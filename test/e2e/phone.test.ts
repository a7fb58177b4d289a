// A phone, 390 x 844: the controls come first, a run trains, the charts stand one per row, and no tab or board is
// wider than the screen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const PHONE = { width: 390, height: 844 };
const TINY = 'v=1&env=click-button&model=tiny&group=4&tasks=2&bcSteps=2&updates=3&backend=cpu&seed=1';

/** Elements wider than the screen that no ancestor is already (the outermost culprits), and the page's scroll width. */
function overflow(page: Page): Promise<{ scrollWidth: number; width: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 0.5 && !(parent && parent.right > width + 0.5)) wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
}

describe('on a 390 px phone', () => {
  it('shows Train on the first screen, trains, and never scrolls sideways', async () => {
    const context = await h.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${h.baseUrl}#${TINY}`);
    const train = await page.getByTestId('train').boundingBox();
    expect(train && train.y + train.height).toBeLessThanOrEqual(PHONE.height);

    await trainToEnd(page);
    await page.waitForTimeout(500); // the charts draw in the frames after the last update
    const after = await overflow(page);
    expect(after.wide).toEqual([]);
    expect(after.scrollWidth).toBeLessThanOrEqual(after.width);

    const lefts = await page.locator('[data-testid="charts"] [data-testid="chart"]').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(lefts.length).toBeGreaterThan(5);
    expect(new Set(lefts).size).toBe(1); // one chart per row

    for (const panel of ['watch-panel', 'inspector-panel', 'onnx-eval-panel']) await page.getByTestId(panel).locator('summary').click();
    expect((await overflow(page)).wide).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits every tab, a lesson, and the games boards on the screen', async () => {
    const context = await h.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${h.baseUrl}#lesson=group-size`);
    await page.getByTestId('lesson').waitFor();
    const seen: Record<string, string[]> = { lesson: (await overflow(page)).wide };
    for (const tab of ['lessons', 'skills', 'team']) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.waitForTimeout(300);
      seen[tab] = (await overflow(page)).wide;
    }
    await page.getByTestId('tab-play').click();
    for (const env of ['card-battler', 'grid-world', 'flight-booking', 'choose-date']) {
      await page.getByTestId('env-select').selectOption(env);
      await page.waitForTimeout(200);
      seen[env] = (await overflow(page)).wide;
    }
    expect(seen).toEqual({ lesson: [], lessons: [], skills: [], team: [], 'card-battler': [], 'grid-world': [], 'flight-booking': [], 'choose-date': [] });
    await context.close();
  });
});
