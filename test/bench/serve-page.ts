// Serves a page of this repo with Vite (optionally cross-origin isolated by COOP/COEP) and opens it in headless
// Debian Chromium: for the bench's pages and the tests that need a cross-origin-isolated page (threads).
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** COOP/COEP: the headers that make a page cross-origin isolated (shared memory, so threads). */
export const ISOLATION_HEADERS = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export interface ServeOptions {
  isolated: boolean;
  /** Dependencies Vite should pre-bundle before the page loads them. */
  optimizeDeps?: string[];
  log?: (line: string) => void;
}

/** Runs `use` on the page at `path` (relative to the repo root); throws when Chromium is missing. */
export async function withPage<T>(path: string, o: ServeOptions, use: (page: Page) => Promise<T>): Promise<T> {
  const { createServer } = await import('vite');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../support/chromium');
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}`);
  const server = await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, headers: o.isolated ? ISOLATION_HEADERS : {} },
    optimizeDeps: { include: o.optimizeDeps ?? [] },
  });
  await server.listen();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => o.log?.(`page error: ${e.message}`));
    page.on('console', (m) => o.log?.(m.text()));
    await page.goto(`${server.resolvedUrls?.local[0] ?? ''}${path}`);
    return await use(page);
  } finally {
    await browser.close();
    await server.close();
  }
}
