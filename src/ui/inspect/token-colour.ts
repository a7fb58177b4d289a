// Colours for action tokens in the group inspector: by probability (red = unlikely, green = likely)
// or by ratio after the update (blue = made likelier, red = made less likely, white = unchanged).

export type ColourBy = 'logp' | 'ratio';

export function probabilityColour(logp: number): string {
  const p = Math.min(1, Math.max(0, Math.exp(logp)));
  const hue = Math.round(120 * p); // 0 red .. 120 green
  return `hsl(${hue} 70% 82%)`;
}

export function ratioColour(ratio: number): string {
  const shift = Math.max(-1, Math.min(1, Math.log(ratio) / Math.log(1.5))); // ±1 at ratio 1.5 or 1/1.5
  const light = 100 - Math.round(Math.abs(shift) * 30);
  return shift >= 0 ? `hsl(215 80% ${light}%)` : `hsl(0 80% ${light}%)`;
}

/** Diverging colour for an advantage: green above 0, red below. */
export function advantageColour(a: number): string {
  const s = Math.max(-1, Math.min(1, a / 1.5));
  const light = 100 - Math.round(Math.abs(s) * 28);
  return s >= 0 ? `hsl(140 60% ${light}%)` : `hsl(0 70% ${light}%)`;
}
