// The Chromium part of `npm run bench`: serves test/bench/page.html with Vite and runs it in headless Chromium twice,
// as a plain page (one wasm thread, jax-js single-threaded) and cross-origin isolated (COOP/COEP: threads for us and
// for jax-js), and returns what each page measured.
import { existsSync } from 'node:fs';
import type { PagePlan, PageResult } from '../test/bench/page';

/** COOP/COEP: the headers that make a page cross-origin isolated (shared memory, so threads). */
export const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** One page run; null (with a logged reason) when Chromium is missing or the page failed. */
export async function chromiumPage(plan: PagePlan, isolated: boolean, log: (line: string) => void): Promise<PageResult | null> {
  const { createServer } = await import('vite');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../test/support/chromium');
  if (!existsSync(CHROMIUM_PATH)) return log(`Chromium not found at ${CHROMIUM_PATH}`), null;
  const server = await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, headers: isolated ? ISOLATION_HEADERS : {} },
    optimizeDeps: { include: ['@tensorflow/tfjs-core', '@tensorflow/tfjs-core/dist/register_all_gradients', '@tensorflow/tfjs-backend-webgpu', '@tensorflow/tfjs-backend-wasm', '@jax-js/jax'] },
  });
  await server.listen();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const where = isolated ? 'chromium (isolated)' : 'chromium';
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => log(`${where}: page error: ${e.message}`));
    page.on('console', (m) => log(`${where}: ${m.text()}`));
    const url = server.resolvedUrls?.local[0] ?? '';
    await page.goto(`${url}test/bench/page.html`);
    await page.waitForFunction(() => typeof window.__benchRun === 'function', null, { timeout: 120_000 });
    await page.evaluate((p) => void window.__benchRun?.(p), plan);
    await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 1_800_000, polling: 500 });
    const got = (await page.evaluate(() => window.__bench)) as PageResult;
    if (got.error) log(`${where}: ${got.error}`);
    if (got.isolated !== isolated) log(`${where}: the page is ${got.isolated ? '' : 'not '}cross-origin isolated`);
    return got;
  } finally {
    await browser.close();
    await server.close();
  }
}
