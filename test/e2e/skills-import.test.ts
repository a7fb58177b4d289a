// The Skills tab in the built app: names are short templates with the example episode shown apart; importing the
// library's own export changes no count; a new import clears the old message, success or error.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

describe('skill library tab', () => {
  it('names skills by template, keeps the example apart, and a self-import or a new import changes what it should', async () => {
    const { page, problems } = await openPage(h);
    await page.getByTestId('tab-skills').click();
    const form = page.getByTestId('discover');
    await form.locator('select').selectOption('login-user');
    await form.getByLabel('budget (environment steps)').fill('3000');
    await form.locator('button').click();
    await expect.poll(() => page.getByTestId('discover-progress').innerText(), { timeout: 60_000 }).toMatch(/^found \d+ new skills/);

    const rows = page.getByTestId('skill-row');
    const names = await rows.locator('.name').allInnerTexts();
    expect(names).toContain('fill Username then submit');
    for (const n of names) expect(n).not.toMatch(/"|'[^']*'/);
    expect(await rows.first().getByTestId('skill-example').innerText()).toMatch(/^e\.g\. .+ \(found at /);
    const stats = async () => (await rows.locator('.stats').allInnerTexts()).join('\n');
    const before = await stats();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'gh-e2e-skills-')), 'library.json');
    await download.saveAs(file);
    await page.getByTestId('skill-import').setInputFiles({ name: 'library.json', mimeType: 'application/json', buffer: readFileSync(file) });
    const notice = page.locator('[data-testid="skill-library"] .notice');
    await expect.poll(() => notice.innerText()).toMatch(/^imported \d+ skills; the library now holds \d+/);
    expect(await stats()).toBe(before);

    await page.getByTestId('skill-import').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('not json') });
    await page.locator('[data-testid="skill-library"] .error').waitFor();
    expect(await notice.count()).toBe(0);
    await page.getByTestId('skill-import').setInputFiles({ name: 'library.json', mimeType: 'application/json', buffer: readFileSync(file) });
    await notice.waitFor();
    expect(await page.locator('[data-testid="skill-library"] .error').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
