// Charts that tell the truth, in the built app: after a run, no axis has two equal tick labels, shares sit on a
// [0, 1] axis, the groups are outcome, policy and speed, the charts that cannot move are left out with a reason
// (and come back when the config lets them move), every axis has a title, and hovering shows a value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const RUN = 'v=1&env=click-button&model=tiny&group=4&tasks=2&bcSteps=2&updates=4&backend=cpu&seed=1';

describe('charts', () => {
  it('label every axis with distinct ticks, fix shares to [0, 1], group the charts and hide the ones that cannot move', async () => {
    const { page, problems } = await openPage(h, `#${RUN}`);
    await trainToEnd(page);
    const charts = page.locator('[data-testid="charts"] [data-testid="chart"]');
    // Wait for the last draw: a chart drawn while its first points came in may still show one tick (seen on a loaded
    // machine); one that never gets two fails the poll.
    await expect
      .poll(() => charts.evaluateAll((els) => els.every((e) => (JSON.parse(e.getAttribute('data-yticks') ?? '[]') as string[]).length >= 2)))
      .toBe(true);
    const ticks = await charts.evaluateAll((els) => els.map((e) => ({ metric: e.getAttribute('data-metric')!, x: JSON.parse(e.getAttribute('data-xticks')!) as string[], y: JSON.parse(e.getAttribute('data-yticks')!) as string[] })));
    for (const t of ticks) {
      expect(t.y.length, `${t.metric} y ticks`).toBeGreaterThanOrEqual(2);
      expect(new Set(t.y).size, `${t.metric} y ticks ${t.y.join(' ')}`).toBe(t.y.length);
      expect(new Set(t.x).size, `${t.metric} x ticks ${t.x.join(' ')}`).toBe(t.x.length);
    }
    const success = ticks.find((t) => t.metric === 'episode/success')!;
    expect([success.y[0], Number(success.y.at(-1))]).toEqual(['0', 1]);

    expect(await page.locator('[data-testid="chart-group"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-group')))).toEqual(['outcome', 'policy', 'speed']);
    const hidden = await page.locator('[data-testid="hidden-chart"]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-metric'), e.textContent]));
    expect(hidden.map(([m]) => m)).toEqual(['loss/policy', 'loss/kl', 'policy/clip_ratio', 'clip_ratio/low_mean', 'clip_ratio/high_mean', 'optim/lr']);
    expect(hidden.find(([m]) => m === 'loss/kl')![1]).toMatch(/beta is 0/);
    expect(hidden.find(([m]) => m === 'policy/clip_ratio')![1]).toMatch(/mu = 1/);
    const metrics = await page.getByTestId('latest-metrics').locator('tr').count();
    expect((await charts.count()) + hidden.length).toBe(metrics);

    // Hovering reads the value under the cursor in the legend.
    const chart = page.locator('[data-testid="chart"][data-metric="episode/success"]');
    await chart.scrollIntoViewIfNeeded(); // the evaluation charts come first in its group
    const before = await chart.locator('.u-legend .u-value').nth(1).innerText();
    const box = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await expect.poll(() => chart.locator('.u-legend .u-value').nth(1).innerText()).not.toBe(before);
    expect(await chart.locator('.u-legend .u-value').nth(1).innerText()).toMatch(/^\d/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows KL and clipping when beta and mu let them move', async () => {
    const { page, problems } = await openPage(h, `#${RUN}&beta=0.01&mu=2`);
    await trainToEnd(page);
    const metrics = await page.locator('[data-testid="charts"] [data-testid="chart"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-metric')));
    expect(metrics).toContain('loss/kl');
    expect(metrics).toContain('policy/clip_ratio');
    expect(metrics).toContain('loss/policy');
    const kl = await page.locator('[data-testid="chart"][data-metric="loss/kl"]').getAttribute('data-yticks');
    expect(new Set(JSON.parse(kl!)).size).toBe(JSON.parse(kl!).length);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
