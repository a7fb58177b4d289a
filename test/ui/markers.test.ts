// Chart marker badges stay inside the plot, off the axes, and apart from each other.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BADGE_WIDTH, layoutBadges } from '../../src/ui/charts/markers';

describe('layoutBadges', () => {
  it('centres a lone badge on its line', () => {
    expect(layoutBadges([100], 40, 300)).toEqual([100 - BADGE_WIDTH / 2]);
  });

  it('keeps a badge at the left edge off the y axis (its labels are left of the plot)', () => {
    expect(layoutBadges([40], 40, 300)[0]).toBe(40);
  });

  it('keeps badges inside the plot and apart whenever they fit', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 400, noNaN: true }), { maxLength: 10 }), (xs) => {
        const [left, right] = [40, 400];
        const at = layoutBadges(xs, left, right);
        for (const a of at) {
          expect(a).toBeGreaterThanOrEqual(left);
          expect(a + BADGE_WIDTH).toBeLessThanOrEqual(right);
        }
        const sorted = [...at].sort((a, b) => a - b);
        for (let k = 1; k < sorted.length; k++) expect(sorted[k] - sorted[k - 1]).toBeGreaterThanOrEqual(BADGE_WIDTH);
      }),
    );
  });
});
