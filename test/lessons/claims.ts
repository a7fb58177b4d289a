// Shared by the lesson claim tests: a lesson's run trained on the CPU for as many updates as a claim needs (the
// same config its link loads, so the same seeds), and `says`, which pins a claim's words to the lesson's text, so a
// sentence cannot change without its test. When presets are retuned, run `npx vitest run test/lessons` and edit
// each failing sentence and its numbers together.
import { expect } from 'vitest';
import type { Config } from '../../src/core/config-table';
import { getLesson, lessonConfig, type Lesson } from '../../src/lessons/lessons';
import { detectStages } from '../../src/rl/stages';
import { createTrainer } from '../../src/rl/setup';
import type { UpdateReport } from '../../src/rl/trainer';

export interface LessonRun {
  reports: UpdateReport[];
  /** One metric per update. */
  metric(name: string): number[];
}

export function lesson(name: string): Lesson {
  const found = getLesson(name);
  if (!found) throw new Error(`no lesson '${name}'`);
  return found;
}

/** Asserts that the lesson's Markdown says `words` (whitespace and line breaks aside). */
export function says(l: Lesson, words: string): void {
  const flat = (t: string) => t.replace(/\s+/g, ' ');
  expect(flat(l.markdown), `lesson ${l.name} no longer says: "${words}"`).toContain(flat(words));
}

/** Runs already trained in this test file, by config, length and ratios (lessons share presets). */
const trained = new Map<string, Promise<LessonRun>>();

/** Trains the lesson's run `label` for `updates` updates (at most its config's), on the CPU; `over` changes its config. */
export function train(l: Lesson, label: string, updates: number, ratios = false, over: Partial<Config> = {}): Promise<LessonRun> {
  const run = l.runs.find((r) => r.label === label);
  if (!run) throw new Error(`lesson ${l.name} has no run '${label}'`);
  const config = { ...lessonConfig(run), ...over };
  const key = JSON.stringify([config, updates, ratios]);
  if (!trained.has(key)) trained.set(key, trainConfig(config, updates, ratios));
  return trained.get(key)!;
}

async function trainConfig(config: Config, updates: number, ratios: boolean): Promise<LessonRun> {
  expect(config.backend, 'lesson runs are checked on the CPU backend their links use').toBe('cpu');
  const { trainer } = await createTrainer(config, { ratios });
  const reports: UpdateReport[] = [];
  for (let k = 0; k < Math.min(updates, config.updates); k++) reports.push(await trainer.step());
  trainer.dispose();
  return { reports, metric: (name) => reports.map((r) => (r.metrics as Readonly<Record<string, number>>)[name] ?? NaN) };
}

/** The stages the page marks on a run (the same detection as its charts), with 1-based updates. */
export function stagesOf(run: LessonRun): { stage: string; update: number }[] {
  return detectStages(run.metric('episode/success'), run.metric('episode/turns')).map((m) => ({ stage: m.stage, update: m.start + 1 }));
}

export const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
