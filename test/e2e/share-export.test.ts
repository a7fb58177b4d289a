// The Share panel's exports in the built app: the experiment downloads as TRL's GRPOConfig JSON with its script
// and as a verl config, the same as `npm run export-config` writes.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';
import { decodeLink } from '../../src/core/share-link';
import { TRL_SCRIPT, trlJson, verlYaml } from '../../src/rl/trainer-export';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const LINK = 'v=1&env=login-user&group=6&tasks=3&clipHigh=0.28&beta=0.02&seed=9';

async function download(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
}

describe('Share panel exports', () => {
  it('downloads the experiment as a TRL config and script and as a verl config, as the CLI writes them', async () => {
    const { page, problems } = await openPage(h, `#${LINK}`);
    const config = decodeLink(LINK);
    if (!config.ok) throw new Error('bad test link');
    const trl = await download(page, 'export-trl');
    expect(trl.name).toBe('greenhouse-login-user.json');
    expect(trl.text).toBe(trlJson(config.config));
    expect(JSON.parse(trl.text).grpo_config).toMatchObject({ num_generations: 6, epsilon_high: 0.28, beta: 0.02, seed: 9 });
    const script = await download(page, 'export-trl-script');
    expect(script).toEqual({ name: 'greenhouse-login-user.py', text: TRL_SCRIPT });
    const verl = await download(page, 'export-verl');
    expect(verl.name).toBe('greenhouse-login-user.yaml');
    expect(verl.text).toBe(verlYaml(config.config));
    expect(parse(verl.text, { version: '1.1' }).actor_rollout_ref.rollout.n).toBe(6);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
