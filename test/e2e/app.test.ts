// The built app in headless Chromium: the worker reports the WebGPU adapter; a bad link shows a message, not a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

describe('playground page', () => {
  it('shows the adapter the trainer worker got', async () => {
    const { page, problems } = await openPage(h);
    const badge = page.getByTestId('backend');
    await badge.and(page.locator('[data-kind="webgpu"]')).waitFor({ timeout: 30_000 });
    const text = (await badge.innerText()).replace(/\s+/g, ' ');
    expect(text).toMatch(/WebGPU: google \/ swiftshader/);
    expect(text).toMatch(/fallback \(software\) adapter/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('restores a config from a link', async () => {
    const { page, problems } = await openPage(h, '#v=1&env=login-user&group=16&lr=0.001');
    await expect.poll(() => page.locator('select[name="env"]').inputValue()).toBe('login-user');
    expect(await page.locator('input[name="group"]').inputValue()).toBe('16');
    expect(await page.locator('input[name="lr"]').inputValue()).toBe('0.001');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('names what is wrong with a garbage link and falls back to defaults', async () => {
    const { page, problems } = await openPage(h, '#v=1&group=9999&agg=%E0%A4%A&<script>=1');
    const banner = page.getByTestId('link-errors');
    await banner.waitFor();
    const text = await banner.innerText();
    expect(text).toContain('group=9999');
    expect(text).toContain('must be an integer from 2 to 64');
    expect(text).toContain('not valid percent-encoding');
    expect(await page.locator('input[name="group"]').inputValue()).toBe('8');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('playground page without WebGPU', () => {
  it('says it uses the CPU backend and why', async () => {
    const { chromium } = await import('playwright-core');
    const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../support/chromium');
    const args = CHROMIUM_ARGS.filter((a) => a !== '--enable-unsafe-webgpu');
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
    try {
      const page = await browser.newPage();
      await page.goto(h.baseUrl);
      const badge = page.locator('[data-testid="backend"][data-kind="cpu"]');
      await badge.waitFor({ timeout: 30_000 });
      expect((await badge.innerText()).replace(/\s+/g, ' ')).toMatch(/CPU backend — no adapter/);
    } finally {
      await browser.close();
    }
  });
});
