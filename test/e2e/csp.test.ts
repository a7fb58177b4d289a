// The built app under its Content-Security-Policy: the policy is in dist/index.html (no inline script there) and
// sent as headers by the preview server; the page trains a run and evaluates an ONNX policy in its worker with no
// violation; an inline script and WebAssembly are refused in the page itself (the policy is really on), while
// WebAssembly compiles in the evaluation worker.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP, WORKER_CSP } from '../../scripts/csp';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const RUN = 'v=1&env=click-button&model=tiny&group=4&tasks=2&bcSteps=20&lr=0.003&updates=2&backend=cpu&seed=5';

describe('Content-Security-Policy', () => {
  it('is in the build and the headers, holds while training and evaluating, and is enforced', async () => {
    const html = readFileSync('dist/index.html', 'utf8');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}" />`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // every script has a src
    expect(PAGE_CSP).not.toMatch(/unsafe-eval|wasm-unsafe-eval/);
    expect(WORKER_CSP).toContain("'wasm-unsafe-eval'");
    expect(WORKER_CSP).not.toContain("'unsafe-eval'");
    const page = await fetch(h.baseUrl);
    expect(page.headers.get('content-security-policy')).toBe(PAGE_CSP);
    const worker = html.match(/src="(\/assets\/index-[^"]+\.js)"/)![1];
    const workerName = readFileSync(`dist${worker}`, 'utf8').match(/trainer\.worker-[\w-]+\.js/)![0];
    expect((await fetch(`${h.baseUrl}assets/${workerName}`)).headers.get('content-security-policy')).toBe(WORKER_CSP);

    const { page: tab, problems } = await openPage(h, `#${RUN}`);
    const violations: string[] = [];
    await tab.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await tab.evaluate(() => document.addEventListener('securitypolicyviolation', (e) => (window as never as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`)));
    await trainToEnd(tab);
    const [download] = await Promise.all([tab.waitForEvent('download'), tab.getByTestId('download-onnx').click()]);
    const file = await download.path();
    await tab.getByTestId('onnx-eval-panel').locator('summary').click();
    const form = tab.getByTestId('onnx-eval');
    await form.getByLabel('ONNX policy file').setInputFiles(file);
    await form.getByRole('button', { name: 'Evaluate' }).click();
    await tab.getByTestId('onnx-success-rate').waitFor({ timeout: 60_000 });
    for (const other of ['tab-play', 'tab-skills', 'tab-team']) {
      await tab.getByTestId(other).click();
      await tab.waitForTimeout(300);
    }

    expect(violations).toEqual([]);
    const inPage = await tab.evaluate(async () => {
      const inline = document.createElement('script');
      inline.textContent = 'window.inlineRan = true';
      document.head.append(inline);
      const wasm = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(() => 'ran', () => 'blocked');
      return { inline: (window as never as { inlineRan?: boolean }).inlineRan ? 'ran' : 'blocked', wasm };
    });
    expect(inPage).toEqual({ inline: 'blocked', wasm: 'blocked' });
    // The two refusals just provoked and nothing else (each reported once per policy: the header and the meta tag).
    await expect.poll(() => new Set(violations).size).toBe(2);
    expect(violations.every((v) => v.startsWith('script-src')), violations.join('\n')).toBe(true);
    expect(problems.filter((p) => !/Content Security Policy/.test(p))).toEqual([]);
    await tab.context().close();
  });
});
