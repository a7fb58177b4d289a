// "What to watch": moments a lesson points at, found in the run's curves as it trains (RL starting after behaviour
// cloning, the first group with signal, a metric reaching or falling to a level, a stage change) and drawn as
// markers on the charts they concern. Pure functions of the series, so a test can check them.
import type { Config } from '../core/config-table';
import type { StageMark } from '../rl/stages';

export interface Series {
  xs: readonly number[];
  ys: readonly number[];
}

export type WatchRule =
  /** Update 1, the first RL update: behaviour cloning (if any) ended just before it. */
  | { kind: 'rl-starts'; on: readonly string[] }
  /** The first update with a group whose rewards differ: the first one GRPO can learn from. */
  | { kind: 'first-signal'; on: readonly string[] }
  /** The first update where `metric` is at least `value`. */
  | { kind: 'reaches'; metric: string; value: number; on: readonly string[] }
  /** The first update where `metric` is at most `fraction` of its first value. */
  | { kind: 'falls'; metric: string; fraction: number; on: readonly string[] }
  /** Each stage WebAgent-R1 describes, where src/rl/stages.ts detects it. */
  | { kind: 'stages'; on: readonly string[] };

export interface WatchMoment {
  /** The update, or null when it has not happened (yet). */
  x: number | null;
  /** One short line for the chart's marker. */
  label: string;
  /** Charts it is drawn on. */
  on: readonly string[];
}

const FRACTION_WORDS: Readonly<Record<number, string>> = { 0.5: 'half', 0.25: 'a quarter of', 0.1: 'a tenth of' };

const STAGE_WORDS = { acquisition: 'skill acquisition', exploration: 'exploration', stabilisation: 'stabilisation' } as const;

const firstX = (s: Series | undefined, test: (y: number) => boolean): number | null => {
  if (!s) return null;
  const i = s.ys.findIndex(test);
  return i >= 0 ? s.xs[i] : null;
};

/** The moments of one rule in a run's series (every stage is one moment; other rules give exactly one). */
export function momentsOf(rule: WatchRule, series: Readonly<Record<string, Series>>, config: Pick<Config, 'bcSteps'>, stages: readonly StageMark[]): WatchMoment[] {
  switch (rule.kind) {
    case 'rl-starts': {
      const started = (series['episode/success']?.xs.length ?? 0) > 0 ? 1 : null;
      const label = config.bcSteps > 0 ? `BC ends (${config.bcSteps} step${config.bcSteps === 1 ? '' : 's'}), RL starts` : 'RL starts, with no BC';
      return [{ x: started, label, on: rule.on }];
    }
    case 'first-signal':
      return [{ x: firstX(series['reward/frac_zero_std'], (y) => y < 1), label: 'first group with signal', on: rule.on }];
    case 'reaches':
      return [{ x: firstX(series[rule.metric], (y) => y >= rule.value), label: `${rule.metric} reaches ${rule.value}`, on: rule.on }];
    case 'falls': {
      const s = series[rule.metric];
      const first = s?.ys[0];
      const x = first === undefined ? null : firstX(s, (y) => y <= first * rule.fraction);
      return [{ x, label: `${rule.metric} falls to ${FRACTION_WORDS[rule.fraction] ?? `${rule.fraction} of`} its first value`, on: rule.on }];
    }
    case 'stages':
      return stages.map((m) => ({ x: m.start, label: `stage: ${STAGE_WORDS[m.stage]}`, on: rule.on }));
  }
}

/** Every moment of a lesson's rules, in rule order. */
export function watchMoments(rules: readonly WatchRule[], series: Readonly<Record<string, Series>>, config: Pick<Config, 'bcSteps'>, stages: readonly StageMark[]): WatchMoment[] {
  return rules.flatMap((r) => momentsOf(r, series, config, stages));
}

/** The markers of one chart: the moments that happened and are drawn on it. */
export function markersOn(moments: readonly WatchMoment[], metric: string): { x: number; label: string }[] {
  return moments.flatMap((m) => (m.x !== null && m.on.includes(metric) ? [{ x: m.x, label: m.label }] : []));
}
