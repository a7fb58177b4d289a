// The WebAssembly backend's threads in Chromium: a cross-origin-isolated page (COOP/COEP) and a dedicated worker in
// it train and generate the same bits on 1 and 2 threads (the pool's workers share the memory).
import { expect, it } from 'vitest';
import { withPage } from '../bench/serve-page';
import type { ThreadsResult } from './threads-page';

it('in a cross-origin-isolated Chromium page and its worker, 1 and 2 threads give the same bits', async () => {
  const got = await withPage('test/kernels/threads-page.html', { isolated: true }, async (page) => {
    await page.waitForFunction(() => window.__threads !== undefined, null, { timeout: 240_000, polling: 200 });
    return (await page.evaluate(() => window.__threads)) as ThreadsResult;
  });
  expect(got.error).toBeUndefined();
  expect(got.isolated).toBe(true);
  expect(got.runs.map((r) => `${r.where} x${r.threads}`)).toEqual(['page x1', 'page x2', 'worker x1', 'worker x2']);
  for (const r of got.runs) expect(r.fingerprint, `${r.where} x${r.threads}`).toBe(got.runs[0].fingerprint);
});
