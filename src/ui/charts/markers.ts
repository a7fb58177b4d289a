// Moments marked on a chart ("BC ends", "first group with signal", a stage change): a dashed line at the update and a
// numbered badge in a band above the plot, never over an axis's tick labels; the numbers are spelled out in words
// under the chart.

export interface ChartMarker {
  /** The update it marks (the x value). */
  x: number;
  /** One short line: what happened. */
  label: string;
}

/** Height of the band above the plot that holds the badges, in CSS pixels. */
export const BADGE_BAND = 16;
/** A badge's width, in CSS pixels (one or two digits). */
export const BADGE_WIDTH = 14;

/**
 * Left edges of badges centred on `xs` (pixels), moved apart so none overlaps another, and kept inside the plot's
 * [left, right] so none reaches the y axis's labels on the left. Order of the result follows `xs`.
 */
export function layoutBadges(xs: readonly number[], left: number, right: number, width = BADGE_WIDTH, gap = 2): number[] {
  const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x || a.i - b.i);
  const at = new Array<number>(xs.length);
  let next = left;
  for (const { x, i } of order) {
    at[i] = Math.max(x - width / 2, next);
    next = at[i] + width + gap;
  }
  // Pushed past the right edge: slide the tail back left, as far as the plot allows.
  let limit = right - width;
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k].i;
    at[i] = Math.max(left, Math.min(at[i], limit));
    limit = at[i] - width - gap;
  }
  return at;
}
