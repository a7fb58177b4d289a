// TensorBoard-style exponential moving average with debiasing, for chart smoothing (0 = raw, 0.99 = very smooth).
export function smooth(ys: ArrayLike<number>, weight: number): Float64Array {
  const out = new Float64Array(ys.length);
  if (weight <= 0) {
    for (let i = 0; i < ys.length; i++) out[i] = ys[i];
    return out;
  }
  let last = 0;
  let count = 0;
  for (let i = 0; i < ys.length; i++) {
    const y = ys[i];
    if (!Number.isFinite(y)) {
      out[i] = y;
      continue;
    }
    last = last * weight + (1 - weight) * y;
    count++;
    out[i] = last / (1 - Math.pow(weight, count));
  }
  return out;
}
