// The Team tab in the built app: a debate link opens it, two proposers train a few updates in their own workers,
// the per-agent curves, the evaluation against both baselines and one episode's messages appear, the link carries the team and
// no console error occurs; and an agent given a checkpoint file acts frozen on that saved policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/core/config';
import { encodeCheckpoint } from '../../src/rl/checkpoint';
import { createTrainer } from '../../src/rl/setup';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const TEAM = 'v=1&env=read-table&workflow=debate&agents=2&rounds=1&alloc=quality&model=tiny&group=2&tasks=1&bcSteps=2&updates=3&backend=cpu&seed=4';

describe('team tab', () => {
  it('trains a debate of two agents: per-agent curves, the message log, the share link', async () => {
    const { page, problems } = await openPage(h, `#${TEAM}`);
    await page.getByTestId('team-tab').waitFor();
    expect(await page.locator('[data-testid="workflow-graph"] [data-agent]').evaluateAll((els) => els.map((e) => e.getAttribute('data-agent')))).toEqual(['p1', 'p2']);
    await page.getByTestId('team-train').click();
    await page.locator('[data-testid="team-status"][data-phase="done"]').waitFor({ timeout: 240_000 });
    expect(await page.getByTestId('team-status').getAttribute('data-update')).toBe('3');
    const charts = page.locator('[data-testid="team-charts"] [data-testid="chart"]');
    expect(await charts.evaluateAll((els) => els.map((e) => e.getAttribute('data-metric')))).toEqual([
      'team/success',
      'team/eval/success',
      'agent/*/reward/share',
      'agent/*/success',
      'agent/*/loss/kl',
      'agent/*/policy/entropy',
    ]);
    expect(await page.locator('[data-testid="team-charts"] canvas').count()).toBe(6);
    // evaluated after the last update (evalEvery 10 > 3 updates): the team and both baselines on the test split
    const evals = await page.locator('[data-metric="team/eval/success"]').innerText();
    for (const who of ['team', 'single agent', 'majority vote']) expect(evals).toContain(who);
    const legend = await page.locator('[data-metric="agent/*/policy/entropy"]').innerText();
    expect(legend).toContain('p1');
    expect(legend).toContain('p2');
    const log = page.getByTestId('message-log');
    expect(await log.locator('tr[data-agent="p1"]').count()).toBeGreaterThanOrEqual(2); // a proposal and a revision
    expect(await page.getByTestId('agent-rewards').innerText()).toMatch(/p1 \d\.\d\d.*p2 \d\.\d\d/);
    expect(await page.getByTestId('share-url').inputValue()).toContain('workflow=debate');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the team lesson's runs load into the Team tab: the chain on a long page reading the same part, then its own parts", async () => {
    const { page, problems } = await openPage(h, '#lesson=team');
    await page.getByTestId('team-tab').waitFor();
    expect(await page.locator('select[name="team-env"]').inputValue()).toBe('long-page');
    expect(await page.locator('select[name="team-view"]').inputValue()).toBe('whole');
    await page.getByLabel('chain, each agent reading its own part').check();
    await expect.poll(() => page.locator('select[name="team-view"]').inputValue()).toBe('parts');
    expect(await page.locator('select[name="team-env"]').inputValue()).toBe('long-page');
    expect(await page.locator('select[name="team-workflow"]').inputValue()).toBe('chain');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('an agent given a checkpoint file acts frozen on that saved policy', async () => {
    const r = validateConfig({ env: 'read-table', model: 'tiny', backend: 'cpu', group: 2, tasks: 1, bcSteps: 2, seed: 4 });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const { trainer } = await createTrainer(r.config);
    await trainer.step();
    const bytes = encodeCheckpoint(await trainer.checkpoint());
    trainer.dispose();
    const { page, problems } = await openPage(h, `#${TEAM.replace('updates=3', 'updates=1')}`);
    await page.getByTestId('team-tab').waitFor();
    await page.locator('input[name="team-policy-p2"]').setInputFiles({ name: 'run.ckpt', mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
    await expect.poll(() => page.locator('[data-agent="p2"] rect').getAttribute('stroke-dasharray')).toBe('4 3'); // drawn frozen
    expect(await page.locator('[data-agent="p1"] rect').getAttribute('stroke-dasharray')).toBeNull();
    await page.getByTestId('team-train').click();
    await page.locator('[data-testid="team-status"][data-phase="done"]').waitFor({ timeout: 240_000 });
    // p2's model is the checkpoint's: over the single agent's vocabulary, not the team's (which adds message words)
    const sizes = /p1 (\d+) params.*p2 (\d+) params/.exec(await page.getByTestId('team-controls').innerText());
    expect(sizes && sizes[1] !== sizes[2], 'p1 and p2 sizes differ').toBe(true);
    expect(await page.getByTestId('message-log').locator('tr[data-agent="p2"]').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('agent-rewards').innerText()).toMatch(/p2 \d\.\d\d/);
    expect(await page.getByTestId('share-url').inputValue()).not.toContain('policy');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
