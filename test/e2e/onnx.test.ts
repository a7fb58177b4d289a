// ONNX in the built app: a policy trained in the page downloads as .onnx; the file follows the contract and
// evaluates in Node (onnxruntime-web, wasm) to the same success rate as in the page's evaluation panel (a
// worker); a file that is not an ONNX policy is refused there with a message saying so.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract } from '../../src/onnx/contract';
import { evaluateOnnx } from '../../src/onnx/evaluate';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const RUN = 'v=1&env=click-button&model=tiny&group=4&tasks=2&bcSteps=20&lr=0.003&updates=2&backend=cpu&seed=5';

describe('ONNX in the page', () => {
  it('downloads the trained policy as .onnx, which evaluates the same in Node and in the page; garbage is refused', async () => {
    const { page, problems } = await openPage(h, `#${RUN}`);
    await trainToEnd(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-onnx').click()]);
    expect(download.suggestedFilename()).toBe('click-button-tiny-update2.onnx');
    const file = join(mkdtempSync(join(tmpdir(), 'gh-e2e-onnx-')), download.suggestedFilename());
    await download.saveAs(file);
    const bytes = new Uint8Array(readFileSync(file));
    const info = checkContract(bytes);
    expect(info.config).toMatchObject({ dim: 32, layers: 2, heads: 4, window: 128 });
    expect(info.vocab).toContain('click');
    const inNode = await evaluateOnnx(bytes, { env: 'click-button', seeds: [0, 1, 2, 3, 4], greedy: true });

    await page.getByTestId('onnx-eval-panel').locator('summary').click();
    const form = page.getByTestId('onnx-eval');
    await form.getByLabel('ONNX policy file').setInputFiles(file);
    await form.getByLabel('environment').selectOption('click-button');
    await form.getByLabel('first seed').fill('0');
    await form.getByLabel('last seed').fill('4');
    await form.getByRole('button', { name: 'Evaluate' }).click();
    await page.getByTestId('onnx-success-rate').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('onnx-success-rate').innerText()).toBe(inNode.successRate.toFixed(3));
    expect(await page.getByTestId('onnx-eval-result').innerText()).toContain(`(${inNode.episodes.filter((e) => e.success).length}/5) on click-button`);

    await form.getByLabel('ONNX policy file').setInputFiles({ name: 'notes.onnx', mimeType: 'application/octet-stream', buffer: Buffer.from('these are notes, not a model') });
    await form.getByRole('button', { name: 'Evaluate' }).click();
    await expect.poll(() => page.getByTestId('onnx-eval-error').innerText().catch(() => ''), { timeout: 30_000 }).toMatch(/notes\.onnx was not evaluated: not an ONNX model/);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
