// Progress on every wait: building a run (each step of it) and its behaviour cloning (step k of n with its loss),
// an ONNX evaluation (checking the file, then turn by turn), skill discovery (steps of the budget) and a team's
// warm-up (each agent's and the single baseline's BC steps). Every text a progress line shows is recorded as it
// changes, so even a short wait is seen.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

/** Every text a [role=status] progress line has shown so far. */
const shown = (page: import('playwright-core').Page) => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);

describe('progress', () => {
  it('shows progress while a run builds, while it clones the expert, during an ONNX evaluation, discovery and a team warm-up', async () => {
    const { page, problems } = await openPage(h);
    await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { progressSeen: string[] }).progressSeen = [];
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.progress[role="status"]')) {
          const text = el.textContent?.replace(/\s+/g, ' ').replace(/ \d+ s$/, '').trim() ?? '';
          if (!seen.has(text)) (seen.add(text), (window as unknown as { progressSeen: string[] }).progressSeen.push(text));
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.evaluate(() => (location.hash = 'v=1&env=click-button&model=tiny&group=4&tasks=2&bcSteps=20&updates=1&backend=cpu&seed=1'));
    await expect.poll(() => page.locator('input[name="bcSteps"]').inputValue()).toBe('20');
    await trainToEnd(page);
    let seen = await shown(page);
    expect(seen).toContain('Building the run, step 1 of 3: asking for the GPU device');
    expect(seen).toContain('Building the run, step 2 of 3: building the vocabulary and the policy');
    expect(seen.some((t) => /^Behaviour cloning \(copying the expert\): \d+ of 20 · loss \d\.\d{3}$/.test(t))).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-onnx').click()]);
    const file = join(mkdtempSync(join(tmpdir(), 'gh-e2e-progress-')), 'policy.onnx');
    await download.saveAs(file);
    await page.getByTestId('onnx-eval-panel').locator('summary').click();
    const form = page.getByTestId('onnx-eval');
    await form.getByLabel('ONNX policy file').setInputFiles(file);
    await form.getByRole('button', { name: 'Evaluate' }).click();
    await page.getByTestId('onnx-success-rate').waitFor({ timeout: 60_000 });
    seen = await shown(page);
    expect(seen).toContain('Reading and checking the file');
    expect(seen.some((t) => /^Playing 10 episodes: turn: 1 of \d+ · 10 still playing$/.test(t))).toBe(true);

    await page.getByTestId('tab-skills').click();
    const discover = page.getByTestId('discover');
    await discover.getByLabel('budget (environment steps)').fill('2000');
    await discover.locator('button').click();
    // 120 s, not 60: at load 15 on 2 cores the 2,000 steps were done but 'found' had not come within 60 s
    await expect.poll(() => page.getByTestId('discover-progress').innerText(), { timeout: 120_000 }).toMatch(/^found/);
    expect((await shown(page)).some((t) => /^Discovering skills: environment steps: \d+ of 2000 · \d+ skills so far$/.test(t))).toBe(true);

    await page.evaluate(() => (location.hash = 'v=1&env=click-button&workflow=debate&agents=2&rounds=1&model=tiny&group=2&tasks=1&bcSteps=5&updates=1&backend=cpu&seed=1'));
    await page.getByTestId('team-train').click();
    await page.locator('[data-testid="team-status"][data-phase="done"]').waitFor({ timeout: 240_000 });
    seen = await shown(page);
    for (const who of ['p1', 'p2', 'single agent']) expect(seen, who).toContain(`${who}: behaviour cloning: 5 of 5`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
