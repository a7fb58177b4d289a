// Page-level state: the experiment config (restored from the URL hash when the page opens), the lesson open (if
// any) and which of its runs is loaded, the preset the config came from, link problems, backend info.
import type { Config } from '../../core/config-table';
import type { FieldError } from '../../core/config';
import { decodeLink, encodeLink } from '../../core/share-link';
import { getLesson, LESSONS, lessonConfig, type Lesson } from '../../lessons/lessons';
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

const sameExperiment = (a: Config, b: Config) => JSON.stringify({ ...a, hide: [] }) === JSON.stringify({ ...b, hide: [] });

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
    const result = decodeLink(page.rest);
    this.linkWarnings = result.warnings;
    this.origin = null;
    if (result.ok) {
      this.config = result.config;
      this.linkErrors = [];
      this.lessonRun = Math.max(0, this.lesson?.runs.findIndex((r) => sameExperiment(lessonConfig(r), result.config)) ?? 0);
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
    this.origin = { label: [run.preset, run.variant].filter(Boolean).join('/'), config };
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
