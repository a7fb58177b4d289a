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

export const ENV_SPECS: readonly EnvSpec[] = [
  clickButton, clickCheckboxes, clickTab, clickTab2, clickMenu, enterText, loginUser, chooseList, useAutocomplete,
  formSequence, readTable, searchEngine, emailInbox, shopCheckout, flightBooking, cardBattlerSpec, gridWorldSpec,
];

export const ENV_IDS: readonly string[] = ENV_SPECS.map((s) => s.id);

export function getEnvSpec(id: string): EnvSpec {
  const spec = ENV_SPECS.find((s) => s.id === id);
  if (!spec) throw new Error(`unknown environment '${id}' (known: ${ENV_IDS.join(', ')})`);
  return spec;
}
