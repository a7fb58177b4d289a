// Embedding a run in a lesson page: hide= can hide every part (the tab bar, the header and the ONNX panel
// included) and still leaves a one-line title naming the task and preset; an unknown hide value is reported and
// ignored while the rest of the link loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

describe('embedding', () => {
  it('hides every part but the run, and names the task', async () => {
    // backend=cpu: the default 'auto' first times the run on SwiftShader's WebGPU (compiling every kernel, 15-20 s)
    // to pick a backend, which hiding does not touch (training.test.ts's first-steps run keeps 'auto').
    const { page, problems } = await openPage(h, '#v=1&env=login-user&updates=1&bcSteps=1&group=2&tasks=1&backend=cpu&hide=presets,config,charts,watch,inspector,runs,share,onnx,tabs,header');
    await page.getByTestId('train').waitFor();
    for (const gone of ['[role="tablist"]', 'h1', '[data-testid="presets"]', '[data-testid="config-form"]', '[data-testid="charts"]', '[data-testid="watch-panel"]', '[data-testid="inspector-panel"]', '[data-testid="runs"]', '[data-testid="share"]', '[data-testid="onnx-eval-panel"]']) {
      expect(await page.locator(gone).count(), gone).toBe(0);
    }
    expect(await page.getByTestId('experiment-title').innerText()).toMatch(/Task: login-user .*settings from the link/);
    await trainToEnd(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps the controls hideable too, with the title left', async () => {
    const { page } = await openPage(h, '#lesson=bc-then-rl&hide=controls,config,presets');
    await page.getByTestId('lesson').waitFor();
    expect(await page.getByTestId('train').count()).toBe(0);
    expect(await page.getByTestId('experiment-title').innerText()).toMatch(/Task: login-user .*preset bc-vs-zero\/bc/);
    await page.context().close();
  });

  it('reports an unknown hide value and loads the rest of the link', async () => {
    const { page, problems } = await openPage(h, '#v=1&env=enter-text&group=4&hide=presets,bogus');
    await expect.poll(() => page.getByTestId('link-errors').innerText()).toMatch(/ignored unknown hide value 'bogus'/);
    expect(await page.getByTestId('link-errors').getAttribute('class')).not.toMatch(/\berror\b/);
    expect(await page.locator('select[name="env"]').inputValue()).toBe('enter-text');
    expect(await page.locator('input[name="group"]').inputValue()).toBe('4');
    expect(await page.locator('[data-testid="presets"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
