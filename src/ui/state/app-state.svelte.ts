// Page-level state: the experiment config (restored from the URL hash when the page opens), link problems, backend info.
import { DEFAULT_CONFIG, type Config } from '../../core/config-table';
import type { FieldError } from '../../core/config';
import { decodeLink, encodeLink } from '../../core/share-link';
import type { BackendInfo } from '../../workers/protocol';

export class AppState {
  config = $state<Config>(DEFAULT_CONFIG);
  linkErrors = $state.raw<FieldError[]>([]);
  linkWarnings = $state.raw<string[]>([]);
  backend = $state.raw<BackendInfo | null>(null);
  backendError = $state<string | null>(null);
  shareLink = $derived(encodeLink(this.config));

  /** Reads the experiment from a URL hash; a bad link leaves the defaults and lists what was wrong. */
  loadFromHash(hash: string): void {
    if (hash.replace(/^#/, '') === '') return;
    const result = decodeLink(hash);
    this.linkWarnings = result.warnings;
    if (result.ok) {
      this.config = result.config;
      this.linkErrors = [];
    } else {
      this.config = DEFAULT_CONFIG;
      this.linkErrors = result.errors;
    }
  }

  dismissLinkMessages(): void {
    this.linkErrors = [];
    this.linkWarnings = [];
  }
}
