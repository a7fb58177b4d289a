// Loads web families inside tests rather than at the top of a file, so that a family module that throws while it
// loads (a level table naming an option it does not have) fails a test: Stryker reads a test file that cannot import
// as one with no failing test (issue 21's mutation pass; the families' edge tests import them as usual).
import { expect, it } from 'vitest';

it('login-user loads, its levels naming its own options', async () => {
  const { loginUser } = await import('../../src/envs/web/login-user');
  expect(loginUser.levels?.map((l) => `${l.extras} ${l.words}`)).toEqual(['0 starter', '0 open', '1 open', '2 open', '3 open']);
});

it('enter-password loads, its levels naming its own options', async () => {
  const { enterPassword } = await import('../../src/envs/web/enter-password');
  expect(enterPassword.levels?.map((l) => l.length)).toEqual([3, 6, 10]);
});

it('enter-text loads, its levels naming its own options', async () => {
  const { enterText } = await import('../../src/envs/web/enter-text');
  expect(enterText.levels?.map((l) => `${l.text} ${l.words}`)).toEqual(['starter 1', 'names 1', 'names 2', 'strings 1', 'strings 2', 'strings 3']);
});

it('click-button loads, its levels naming its own options', async () => {
  const { clickButton } = await import('../../src/envs/web/click-button');
  expect(clickButton.levels?.map((l) => `${l.buttons} ${l.decoys} ${l.labels}`)).toEqual(['3 0 starter', '4 2 starter', '4 2 verbs', '6 3 verbs', '8 4 verbs']);
});
