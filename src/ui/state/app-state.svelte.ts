// Page-level state: the experiment config (restored from the URL hash when the page opens), link problems, backend info.
import type { Config } from '../../core/config-table';
import type { FieldError } from '../../core/config';
import { decodeLink, encodeLink } from '../../core/share-link';
import { getPreset, presetConfig } from '../../rl/presets';
import type { BackendInfo } from '../../workers/protocol';

/** What the page opens with when its link names no experiment: the first-steps preset, which learns in seconds. */
export const START_CONFIG: Config = presetConfig(getPreset('first-steps')!);

export class AppState {
  config = $state<Config>(START_CONFIG);
  linkErrors = $state.raw<FieldError[]>([]);
  linkWarnings = $state.raw<string[]>([]);
  backend = $state.raw<BackendInfo | null>(null);
  backendError = $state<string | null>(null);
  shareLink = $derived(encodeLink(this.config));

  /** Reads the experiment from a URL hash; a bad link leaves the start config and lists what was wrong. */
  loadFromHash(hash: string): void {
    if (hash.replace(/^#/, '') === '') return;
    const result = decodeLink(hash);
    this.linkWarnings = result.warnings;
    if (result.ok) {
      this.config = result.config;
      this.linkErrors = [];
    } else {
      this.config = START_CONFIG;
      this.linkErrors = result.errors;
    }
  }

  dismissLinkMessages(): void {
    this.linkErrors = [];
    this.linkWarnings = [];
  }
}
