// Runs in the real page: a double-clicked Step runs one update and skips no checkpoint; a GPU device destroyed in
// the middle of an update is recovered (not failed); lr and temperature boxes refuse what the config table refuses;
// saved runs tell the truth after a pause, a reload mid-run and a finished run, and can be renamed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, savedRecords, startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const RUN = 'v=1&env=click-button&model=tiny&group=2&tasks=2&bcSteps=1&lr=0.003&seed=3&backend=cpu';
const shown = (page: Page) => page.getByTestId('update').innerText().catch(() => '');
const phase = (page: Page) => page.getByTestId('status').getAttribute('data-phase');

describe('runs in the page', () => {
  it('a double-clicked Step runs one update at a time and skips no checkpoint', async () => {
    const { page, problems } = await openPage(h, `#${RUN}&updates=4&checkpointEvery=1`);
    const checkpointAt = async () => (await savedRecords(page, 'runs'))[0]?.checkpointAt;
    await page.getByTestId('step').click();
    await expect.poll(() => shown(page), { timeout: 60_000 }).toBe('1');
    await expect.poll(checkpointAt).toBe(1);
    // Clicks that land while an update runs are refused; one that lands after it (a fast backend) is a new Step.
    // Either way updates run one at a time: every update has its metrics and its checkpoint, none is skipped.
    // Settled: nothing runs, the count moved past `before`, and the newest checkpoint is the shown update, all read in
    // one poll (a late click can start another update between separate reads).
    const settled = async (before: number) => {
      let n = before;
      await expect
        .poll(
          async () => {
            const running = !['paused', 'done'].includes((await phase(page)) ?? '');
            n = Number(await shown(page));
            return !running && n > before && (await checkpointAt()) === n;
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      return n;
    };
    await page.getByTestId('step').dblclick();
    const afterDouble = await settled(1);
    expect(afterDouble).toBeLessThanOrEqual(3);
    // `force`: a late click of the double may have started an update; a click on the disabled Step then does nothing.
    await page.getByTestId('step').click({ clickCount: 3, delay: 5, force: true });
    let n = await settled(afterDouble);
    expect(n).toBeLessThanOrEqual(4); // updates=4 is the run's end
    // A late click of the triple may still start a Step after `settled` read the count: step on to the run's end, so
    // the records below are read when nothing runs any more.
    while (n < 4) {
      await page.getByTestId('step').click({ force: true });
      n = await settled(n);
    }
    expect((await savedRecords(page, 'checkpoints')).map((c) => c.update)).toEqual([n - 1, n]); // the newest two are kept
    expect((await savedRecords(page, 'metrics')).map((m) => m.update)).toEqual([...Array(n).keys()]);
    expect(await page.getByTestId('train-error').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('recovers from a GPU device destroyed in the middle of an update and trains to the end', async () => {
    // Two updates: the first, the device lost in the second, which is then run again on a new device and ends the run.
    const { page, problems } = await openPage(h, `#${RUN.replace('backend=cpu', 'backend=webgpu')}&updates=2&checkpointEvery=1`);
    await page.getByTestId('step').click();
    await expect.poll(() => shown(page), { timeout: 120_000 }).toBe('1');
    expect(await page.evaluate(() => (globalThis as never as { greenhouseHooks: { loseDevice(w: string): Promise<unknown> } }).greenhouseHooks.loseDevice('next-update'))).toEqual({ ok: true });
    await page.getByTestId('train').click();
    await page.locator('[data-testid="status"][data-phase="done"]').waitFor({ timeout: 180_000 });
    expect(await page.getByTestId('train-warning').innerText()).toMatch(/The GPU device was lost; training continues from update 1/);
    expect(await page.getByTestId('train-error').count()).toBe(0);
    expect(await shown(page)).toBe('2');
    expect((await savedRecords(page, 'metrics')).map((m) => m.update)).toEqual([0, 1]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('refuses lr=1e6, temperature=0 and temperature=-1 in the run boxes; the run goes on to the end', async () => {
    const { page, problems } = await openPage(h, `#${RUN}&updates=3`);
    await page.getByTestId('step').click();
    await expect.poll(() => shown(page), { timeout: 60_000 }).toBe('1');
    for (const [key, value, message] of [
      ['lr', '1e6', /lr='1e6': must be a number from 0.000001 to 0.1; the run keeps its current lr/],
      ['temperature', '0', /temperature='0': must be a number from 0.05 to 5/],
      ['temperature', '-1', /temperature='-1': must be a number from 0.05 to 5/],
    ] as const) {
      await page.locator(`input[name="hyper-${key}"]`).fill(value);
      await page.locator(`input[name="hyper-${key}"]`).press('Enter');
      await expect.poll(() => page.getByTestId('hyper-error').innerText().catch(() => '')).toMatch(message);
    }
    await page.getByTestId('train').click();
    await page.locator('[data-testid="status"][data-phase="done"]').waitFor({ timeout: 120_000 });
    const checkpoints = await savedRecords(page, 'checkpoints');
    expect(checkpoints.length).toBeGreaterThan(0);
    expect(await page.getByTestId('train-error').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('saved runs tell the truth: paused k / N, interrupted after a reload with the updates to run again, done N / N, renamed', async () => {
    // 8 updates: 3 stepped, then Train at 0.8 s between updates, so the reload lands with at least 4 still to run.
    const N = 8;
    const { page, problems } = await openPage(h, `#${RUN}&updates=${N}&checkpointEvery=2`);
    const row = page.locator('[data-testid="runs"] tr[data-run]').first();
    await page.getByTestId('step').click();
    await expect.poll(() => shown(page), { timeout: 60_000 }).toBe('1');
    await page.getByTestId('step').click();
    await expect.poll(() => shown(page), { timeout: 60_000 }).toBe('2');
    await expect.poll(() => row.getByTestId('run-updates').innerText()).toBe(`2 / ${N}`);
    expect(await row.getByTestId('run-status').innerText()).toBe('paused');
    expect(await row.getByTestId('run-name').innerText()).toMatch(/^custom · click-button · seed 3 · \d{4}-\d\d-\d\d \d\d:\d\d$/);

    await page.getByTestId('step').click();
    await expect.poll(() => shown(page), { timeout: 60_000 }).toBe('3');
    await page.getByLabel('Speed').selectOption({ label: 'slow' }); // 0.8 s between updates: the reload comes mid-run
    await page.getByTestId('train').click();
    await expect.poll(() => phase(page)).toBe('running');
    await page.reload(); // mid-run: the page, its worker and the run's lock go
    await expect.poll(() => row.getByTestId('run-status').innerText(), { timeout: 30_000 }).toBe('interrupted');
    const [done, of] = (await row.getByTestId('run-updates').innerText()).split(' / ').map(Number);
    const stored = (await savedRecords(page, 'runs'))[0] as unknown as { updatesDone: number; checkpointAt: number; status: string };
    expect(stored).toMatchObject({ status: 'interrupted', updatesDone: done });
    expect(of).toBe(N);
    expect(done).toBeGreaterThanOrEqual(3);
    const lost = done - stored.checkpointAt;
    if (lost > 0) expect(await row.getByTestId('run-lost').innerText()).toMatch(new RegExp(`^${lost} updates? after the last checkpoint \\(update ${stored.checkpointAt}\\) will run again on resume`));
    else expect(await row.getByTestId('run-lost').count()).toBe(0);

    await row.getByTestId('resume').click();
    await expect.poll(() => shown(page), { timeout: 60_000 }).toBe(String(stored.checkpointAt));
    await page.getByTestId('train').click();
    await page.locator('[data-testid="status"][data-phase="done"]').waitFor({ timeout: 120_000 });
    await expect.poll(() => row.getByTestId('run-updates').innerText()).toBe(`${N} / ${N}`);
    expect(await row.getByTestId('run-status').innerText()).toBe('done');

    await row.getByTestId('rename').click();
    await row.getByTestId('run-name-input').fill('my first run');
    await row.getByTestId('run-name-input').press('Enter');
    await expect.poll(() => row.getByTestId('run-name').innerText()).toBe('my first run');
    await page.reload();
    await expect.poll(() => row.getByTestId('run-name').innerText().catch(() => '')).toBe('my first run');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
