// Loads grid-world.ts inside a test rather than at the top of the file, so that a module that throws while it loads
// (its level table naming an option it does not have) fails a test: Stryker reads a test file that cannot import as
// one with no failing test (issue 21's mutation pass).
import { expect, it } from 'vitest';

it('loads, its five levels naming its own options', async () => {
  const { gridWorldSpec } = await import('../../src/envs/games/grid-world');
  expect(gridWorldSpec.levels?.map((l) => l.width)).toEqual([7, 9, 9, 11, 13]);
});
