// Metric series as the charts read them: replaced, never pushed, so a chart redraws only when its own series changes.

export interface MetricSeries {
  xs: number[];
  ys: number[];
}

/** `series` with one more point (x, values[name]) for each name; a name not seen before starts a series. */
export function withPoints<K extends string>(series: Readonly<Record<K, MetricSeries>>, x: number, values: Readonly<Record<K, number>>, names: readonly K[]): Record<K, MetricSeries> {
  const next = { ...series } as Record<K, MetricSeries>;
  for (const name of names) {
    const s = next[name] ?? { xs: [], ys: [] };
    next[name] = { xs: [...s.xs, x], ys: [...s.ys, values[name]] };
  }
  return next;
}
