// Accessibility in the real browser: axe-core finds no serious or critical violation on any tab (after a short run,
// with the panels open) or on any lesson; the keyboard reaches Train within 5 Tab presses through a skip link; and
// no icon is a glyph a font may lack.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSONS } from '../../src/lessons/lessons';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

/**
 * The serious and critical violations, one line each: rule, what it says, where. axe runs in the page itself (legacy
 * mode: axe.run, not runPartial in each frame and finishRun in a second, blank page, which took 2-3 times as long):
 * the two differ only on cross-origin frames, which legacy mode skips, so the page must have none.
 */
async function violations(page: Page): Promise<string[]> {
  const origin = new URL(h.baseUrl).origin;
  expect(page.frames().filter((f) => !f.url().startsWith('about:') && new URL(f.url()).origin !== origin).map((f) => f.url())).toEqual([]);
  // Only the violations' nodes: the passes' nodes (a thousand on a lesson) cost their selectors and transfer.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${n.target.join(' ')}`));
}

const TINY = 'v=1&env=click-button&model=tiny&group=4&tasks=2&bcSteps=2&updates=2&backend=cpu&seed=1';

/** One page with the tiny run trained to its end, shared by the two tests that look at a trained run (trained once). */
let trained: Promise<{ page: Page; problems: string[] }> | undefined;
function trainedPage(): Promise<{ page: Page; problems: string[] }> {
  trained ??= openPage(h, `#${TINY}`).then(async (opened) => {
    await trainToEnd(opened.page);
    return opened;
  });
  return trained;
}

/** Back on the Train tab (its panels start closed when the tab is drawn again), with these panels open. */
async function openPanels(page: Page, panels: readonly string[]): Promise<void> {
  await page.getByTestId('tab-train').click();
  for (const panel of panels) {
    const details = page.getByTestId(panel);
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
  }
}

describe('accessibility', () => {
  it('every tab has no serious or critical axe violation', async () => {
    const { page, problems } = await trainedPage();
    await openPanels(page, ['watch-panel', 'inspector-panel', 'onnx-eval-panel']);
    const found: Record<string, string[]> = { train: await violations(page) };
    for (const tab of ['lessons', 'play', 'skills', 'team']) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.waitForTimeout(300);
      found[tab] = await violations(page);
    }
    // Play draws each family with its own controls: the widgets, the games, a multi-page app.
    await page.getByTestId('tab-play').click();
    for (const env of ['navigate-tree', 'click-collapsible-2', 'choose-date', 'use-spinner', 'login-user-popup', 'click-menu', 'click-tab', 'flight-booking', 'card-battler', 'grid-world']) {
      await page.getByTestId('env-select').selectOption(env);
      await page.waitForTimeout(200);
      const seen = await violations(page);
      if (seen.length > 0) found[`play ${env}`] = seen;
    }
    expect(found).toEqual({ train: [], lessons: [], play: [], skills: [], team: [] });
    expect(problems).toEqual([]);
  });

  it('every lesson has no serious or critical axe violation', async () => {
    const { page, problems } = await openPage(h, '#lessons');
    const found: Record<string, string[]> = {};
    for (const lesson of LESSONS) {
      await page.evaluate((name) => (location.hash = `lesson=${name}`), lesson.name);
      await page.locator(`[data-testid="lesson"][data-lesson="${lesson.name}"]`).waitFor();
      for (const summary of await page.locator('[data-testid="lesson-question"] summary').all()) await summary.click();
      found[lesson.name] = await violations(page);
    }
    expect(found).toEqual(Object.fromEntries(LESSONS.map((l) => [l.name, []])));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('reaches Train within 5 Tab presses, the first one a skip link to the controls', async () => {
    for (const path of ['', '#lesson=bc-then-rl']) {
      const { page } = await openPage(h, path);
      await page.getByTestId('train').waitFor();
      const focused: string[] = [];
      for (let k = 0; k < 5 && !focused.includes('train'); k++) {
        await page.keyboard.press('Tab');
        focused.push(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.textContent?.trim() ?? ''));
      }
      expect(focused[0], path).toBe('Skip to the controls');
      expect(focused, path).toContain('train');
      // The skip link itself: Enter moves focus to the controls, and the next Tab is Train.
      await page.reload();
      await page.getByTestId('train').waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id), path).toBe('main-controls');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), path).toBe('train');
      await page.context().close();
    }
  });

  it('draws no icon with a glyph a font may lack', async () => {
    const { page } = await trainedPage();
    await openPanels(page, ['watch-panel']);
    await page.getByTestId('watch').getByRole('button', { name: 'Play' }).waitFor();
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/[\u23e9-\u23ff\u{1F300}-\u{1FAFF}\u25b6\u25c0]/u);
  });
});
