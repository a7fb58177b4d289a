// The Skill library tab with a stored chain of skills thousands deep (what a 980 KB file once imported): it renders
// every row, indented by depth, with no stack overflow, also after a reload; an import deeper than the limit is
// refused with a message and leaves the library as it was.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TREE_DEPTH } from '../../src/skills/io';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const DEPTH = 2000;

/** Writes a chain of `depth` skills straight into the page's IndexedDB, as a stored library. */
function storeChain(page: Page, depth: number): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('greenhouse');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('skills', 'readwrite');
          for (let i = 0; i < n; i++) {
            tx.objectStore('skills').put({
              id: `sk-${i}`, name: `step ${i}`, description: '', family: 'click-tab', precondition: { cluster: 'tab' },
              steps: [{ verb: 'click', args: [{ kind: 'int', value: i }] }], fitness: 0.5, uses: 6, successes: 3,
              parents: i > 0 ? [`sk-${i - 1}`] : [], agent: 'a0', createdAt: 1,
            });
          }
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    depth,
  );
}

describe('skill tree', () => {
  it(`renders a stored chain ${DEPTH} deep, after a reload too and refuses a deeper import`, async () => {
    const { page, problems } = await openPage(h);
    await page.getByTestId('tab-skills').click();
    const count = page.locator('[data-testid="skill-library"] header .muted');
    await expect.poll(() => count.innerText()).toBe('0 skills');
    await storeChain(page, DEPTH);
    await page.reload();
    await page.getByTestId('tab-skills').click();
    await expect.poll(() => count.innerText(), { timeout: 30_000 }).toBe(`${DEPTH} skills`);
    const rows = page.getByTestId('skill-row');
    expect(await rows.count()).toBe(DEPTH);
    expect(await rows.last().getAttribute('data-depth')).toBe(String(DEPTH - 1));

    const deep = { format: 'greenhouse-skills', version: 1, exportedAt: '', skills: [] as unknown[] };
    for (let i = 0; i <= MAX_TREE_DEPTH; i++) {
      deep.skills.push({ id: `d${i}`, name: `d ${i}`, description: '', family: 'click-tab', precondition: { cluster: 'tab' }, steps: [{ verb: 'click', args: [{ kind: 'int', value: 10_000 + i }] }], fitness: 0.5, uses: 1, successes: 0, parents: i > 0 ? [`d${i - 1}`] : [], agent: 'b', createdAt: 2 });
    }
    await page.getByTestId('skill-import').setInputFiles({ name: 'deep.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(deep)) });
    await expect.poll(() => page.locator('[data-testid="skill-library"] .error').innerText().catch(() => '')).toMatch(new RegExp(`chain ${MAX_TREE_DEPTH + 1} deep by parents; at most ${MAX_TREE_DEPTH}`));
    expect(await count.innerText()).toBe(`${DEPTH} skills`);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
