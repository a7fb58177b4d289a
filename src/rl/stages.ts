// Detects WebAgent-R1's three stages of training dynamics from the success and episode-length curves:
// skill acquisition (success climbs fast), exploration (episodes get longer while success levels off),
// stabilisation (success high and both curves flat).

export type Stage = 'acquisition' | 'exploration' | 'stabilisation';

export interface StageMark {
  stage: Stage;
  /** Index (update) where the stage starts. */
  start: number;
}

export interface StageThresholds {
  /** Success gain per update (smoothed) that counts as fast acquisition. */
  successSlope: number;
  /** Relative growth of episode length per update that counts as exploration. */
  lengthSlope: number;
  /** Updates a condition must hold to start a stage. */
  hold: number;
}

export const DEFAULT_THRESHOLDS: StageThresholds = { successSlope: 0.01, lengthSlope: 0.005, hold: 3 };

/** Trailing mean over `window` points: (n) -> (n). */
export function movingAverage(xs: readonly number[], window: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < xs.length; i++) {
    sum += xs[i];
    if (i >= window) sum -= xs[i - window];
    out.push(sum / Math.min(i + 1, window));
  }
  return out;
}

/**
 * Stages in order, each at most once and never going back: acquisition, then exploration, then stabilisation.
 * A stage starts at the first update from which its condition held `hold` updates in a row.
 * @param success episode/success per update
 * @param length episode/turns (or episode/length) per update
 */
export function detectStages(
  success: readonly number[],
  length: readonly number[],
  t: StageThresholds = DEFAULT_THRESHOLDS,
): StageMark[] {
  const n = Math.min(success.length, length.length);
  const window = Math.max(5, Math.round(n / 20));
  // Stryker disable next-line MethodExpression: a trailing mean at i reads only xs[0..i], and no i >= n is read
  const s = movingAverage(success.slice(0, n), window);
  // Stryker disable next-line MethodExpression: the same
  const l = movingAverage(length.slice(0, n), window);
  const slope = (xs: number[], i: number) => (i >= window ? (xs[i] - xs[i - window]) / window : 0);
  const conditions: Record<Stage, (i: number) => boolean> = {
    acquisition: (i) => slope(s, i) > t.successSlope,
    exploration: (i) => slope(s, i) <= t.successSlope && slope(l, i) > t.lengthSlope * Math.max(l[i], 1e-9),
    stabilisation: (i) =>
      s[i] >= 0.5 && Math.abs(slope(s, i)) <= t.successSlope && Math.abs(slope(l, i)) <= t.lengthSlope * Math.max(l[i], 1e-9),
  };
  const order: Stage[] = ['acquisition', 'exploration', 'stabilisation'];
  const marks: StageMark[] = [];
  let from = 0;
  for (const stage of order) {
    let run = 0;
    // Stryker disable next-line EqualityOperator: at i = n the smoothed curves end (undefined), so every condition is false
    for (let i = from; i < n; i++) {
      run = conditions[stage](i) ? run + 1 : 0;
      if (run >= t.hold) {
        marks.push({ stage, start: i - t.hold + 1 });
        from = i + 1;
        break;
      }
    }
    // A later stage can be seen even if an earlier one was skipped (e.g. no exploration phase).
  }
  return marks;
}
