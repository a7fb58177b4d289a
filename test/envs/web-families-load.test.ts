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

it('click-checkboxes loads, its levels naming its own options', async () => {
  const { clickCheckboxes } = await import('../../src/envs/web/click-checkboxes');
  expect(clickCheckboxes.levels?.map((l) => `${l.boxes} ${l.targets} ${l.labels}`)).toEqual(['3 1 strings', '4 2 strings', '5 3 phrases', '6 4 phrases', '8 6 phrases']);
});

it('click-tab loads, its levels naming its own options', async () => {
  const { clickTab } = await import('../../src/envs/web/click-tab');
  expect(clickTab.levels?.map((l) => `${l.tabs} ${l.words}`)).toEqual(['2 8', '3 12', '4 12', '6 20']);
});

it('choose-list loads, its levels naming its own options', async () => {
  const { chooseList } = await import('../../src/envs/web/choose-list');
  expect(chooseList.levels?.map((l) => `${l.entries} ${l.words}`)).toEqual(['3 starter', '4 open', '6 open', '9 open', '12 open']);
});

it('long-page loads, its levels naming its own options', async () => {
  const { longPage } = await import('../../src/envs/web/long-page');
  expect(longPage.levels?.map((l) => `${l.buttons} ${l.decoys}`)).toEqual(['12 0', '24 0', '36 0', '48 0', '60 4']);
});

it('multi-orderings loads, its levels naming its own options', async () => {
  const { multiOrderings } = await import('../../src/envs/web/multi-orderings');
  expect(multiOrderings.levels?.map((l) => l.shuffled)).toEqual([0, 1]);
});

it('multi-layouts loads, its levels naming its own options', async () => {
  const { multiLayouts } = await import('../../src/envs/web/multi-layouts');
  expect(multiLayouts.levels?.map((l) => l.styles)).toEqual([1, 2, 3]);
});

it('enter-date loads, its levels naming its own options', async () => {
  const { enterDate } = await import('../../src/envs/web/enter-date');
  expect(enterDate.levels?.map((l) => l.years)).toEqual([1, 10, 40]);
});

it('choose-date loads, its levels naming its own options', async () => {
  const { chooseDate } = await import('../../src/envs/web/choose-date');
  expect(chooseDate.levels?.map((l) => l.months)).toEqual([1, 2, 12, 24]);
});

it('text-transform loads, its levels naming its own options', async () => {
  const { textTransform } = await import('../../src/envs/web/text-transform');
  expect(textTransform.levels?.map((l) => l.length)).toEqual([3, 5, 8]);
});

it('find-word loads, its levels naming its own options', async () => {
  const { findWord } = await import('../../src/envs/web/find-word');
  expect(findWord.levels?.map((l) => l.words)).toEqual([8, 15, 30]);
});

it('use-spinner loads, its levels naming its own options', async () => {
  const { useSpinner } = await import('../../src/envs/web/use-spinner');
  expect(useSpinner.levels?.map((l) => l.range)).toEqual([3, 10, 20]);
});

it('copy-paste-2 loads, its levels naming its own options', async () => {
  const { copyPaste2 } = await import('../../src/envs/web/copy-paste-2');
  expect(copyPaste2.levels?.map((l) => l.areas)).toEqual([2, 3, 5]);
});

it('social-media loads, its levels naming its own options', async () => {
  const { socialMedia } = await import('../../src/envs/web/social-media');
  expect(socialMedia.levels?.map((l) => l.posts)).toEqual([3, 4, 10]);
});

it('form-sequence loads, its levels naming its own options', async () => {
  const { formSequence } = await import('../../src/envs/web/form-sequence');
  expect(formSequence.levels?.map((l) => `${l.boxes} ${l.range}`)).toEqual(['2 5', '3 10', '4 20', '6 50']);
});

it('search-engine loads, its levels naming its own options', async () => {
  const { searchEngine } = await import('../../src/envs/web/search-engine');
  expect(searchEngine.levels?.map((l) => `${l.perPage} ${l.pages}`)).toEqual(['3 1', '3 2', '3 3', '4 4', '5 4']);
});

it('enter-time loads, its levels naming its own options', async () => {
  const { enterTime } = await import('../../src/envs/web/enter-time');
  expect(enterTime.levels?.map((l) => l.field)).toEqual(['12h', '24h']);
});

it('read-table loads, its levels naming its own options', async () => {
  const { readTable } = await import('../../src/envs/web/read-table');
  expect(readTable.levels?.map((l) => l.rows)).toEqual([2, 3, 5, 8]);
});

it('login-user-popup loads, its levels naming its own options', async () => {
  const { loginUserPopup } = await import('../../src/envs/web/login-user-popup');
  expect(loginUserPopup.levels?.map((l) => l.popup)).toEqual([0, 50, 100]);
});

it('social-media-all loads, its levels naming its own options', async () => {
  const { socialMediaAll } = await import('../../src/envs/web/social-media-all');
  expect(socialMediaAll.levels?.map((l) => l.posts)).toEqual([4, 5, 12]);
});

it('use-autocomplete loads, its levels naming its own options', async () => {
  const { useAutocomplete } = await import('../../src/envs/web/use-autocomplete');
  expect(useAutocomplete.levels?.map((l) => `${l.suggestions} ${l.words}`)).toEqual(['3 starter', '3 open', '5 open', '8 open']);
});

it('click-tab-2 loads, its levels naming its own options', async () => {
  const { clickTab2 } = await import('../../src/envs/web/click-tab-2');
  expect(clickTab2.levels?.map((l) => `${l.tabs} ${l.words} ${l.links}`)).toEqual(['2 8 4', '3 10 4', '3 14 3', '3 20 3', '4 20 3', '6 30 3']);
});

it('navigate-tree loads, its levels naming its own options', async () => {
  const { navigateTree } = await import('../../src/envs/web/navigate-tree');
  expect(navigateTree.levels?.map((l) => `${l.items} ${l.levels} ${l.hidden}`)).toEqual(['8 2 0', '8 2 1', '12 3 1', '16 4 1']);
});

it('email-inbox loads, its levels naming its own options', async () => {
  const { emailInbox } = await import('../../src/envs/web/email-inbox');
  expect(emailInbox.levels?.map((l) => `${l.emails} ${l.task}`)).toEqual(['3 any', '4 any', '6 any', '8 any', '10 any']);
});

it('email-inbox-forward-nl loads, its levels naming its own options', async () => {
  const { emailInboxForwardNl } = await import('../../src/envs/web/email-inbox-forward-nl');
  expect(emailInboxForwardNl.levels?.map((l) => l.emails)).toEqual([3, 4, 8]);
});

it('forum loads, its levels naming its own options', async () => {
  const { forum } = await import('../../src/envs/web/forum');
  expect(forum.levels?.map((l) => `${l.boards} ${l.threads} ${l.posts}`)).toEqual(['2 2 2', '3 3 3', '5 5 5']);
});

it('click-collapsible-2 loads, its levels naming its own options', async () => {
  const { clickCollapsible2 } = await import('../../src/envs/web/click-collapsible-2');
  expect(clickCollapsible2.levels?.map((l) => `${l.sections} ${l.words}`)).toEqual(['2 12', '3 20', '4 16', '6 24']);
});

it('click-menu loads, its levels naming its own options', async () => {
  const { clickMenu } = await import('../../src/envs/web/click-menu');
  expect(clickMenu.levels?.map((l) => `${l.width} ${l.depth} ${l.decoys}`)).toEqual(['2 2 0', '3 2 0', '3 2 1', '3 3 2', '4 3 2', '5 3 2']);
});

it('flight-booking loads, its levels naming its own options', async () => {
  const { flightBooking } = await import('../../src/envs/web/flight-booking');
  expect(flightBooking.levels?.map((l) => `${l.flights} ${l.cities}`)).toEqual(['2 2', '3 3', '4 4', '6 6', '6 8']);
});

it('book-flight-full loads, its levels naming its own options', async () => {
  const { bookFlightFull } = await import('../../src/envs/web/book-flight-full');
  expect(bookFlightFull.levels?.map((l) => `${l.flights} ${l.suggestions}`)).toEqual(['3 8', '4 5', '8 3']);
});

it('terminal loads, its levels naming its own options', async () => {
  const { terminal } = await import('../../src/envs/web/terminal');
  expect(terminal.levels?.map((l) => l.files)).toEqual([3, 6, 12]);
});

it('phone-book loads, its levels naming its own options', async () => {
  const { phoneBook } = await import('../../src/envs/web/phone-book');
  expect(phoneBook.levels?.map((l) => l.contacts)).toEqual([3, 5, 10]);
});

it('shop-checkout loads, its levels naming its own options', async () => {
  const { shopCheckout } = await import('../../src/envs/web/shop-checkout');
  expect(shopCheckout.levels?.map((l) => l.items)).toEqual([2, 4, 6, 8]);
});
