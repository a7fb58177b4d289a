// Page-level state: the experiment config (restored from the URL hash when the page opens), the lesson open (if
// any) and which of its runs is loaded, the preset the config came from, link problems, backend info.
import type { Config } from '../../core/config-table';
import { validateConfig, type FieldError } from '../../core/config';
import { decodeLink, encodeLink } from '../../core/share-link';
import { getLesson, LESSONS, lessonConfig, type Lesson, type LessonRun } from '../../lessons/lessons';
import { getPreset, presetConfig } from '../../rl/presets';
import type { BackendInfo } from '../../workers/protocol';
import { lessonLink, readPageLink } from './page-link';

/** What the page opens with when its link names no experiment: the first-steps preset, which learns in seconds. */
export const START_CONFIG: Config = presetConfig(getPreset('first-steps')!);

/** Where a config came from: a preset (and variant) by its label, with the config it had then. */
interface Origin {
  label: string;
  config: Config;
}

/** A lesson run's preset label, as the preset gallery names it: "bc-vs-zero/bc". */
const runLabel = (run: LessonRun) => [run.preset, run.variant].filter(Boolean).join('/');

const sameExperiment = (a: Config, b: Config) => JSON.stringify({ ...a, hide: [] }) === JSON.stringify({ ...b, hide: [] });

/** The lesson's first run with the keys a link gives taken from `decoded` (that link, decoded over the defaults). */
function onLesson(lesson: Lesson, pairs: string, decoded: Config): Config {
  const given = new Set(pairs.split('&').map((p) => p.split('=')[0]));
  const keys = (Object.keys(decoded) as (keyof Config)[]).filter((k) => given.has(k));
  const merged = validateConfig({ ...lessonConfig(lesson.runs[0]), ...Object.fromEntries(keys.map((k) => [k, decoded[k]])) });
  return merged.ok ? merged.config : decoded;
}

export class AppState {
  config = $state<Config>(START_CONFIG);
  linkErrors = $state.raw<FieldError[]>([]);
  linkWarnings = $state.raw<string[]>([]);
  backend = $state.raw<BackendInfo | null>(null);
  backendError = $state<string | null>(null);
  /** The lesson open, and which of its runs is loaded. */
  lesson = $state.raw<Lesson | null>(null);
  lessonRun = $state(0);
  /** The link asked for the lesson index. */
  showLessons = $state(false);
  private origin = $state.raw<Origin | null>({ label: 'first-steps', config: START_CONFIG });
  /** The preset the config came from, "(edited)" once a field differs from it; null when it came from a link. */
  presetLabel = $derived(this.origin ? `${this.origin.label}${sameExperiment(this.origin.config, this.config) ? '' : ' (edited)'}` : null);
  shareLink = $derived(this.lesson ? lessonLink(this.lesson.name, encodeLink(this.config)) : encodeLink(this.config));

  /** Reads the page from a URL hash: the lesson index, a lesson (its own config unless the link gives one), or an experiment. */
  loadFromHash(hash: string): void {
    const page = readPageLink(hash);
    this.showLessons = page.kind === 'lessons';
    if (page.kind === 'lessons') return;
    this.lesson = null;
    if (page.kind === 'lesson') {
      const lesson = getLesson(page.name);
      if (!lesson) {
        this.linkErrors = [{ key: 'lesson', value: page.name, message: `is not a lesson; the lessons are: ${LESSONS.map((l) => l.name).join(', ')}` }];
        this.linkWarnings = [];
        this.showLessons = true;
        return;
      }
      this.lesson = lesson;
      this.lessonRun = 0;
      if (page.rest === '') {
        this.linkErrors = [];
        this.linkWarnings = [];
        this.pickLessonRun(0);
        return;
      }
    }
    if (page.rest === '') return;
    // With its '#': the codec reads a bare text holding a '?' as a URL's query.
    const result = decodeLink(`#${page.rest}`);
    this.linkWarnings = result.warnings;
    this.origin = null;
    if (result.ok) {
      // A lesson link's keys change the lesson's own config; others start from the defaults, as any link does.
      this.config = this.lesson ? onLesson(this.lesson, page.rest, result.config) : result.config;
      this.linkErrors = [];
      const run = this.lesson?.runs.findIndex((r) => sameExperiment(lessonConfig(r), this.config)) ?? -1;
      this.lessonRun = Math.max(0, run);
      if (run >= 0) this.origin = { label: runLabel(this.lesson!.runs[run]), config: this.config };
    } else {
      this.config = START_CONFIG;
      this.linkErrors = result.errors;
    }
  }

  /** Loads one of the open lesson's runs (its config keeps the page's hidden parts). */
  pickLessonRun(index: number): void {
    if (!this.lesson) return;
    const run = this.lesson.runs[index];
    const config = { ...lessonConfig(run), hide: this.config.hide };
    this.lessonRun = index;
    this.config = config;
    this.origin = { label: runLabel(run), config };
  }

  /** Loads a preset's config (the page's hidden parts kept). */
  pickPreset(config: Config, label: string): void {
    this.config = { ...config, hide: this.config.hide };
    this.origin = { label, config: this.config };
  }

  closeLesson(): void {
    this.lesson = null;
  }

  dismissLinkMessages(): void {
    this.linkErrors = [];
    this.linkWarnings = [];
  }
}
