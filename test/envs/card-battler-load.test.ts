// Loads card-battler.ts inside a test rather than at the top of the file, so that a module that throws while it
// loads (its level table naming an option it does not have) fails a test: Stryker reads a test file that cannot
// import as one with no failing test (issue 21's mutation pass).
import { expect, it } from 'vitest';

it('loads, its four levels naming its own options', async () => {
  const { cardBattlerSpec } = await import('../../src/envs/games/card-battler');
  expect(cardBattlerSpec.levels?.map((l) => l.fights)).toEqual([1, 2, 3, 4]);
});
