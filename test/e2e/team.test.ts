// The Team tab in the built app: a debate link opens it, two proposers train a few updates in their own workers,
// the per-agent curves and one episode's messages appear, the link carries the team, no main-thread task is long and
// no console error occurs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearLongTasks, longTasks, openPage, startE2e, watchLongTasks, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const TEAM = 'v=1&env=read-table&workflow=debate&agents=2&rounds=1&alloc=quality&model=tiny&group=2&tasks=1&bcSteps=2&updates=3&backend=cpu&seed=4';

describe('team tab', () => {
  it('trains a debate of two agents: per-agent curves, the message log, the share link', async () => {
    const { page, problems } = await openPage(h, `#${TEAM}`);
    await page.getByTestId('team-tab').waitFor();
    expect(await page.locator('[data-testid="workflow-graph"] [data-agent]').evaluateAll((els) => els.map((e) => e.getAttribute('data-agent')))).toEqual(['p1', 'p2']);
    await watchLongTasks(page);
    await page.getByTestId('team-train').click();
    // measured once the first update is drawn (building the team and the charts' first data are one-time costs)
    const status = page.getByTestId('team-status');
    await expect.poll(async () => Number(await status.getAttribute('data-update')), { timeout: 240_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(100);
    await clearLongTasks(page);
    await page.locator('[data-testid="team-status"][data-phase="done"]').waitFor({ timeout: 240_000 });
    expect(await page.getByTestId('team-status').getAttribute('data-update')).toBe('3');
    const charts = page.locator('[data-testid="team-charts"] [data-testid="chart"]');
    expect(await charts.evaluateAll((els) => els.map((e) => e.getAttribute('data-metric')))).toEqual([
      'success: team vs baselines',
      'agent/*/reward/share',
      'agent/*/success',
      'agent/*/loss/kl',
      'agent/*/policy/entropy',
    ]);
    expect(await page.locator('[data-testid="team-charts"] canvas').count()).toBe(5);
    const legend = await page.locator('[data-metric="agent/*/policy/entropy"]').innerText();
    expect(legend).toContain('p1');
    expect(legend).toContain('p2');
    const log = page.getByTestId('message-log');
    expect(await log.locator('tr[data-agent="p1"]').count()).toBeGreaterThanOrEqual(2); // a proposal and a revision
    expect(await page.getByTestId('agent-rewards').innerText()).toMatch(/p1 \d\.\d\d.*p2 \d\.\d\d/);
    expect(await page.getByTestId('share-url').inputValue()).toContain('workflow=debate');
    const long = await longTasks(page);
    expect(long.filter((d) => d > 50)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
