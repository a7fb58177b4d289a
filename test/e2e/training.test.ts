// Training in the built app, in headless Chromium with real IndexedDB and a real WebGPU adapter:
// charts update, a share link reproduces the metrics exactly, a reload lists and resumes the run. How long the
// main thread's tasks take depends on the machine's load: the soak benchmark measures it (npm run bench -- --soak N).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const TINY = 'v=1&env=click-button&model=tiny&group=4&tasks=2&bcSteps=4&lr=0.003&updates=3&backend=cpu&seed=5&checkpointEvery=1';

/** Every saved metrics record of the page's origin, by update, without the timing metrics. */
async function savedMetrics(page: Page): Promise<Record<string, number>[]> {
  const rows = await page.evaluate(
    () =>
      new Promise<{ update: number; values: Record<string, number> }[]>((resolve, reject) => {
        const open = indexedDB.open('greenhouse');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('metrics').objectStore('metrics').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        };
      }),
  );
  return rows
    .sort((a, b) => a.update - b.update)
    .map((r) => Object.fromEntries(Object.entries(r.values).filter(([k]) => !k.startsWith('perf/'))));
}

/** One page with the tiny run trained to its end, shared by the two tests that read it (trained once). */
let trained: Promise<{ page: Page; problems: string[] }> | undefined;
function trainedTiny(): Promise<{ page: Page; problems: string[] }> {
  trained ??= openPage(h, `#${TINY}`).then(async (opened) => {
    await trainToEnd(opened.page);
    return opened;
  });
  return trained;
}

describe('training in the page', () => {
  it('trains a tiny run: charts and numbers update, no console error', async () => {
    const { page, problems } = await trainedTiny();
    expect(await page.getByTestId('update').innerText()).toBe('3');
    expect(await savedMetrics(page)).toHaveLength(3);
    // Every metric is charted, or named with the reason its chart cannot move in this config.
    const charted = await page.locator('[data-testid="charts"] [data-testid="chart"] canvas').count();
    expect(charted + (await page.getByTestId('hidden-chart').count())).toBe(await page.getByTestId('latest-metrics').locator('tr').count());
    expect(problems).toEqual([]);
  });

  it('the page opens on first-steps; Train takes its eval success on the test split past 0.9', async () => {
    const { page, problems } = await openPage(h);
    await page.getByTestId('train').click();
    await page.locator('[data-testid="status"][data-phase="done"]').waitFor({ timeout: 300_000 });
    const saved = await savedMetrics(page);
    expect(saved).toHaveLength(30);
    const success = saved.map((m) => m['episode/success']);
    const evals = saved.filter((m) => 'eval/success' in m).map((m) => m['eval/success']);
    const show = `training success per update: ${success.map((x) => x.toFixed(2)).join(' ')}; eval success (test split): ${evals.join(' ')}`;
    expect(success[0], show).toBeLessThan(0.9); // the first batch is played by the BC policy
    expect(evals, show).toHaveLength(3); // every evalEvery = 10 updates
    expect(evals[2], show).toBeGreaterThanOrEqual(0.9);
    expect(await page.locator('[data-testid="latest-metrics"] [data-metric="eval/success"]').innerText()).toBe(evals[2].toFixed(3));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a share link opened in a fresh context reproduces the run exactly', async () => {
    const first = await trainedTiny();
    const shared = await first.page.getByTestId('share-url').inputValue();
    const a = await savedMetrics(first.page);

    const second = await openPage(h, shared.slice(shared.indexOf('#')));
    await trainToEnd(second.page);
    const b = await savedMetrics(second.page);
    expect(a).toHaveLength(3);
    expect(b).toEqual(a);
    expect([...first.problems, ...second.problems]).toEqual([]);
    await second.page.context().close();
  });

  it('after a reload the run is listed and resumes', async () => {
    const { page, problems } = await openPage(h, `#${TINY.replace('updates=3', 'updates=4')}`);
    await page.getByTestId('step').click();
    await expect.poll(() => page.getByTestId('update').innerText().catch(() => ''), { timeout: 60_000 }).toBe('1');
    await page.reload();
    const row = page.locator('[data-testid="runs"] tr[data-run]');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    await row.first().getByTestId('resume').click();
    await expect.poll(() => page.getByTestId('update').innerText().catch(() => ''), { timeout: 60_000 }).toBe('1');
    await trainToEnd(page);
    expect(await page.getByTestId('update').innerText()).toBe('4');
    expect((await savedMetrics(page)).length).toBe(4);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
