// The Chromium part of `npm run bench`: test/bench/page.html in headless Chromium, as a plain page (one wasm thread,
// jax-js single-threaded) or cross-origin isolated (threads for us and for jax-js); returns what the page measured.
import type { PagePlan, PageResult } from '../test/bench/page';
import { withPage } from '../test/bench/serve-page';

const DEPS = ['@tensorflow/tfjs-core', '@tensorflow/tfjs-core/dist/register_all_gradients', '@tensorflow/tfjs-backend-webgpu', '@tensorflow/tfjs-backend-wasm', '@jax-js/jax'];

/** One page run; null (with a logged reason) when Chromium is missing or the page failed. */
export async function chromiumPage(plan: PagePlan, isolated: boolean, log: (line: string) => void): Promise<PageResult | null> {
  const where = isolated ? 'chromium (isolated)' : 'chromium';
  try {
    return await withPage('test/bench/page.html', { isolated, optimizeDeps: DEPS, log: (l) => log(`${where}: ${l}`) }, async (page) => {
      await page.waitForFunction(() => typeof window.__benchRun === 'function', null, { timeout: 120_000 });
      await page.evaluate((p) => void window.__benchRun?.(p), plan);
      await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 1_800_000, polling: 500 });
      const got = (await page.evaluate(() => window.__bench)) as PageResult;
      if (got.error) log(`${where}: ${got.error}`);
      if (got.isolated !== isolated) log(`${where}: the page is ${got.isolated ? '' : 'not '}cross-origin isolated`);
      return got;
    });
  } catch (e) {
    return log(`${where}: ${e instanceof Error ? e.message : String(e)}`), null;
  }
}
