// The registry of every environment: web tasks and games, with their metadata, factories and experts.

import type { EnvSpec } from './api';
import { cardBattlerSpec } from './games/card-battler';
import { gridWorldSpec } from './games/grid-world';
import { chooseList } from './web/choose-list';
import { clickButton } from './web/click-button';
import { clickCheckboxes } from './web/click-checkboxes';
import { clickMenu } from './web/click-menu';
import { clickTab } from './web/click-tab';
import { clickTab2 } from './web/click-tab-2';
import { emailInbox } from './web/email-inbox';
import { enterText } from './web/enter-text';
import { flightBooking } from './web/flight-booking';
import { formSequence } from './web/form-sequence';
import { loginUser } from './web/login-user';
import { readTable } from './web/read-table';
import { searchEngine } from './web/search-engine';
import { shopCheckout } from './web/shop-checkout';
import { useAutocomplete } from './web/use-autocomplete';
import { copyPaste2 } from './web/copy-paste-2';
import { emailInboxForwardNl } from './web/email-inbox-forward-nl';
import { enterDate } from './web/enter-date';
import { enterPassword } from './web/enter-password';
import { enterTime } from './web/enter-time';
import { bookFlightFull } from './web/book-flight-full';
import { chooseDate } from './web/choose-date';
import { clickCollapsible2 } from './web/click-collapsible-2';
import { findWord } from './web/find-word';
import { forum } from './web/forum';
import { loginUserPopup } from './web/login-user-popup';
import { navigateTree } from './web/navigate-tree';
import { phoneBook } from './web/phone-book';
import { socialMedia } from './web/social-media';
import { socialMediaAll } from './web/social-media-all';
import { terminal } from './web/terminal';
import { useSpinner } from './web/use-spinner';
import { multiLayouts } from './web/multi-layouts';
import { multiOrderings } from './web/multi-orderings';
import { textTransform } from './web/text-transform';
import { longPage } from './web/long-page';

export const ENV_SPECS: readonly EnvSpec[] = [
  clickButton, clickCheckboxes, clickTab, clickTab2, clickMenu, enterText, loginUser, chooseList, useAutocomplete,
  formSequence, readTable, searchEngine, emailInbox, shopCheckout, flightBooking, cardBattlerSpec, gridWorldSpec,
  // The newer web families (issue 14), MiniWoB++ tasks that need reading, typing, several steps or navigation.
  enterPassword, enterDate, enterTime, textTransform, copyPaste2, findWord, multiOrderings, multiLayouts,
  loginUserPopup, terminal, useSpinner, clickCollapsible2, navigateTree, chooseDate, socialMedia, socialMediaAll, phoneBook, emailInboxForwardNl, bookFlightFull, forum,
  // A page longer than a tiny policy's context, for teams whose agents each read a part (src/multi/view.ts).
  longPage,
];

export const ENV_IDS: readonly string[] = ENV_SPECS.map((s) => s.id);

export function getEnvSpec(id: string): EnvSpec {
  const spec = ENV_SPECS.find((s) => s.id === id);
  if (!spec) throw new Error(`unknown environment '${id}' (known: ${ENV_IDS.join(', ')})`);
  return spec;
}
