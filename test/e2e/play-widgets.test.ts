// The Play tab in headless Chromium with the newer families' widgets: a person opens the pop-up calendar, steps back
// to the goal's month, picks the day and submits; and steps a spinner to the goal's value. Each click goes through
// WidgetControl and must solve the episode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTHS } from '../../src/envs/web/dates';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

/** Opens the Play tab on an environment and returns the page and its goal. */
async function play(env: string) {
  const { page, problems } = await openPage(h, `#v=1&env=${env}`);
  await page.getByTestId('tab-play').click();
  const goal = await page.locator('p.goal').innerText();
  return { page, problems, goal, view: page.locator('.view') };
}

describe('Play: widgets of the newer families', () => {
  it('choose-date: open the calendar, step back to the month, pick the day, submit', async () => {
    const { page, problems, goal, view } = await play('choose-date');
    const [, mm, dd, yyyy] = /(\d\d)\/(\d\d)\/(\d{4})/.exec(goal) ?? [];
    await view.locator('input[readonly]').click();
    const month = `${MONTHS[Number(mm) - 1]} ${yyyy}`;
    for (let k = 0; k < 24 && (await view.locator('h3').last().innerText()) !== month; k++) await view.getByRole('button', { name: 'Prev', exact: true }).click();
    await view.locator('.calendar').getByRole('button', { name: String(Number(dd)), exact: true }).click();
    await expect.poll(() => view.locator('input[readonly]').inputValue()).toBe(`${mm}/${dd}/${yyyy}`);
    await view.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.locator('p.ended').innerText()).toMatch(/Episode over: success/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('use-spinner: step the spinner to the value, submit', async () => {
    const { page, problems, goal, view } = await play('use-spinner');
    const want = Number(/(-?\d+)/.exec(goal)?.[1]);
    for (let k = 0; k < Math.abs(want); k++) await view.getByRole('button', { name: want > 0 ? 'up' : 'down', exact: true }).click();
    await expect.poll(() => view.locator('input.spin').inputValue()).toBe(String(want));
    await view.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.locator('p.ended').innerText()).toMatch(/Episode over: success/);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
