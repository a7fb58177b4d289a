// Lessons in the built app: the index lists the eight and opens each; a lesson link opens the page on its idea with
// its run ready (other keys of the link load as usual, an unknown name is named); training draws its "what to
// watch" moments on the charts; answers stay folded until asked for; the run trained before stays on the charts
// when the lesson's next run is loaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLink } from '../../src/core/share-link';
import { LESSONS, lessonConfig } from '../../src/lessons/lessons';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

describe('lessons', () => {
  it('the index lists all eight, and each opens from it with its title and run', async () => {
    const { page, problems } = await openPage(h, '#lessons');
    const links = page.getByTestId('lesson-index').locator('a[data-lesson]');
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('data-lesson')))).toEqual(LESSONS.map((l) => l.name));
    for (const lesson of LESSONS) {
      await page.getByTestId('tab-lessons').click();
      await page.locator(`a[data-lesson="${lesson.name}"]`).click();
      await page.locator(`[data-testid="lesson"][data-lesson="${lesson.name}"]`).waitFor();
      expect(await page.getByTestId('lesson-title').innerText()).toBe(lesson.title);
      const env = lessonConfig(lesson.runs[0]).env;
      if (lesson.tab === 'team') {
        expect(await page.getByTestId('tab-team').getAttribute('aria-selected')).toBe('true');
        expect(await page.locator('select[name="team-env"]').inputValue()).toBe(env);
      } else {
        expect(await page.getByTestId('experiment-title').innerText()).toContain(`Task: ${env}`);
        await page.getByTestId('train').waitFor();
      }
      expect(await page.locator('[data-testid="lesson-question"] details[open]').count()).toBe(0);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a lesson link with other keys loads them; an unknown lesson is named and the index shown', async () => {
    const bc = lessonConfig(LESSONS[2].runs[1]);
    const { page, problems } = await openPage(h, `#lesson=bc-then-rl&${encodeLink({ ...bc, seed: 5 })}`);
    await page.getByTestId('lesson').waitFor();
    expect(await page.locator('input[name="seed"]').inputValue()).toBe('5');
    expect(await page.locator('input[name="bcSteps"]').inputValue()).toBe('0');
    expect(await page.getByTestId('share-url').inputValue()).toMatch(/#lesson=bc-then-rl&v=1&c=/);

    await page.evaluate(() => (location.hash = 'lesson=no-such-lesson'));
    await expect.poll(() => page.getByTestId('link-errors').innerText()).toMatch(/lesson=no-such-lesson.*is not a lesson; the lessons are: policy-and-reward/s);
    await page.getByTestId('lesson-index').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('marks what to watch on the charts as the run trains; answers open on request', async () => {
    const { page, problems } = await openPage(h, '#lesson=policy-and-reward');
    await trainToEnd(page);
    const marks = page.locator('[data-metric="episode/success"] [data-testid="chart-markers"]');
    await expect.poll(() => marks.innerText()).toMatch(/BC ends \(1 step\), RL starts \(update 1\)/);
    expect(await marks.innerText()).toMatch(/episode\/success reaches 0\.9 \(update \d+\)/);
    expect(await page.getByTestId('lesson-moments').innerText()).toMatch(/episode\/success reaches 0\.9: update \d+/);
    const question = page.getByTestId('lesson-question').first();
    expect(await question.locator('details').getAttribute('open')).toBeNull();
    await question.locator('summary').click();
    expect(await question.locator('details').getAttribute('open')).not.toBeNull();
    expect(await question.locator('details').innerText()).toContain('each update moves probability towards the actions that were rewarded');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps the run trained before on the charts when the next run of the lesson is loaded', async () => {
    const { page, problems } = await openPage(h, '#lesson=group-size');
    await page.locator('input[name="updates"]').fill('2');
    await page.locator('input[name="updates"]').dispatchEvent('change');
    await trainToEnd(page);
    await page.getByLabel('G = 8').check();
    await expect.poll(() => page.locator('input[name="group"]').inputValue()).toBe('8');
    const legend = page.locator('[data-metric="reward/frac_zero_std"] .u-legend');
    // The charts redraw with the finished run once the next run's config is loaded: allow a loaded machine's time.
    await expect.poll(() => legend.innerText(), { timeout: 30_000 }).toContain('G = 2');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
