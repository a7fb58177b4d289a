// A run that starts from the pretrained base (init=base) in the built app: the trainer worker fetches
// public/base/tiny.ghbs, and the run trains to its end with the base's vocabulary, no page error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

describe('pretrained base', () => {
  it('a link with init=base fetches the base policy and trains from it', async () => {
    const { page, problems } = await openPage(h, '#v=1&env=login-user&model=tiny&init=base&group=2&tasks=1&bcSteps=0&updates=1&backend=cpu&seed=1');
    const fetched = page.waitForResponse((r) => r.url().endsWith('/base/tiny.ghbs'));
    await trainToEnd(page);
    expect((await fetched).status()).toBe(200);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
