// The skill library in the built app: discovery in a worker fills it, it survives a reload (real IndexedDB),
// and a corrupt import is rejected with a message while the library stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

describe('skill library page', () => {
  it('discovers skills, keeps them across a reload, and rejects a corrupt import', async () => {
    const { page, problems } = await openPage(h);
    await page.getByTestId('tab-skills').click();
    const count = page.locator('[data-testid="skill-library"] header .muted');
    await expect.poll(() => count.innerText()).toBe('0 skills');

    const form = page.getByTestId('discover');
    await form.getByLabel('environment', { exact: true }).selectOption('click-tab');
    await form.locator('input').nth(1).fill('3000');
    await form.locator('button').click();
    await expect.poll(() => page.getByTestId('discover-progress').innerText(), { timeout: 60_000 }).toMatch(/^found \d+ new skills/);
    const found = await count.innerText();
    expect(Number(found.split(' ')[0])).toBeGreaterThan(0);

    await page.reload();
    await page.getByTestId('tab-skills').click();
    await expect.poll(() => count.innerText()).toBe(found);

    await page.getByTestId('skill-import').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"version":1,"skills":[{"name":42}]}') });
    await page.locator('[data-testid="skill-library"] .error').waitFor();
    expect(await count.innerText()).toBe(found);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
