// One served environment and its episodes, in either observation format: `greenhouse` (the goal, our
// accessibility-tree text and the element list; actions in our language) or `browsergym` (BrowserGym's keys and
// actions, src/envs/browsergym.ts). An episode adds the experiment's turn limit and its reward under the config's
// reward and truncation modes, so a Python trainer scores an episode as our trainer does.

import type { EnvOptions, EnvSpec, OptionSpec, StepInfo, UiElement } from '../envs/api';
import { ENV_SPECS } from '../envs/registry';
import { levelOptions, maxLevel } from '../envs/levels';
import { resolveOptions } from '../envs/options';
import type { Split } from '../envs/split';
import { BrowserGymEnv, browserGymActions, type BrowserGymObservation } from '../envs/browsergym';
import { formatSignature } from '../envs/action';
import { episodeReward, type RewardMode, type TruncationMode } from '../rl/advantages';
import { RequestError, type Format } from './schemas';

export interface GreenhouseObservation {
  goal: string;
  text: string;
  elements: readonly UiElement[];
}

export type Observation = GreenhouseObservation | BrowserGymObservation;

export interface EpisodeInfo extends StepInfo {
  /** What the episode scores under the session's reward and truncation modes if it stops here (an episode still
   * running counts as cut off by the turn limit). */
  episodeReward: number;
}

export interface StepReply {
  observation: Observation;
  reward: number;
  terminated: boolean;
  truncated: boolean;
  info: EpisodeInfo;
}

export interface ResetReply {
  observation: Observation;
  info: EpisodeInfo;
}

/** What a session's episodes are drawn from: fixed at creation, each reset may change seed, split and options. */
export interface EpisodeSettings {
  spec: EnvSpec;
  format: Format;
  /** Turns per episode (the config's maxTurns; the env's own limit when 0 or larger). */
  maxTurns: number;
  reward: RewardMode;
  truncation: TruncationMode;
}

export interface ResetSettings {
  seed: number;
  split: Split;
  /** Resolved once and kept: envs cache their resolved options per options object. */
  options: EnvOptions;
}

/** The options of a level with explicit ones on top, checked against the env's option table. */
export function optionsFor(spec: EnvSpec, level: number, given: EnvOptions | undefined): EnvOptions {
  const merged = { ...levelOptions(spec, level), ...given };
  try {
    resolveOptions(spec.id, spec.options, merged);
  } catch (e) {
    const name = /option '([^']+)'/.exec((e as Error).message)?.[1];
    throw new RequestError(400, name ? `options.${name}` : 'options', (e as Error).message);
  }
  return Object.freeze(merged);
}

/** A live episode of one environment in one format. */
export class Episode {
  private readonly greenhouse;
  private readonly browsergym;
  private over = false;
  private ended = { terminated: false, truncated: false };
  private last: StepInfo = { success: false, progress: 0, turn: 0 };
  private lastObservation: Observation | null = null;

  constructor(readonly settings: EpisodeSettings) {
    this.browsergym = settings.format === 'browsergym' ? new BrowserGymEnv(settings.spec) : null;
    this.greenhouse = this.browsergym ? this.browsergym.env : settings.spec.create();
  }

  get maxTurns(): number {
    const { maxTurns, spec } = this.settings;
    return maxTurns > 0 ? Math.min(maxTurns, spec.maxTurns) : spec.maxTurns;
  }

  reset(r: ResetSettings): ResetReply {
    const args = { seed: r.seed, split: r.split, options: r.options };
    this.over = false;
    const { obs, info } = this.browsergym ? this.browsergym.reset(args) : this.greenhouse.reset(args);
    this.lastObservation = 'axtree_txt' in obs ? obs : this.observe(obs.elements, obs.text);
    return { observation: this.lastObservation, info: this.info(info, false) };
  }

  step(action: string): StepReply {
    if (this.over || !this.lastObservation) {
      const error = this.lastObservation ? 'the episode is over; call reset()' : 'no episode yet; call reset()';
      const last = this.lastObservation ?? { goal: '', text: '', elements: [] };
      const observation = 'axtree_txt' in last ? { ...last, last_action: action, last_action_error: error } : last;
      return { observation, reward: 0, ...this.ended, info: { ...this.info(this.last, this.ended.truncated), lastActionError: error } };
    }
    const r = this.browsergym ? this.browsergym.step(action) : this.greenhouse.step(action);
    const truncated = r.truncated || (!r.terminated && r.info.turn >= this.maxTurns);
    this.over = r.terminated || truncated;
    this.ended = { terminated: r.terminated, truncated };
    this.lastObservation = 'axtree_txt' in r.obs ? r.obs : this.observe(r.obs.elements, r.obs.text);
    return { observation: this.lastObservation, reward: r.reward, terminated: r.terminated, truncated, info: this.info(r.info, truncated) };
  }

  /** The scripted expert's next action, in this episode's action syntax. */
  expert(): string {
    return this.browsergym ? this.browsergym.expert() : this.settings.spec.expert(this.greenhouse);
  }

  private info(info: StepInfo, truncated: boolean): EpisodeInfo {
    this.last = info;
    const { reward, truncation } = this.settings;
    const cutOff = truncated || !this.over;
    return { ...info, episodeReward: episodeReward({ success: info.success, progress: info.progress, truncated: cutOff }, reward, truncation) };
  }

  private observe(elements: readonly UiElement[], text: string): GreenhouseObservation {
    return { goal: this.greenhouse.goal, text, elements };
  }
}

/** What GET /envs lists about one environment. */
export interface EnvListing {
  id: string;
  suite: EnvSpec['suite'];
  description: string;
  miniwob: string | null;
  maxTurns: number;
  splits: Split[];
  levels: readonly EnvOptions[];
  maxLevel: number;
  options: readonly OptionSpec[];
  /** Our action language: `click(id)`, `fill(id, "text")`, ... */
  actions: string[];
  /** BrowserGym's actions this env accepts in the browsergym format. */
  browsergymActions: readonly string[];
}

export function envListing(): EnvListing[] {
  return ENV_SPECS.map((s) => ({
    id: s.id,
    suite: s.suite,
    description: s.description,
    miniwob: s.miniwob ?? null,
    maxTurns: s.maxTurns,
    splits: ['train', 'test'],
    levels: s.levels ?? [],
    maxLevel: maxLevel(s),
    options: s.options,
    actions: s.actions.map(formatSignature),
    browsergymActions: browserGymActions(s),
  }));
}
