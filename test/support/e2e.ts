// End-to-end helpers: serve the built app (dist/) with Vite's preview server and drive Debian's Chromium with
// playwright-core. No vitest here: the soak benchmark (cli/bench-soak.ts) drives the page with them too.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export interface E2eHarness {
  browser: Browser;
  server: PreviewServer;
  baseUrl: string;
  close(): Promise<void>;
}

/** Serves dist/ on a free port and launches headless Chromium with WebGPU enabled. */
export async function startE2e(): Promise<E2eHarness> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const server = await preview({ preview: { port: 0, strictPort: false, host: '127.0.0.1' }, logLevel: 'silent' });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return {
    browser,
    server,
    baseUrl: `http://127.0.0.1:${address.port}/`,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    },
  };
}

/** Opens a page in a fresh context and records console errors and uncaught exceptions. */
export async function openPage(h: E2eHarness, path = ''): Promise<{ page: Page; problems: string[] }> {
  const context = await h.browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  await page.goto(h.baseUrl + path);
  return { page, problems };
}

/** Every record of one IndexedDB store of the page's origin (runs, metrics, checkpoints, trajectories, skills). */
export function savedRecords(page: Page, store: string): Promise<({ update: number } & Record<string, unknown>)[]> {
  return page.evaluate(
    (name) =>
      new Promise<({ update: number } & Record<string, unknown>)[]>((resolve, reject) => {
        const open = indexedDB.open('greenhouse');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    store,
  );
}

/** Presses Train on the Train tab and waits until the run is done. */
export async function trainToEnd(page: Page): Promise<void> {
  await page.getByTestId('train').click();
  await page.locator('[data-testid="status"][data-phase="done"]').waitFor({ timeout: 120_000 });
}
