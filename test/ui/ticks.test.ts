// Axis tick labels stay distinct and honest at every scale: 1e-8 losses, shares, millions of tokens per second.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flatRange, formatTicks, formatValue, readBack } from '../../src/ui/charts/ticks';

/** A regular grid as uPlot's splits are: a nice step (1, 2, 2.5 or 5 times a power of ten) from a multiple of it. */
const grid = fc
  .record({
    mantissa: fc.constantFrom(1, 2, 2.5, 5),
    exponent: fc.integer({ min: -12, max: 9 }),
    start: fc.integer({ min: -20, max: 20 }),
    count: fc.integer({ min: 2, max: 9 }),
  })
  .map(({ mantissa, exponent, start, count }) => {
    const step = mantissa * 10 ** exponent;
    return { step, values: Array.from({ length: count }, (_, k) => (start + k) * step) };
  });

describe('formatTicks', () => {
  it('labels the 0 to 1.8e-8 axis that used to read "0" five times', () => {
    expect(formatTicks([0, 5e-9, 1e-8, 1.5e-8])).toEqual(['0', '5.0e-9', '1.0e-8', '1.5e-8']);
  });

  it('uses the decimals a share axis needs, and SI prefixes for large numbers', () => {
    expect(formatTicks([0, 0.25, 0.5, 0.75, 1])).toEqual(['0', '0.25', '0.50', '0.75', '1.00']);
    expect(formatTicks([0, 20000, 40000, 60000])).toEqual(['0', '20k', '40k', '60k']);
    expect(formatTicks([1.5e6, 2e6, 2.5e6])).toEqual(['1.5M', '2.0M', '2.5M']);
    expect(formatTicks([-1, -0.5, 0, 0.5, 1])).toEqual(['-1.0', '-0.5', '0', '0.5', '1.0']);
  });

  it('never gives two ticks of one axis the same label, and each label reads back as its tick', () => {
    fc.assert(
      fc.property(grid, ({ step, values }) => {
        const labels = formatTicks(values);
        expect(new Set(labels).size).toBe(values.length);
        labels.forEach((label, i) => expect(Math.abs(readBack(label) - values[i])).toBeLessThanOrEqual(step * 1e-6));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatValue', () => {
  it('reads back the SI labels it writes', () => {
    expect(readBack('1.5M')).toBe(1.5e6);
    expect(readBack('20k')).toBe(20000);
    expect(readBack('5.0e-9')).toBe(5e-9);
  });

  it('gives three significant digits at any scale', () => {
    expect(formatValue(0.8437)).toBe('0.844');
    expect(formatValue(12.345)).toBe('12.3');
    expect(formatValue(1.8e-8)).toBe('1.80e-8');
    expect(formatValue(48213)).toBe('48.2k');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(null)).toBe('–');
    expect(formatValue(Number.POSITIVE_INFINITY)).toBe('∞');
  });
});

describe('flatRange', () => {
  it('pads a series that does not vary, so its axis still has ticks', () => {
    expect(flatRange(0, 0)).toEqual([-1, 1]);
    expect(flatRange(5, 5)).toEqual([4.5, 5.5]);
    expect(flatRange(-2, -2)).toEqual([-2.2, -1.8]);
    expect(flatRange(null, null)).toEqual([0, 1]);
  });

  it('leaves a varying series to the auto range', () => {
    expect(flatRange(0, 1e-9)).toBeNull();
  });
});
