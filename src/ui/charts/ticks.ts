// Number formats for chart axes and hover values: tick labels that stay distinct whether the values are 1e-8 or 1e6
// (SI prefixes for large numbers, scientific notation for tiny ones, as few decimals as the tick step needs).

const SI = [
  { at: 1e9, suffix: 'G' },
  { at: 1e6, suffix: 'M' },
  { at: 1e3, suffix: 'k' },
] as const;

/** Decimals past the point, at most this many: beyond it a label switches to scientific notation. */
const MAX_DECIMALS = 4;

/** One value with `digits` decimals in the style `style`, without a trailing "-0". */
function format(value: number, style: Style, digits: number): string {
  if (value === 0 || Object.is(value, -0)) return '0';
  switch (style.kind) {
    case 'fixed':
      return tidy(value.toFixed(digits));
    case 'si':
      return `${tidy((value / style.at).toFixed(digits))}${style.suffix}`;
    case 'sci':
      return value.toExponential(digits).replace('e+', 'e');
  }
}

type Style = { kind: 'fixed' } | { kind: 'si'; at: number; suffix: string } | { kind: 'sci' };

const tidy = (text: string) => (/^-0(\.0*)?$/.test(text) ? '0' : text);

/** The style for numbers whose largest magnitude is `top` and whose step is `step`. */
function styleFor(top: number, step: number): Style {
  const si = top >= 1e4 ? SI.find((s) => top >= s.at) : undefined;
  if (si) return { kind: 'si', ...si };
  if (top !== 0 && (top < 1e-3 || (step > 0 && step < 10 ** -MAX_DECIMALS))) return { kind: 'sci' };
  return { kind: 'fixed' };
}

/** Decimals the step needs in a style (a step of 0.25 needs 2, of 5000 shown as 5k needs 0). */
function digitsFor(style: Style, step: number, top: number): number {
  if (!(step > 0)) return style.kind === 'sci' ? 2 : 0;
  if (style.kind === 'sci') return Math.max(0, Math.ceil(Math.log10(top / step) - 1e-9));
  const scaled = style.kind === 'si' ? step / style.at : step;
  return Math.min(MAX_DECIMALS, Math.max(0, Math.ceil(-Math.log10(scaled) - 1e-9)));
}

/**
 * Labels for axis ticks at `values` (a regular grid, as uPlot's splits are): all in one style, with the fewest
 * decimals that write every tick exactly (0.25, not 0.3); distinct values always get distinct labels.
 */
export function formatTicks(values: readonly number[]): string[] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return values.map(String);
  const top = Math.max(...finite.map(Math.abs));
  const steps = finite.slice(1).map((v, i) => Math.abs(v - finite[i])).filter((d) => d > 0);
  const step = steps.length > 0 ? Math.min(...steps) : 0;
  const style = styleFor(top, step);
  for (let digits = digitsFor(style, step, top); digits <= 15; digits++) {
    const labels = values.map((v) => (Number.isFinite(v) ? format(v, style, digits) : String(v)));
    const exact = values.every((v, i) => !Number.isFinite(v) || Math.abs(readBack(labels[i]) - v) <= step * 1e-6);
    if (exact && distinctWhereValuesDiffer(values, labels)) return labels;
  }
  return values.map((v) => String(v));
}

/** A label's value: the inverse of format(). */
export function readBack(label: string): number {
  const si = SI.find((s) => label.endsWith(s.suffix));
  return si ? Number(label.slice(0, -1)) * si.at : Number(label);
}

function distinctWhereValuesDiffer(values: readonly number[], labels: readonly string[]): boolean {
  const seen = new Map<string, number>();
  for (let i = 0; i < labels.length; i++) {
    const other = seen.get(labels[i]);
    if (other !== undefined && other !== values[i]) return false;
    seen.set(labels[i], values[i]);
  }
  return true;
}

/** One value for a hover readout or a table: three significant digits, SI or scientific when it is large or tiny. */
export function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  const top = Math.abs(value);
  if (top === 0) return '0';
  const style = styleFor(top, 0);
  if (style.kind === 'sci') return format(value, style, 2);
  const scaled = style.kind === 'si' ? top / style.at : top;
  const digits = Math.max(0, 2 - Math.floor(Math.log10(scaled)));
  return format(value, style, Math.min(MAX_DECIMALS, digits));
}

/**
 * The y range of a series that does not vary (one point, or every value equal: a web task's eval/return), padded so
 * the axis still gets ticks around it; null when the values vary (the chart's own auto range then applies).
 */
export function flatRange(min: number | null, max: number | null): [number, number] | null {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min !== max) return null;
  const pad = Math.abs(min) * 0.1 || 1;
  return [min - pad, max + pad];
}
