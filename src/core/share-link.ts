// The share-link codec: config <-> URL hash as readable, versioned key=value pairs
// (`#v=1&env=click-button&group=8&...`). A link is untrusted input: it is bounded, parsed field by
// field, never evaluated, and a bad one yields messages naming the field, the value and what is allowed.
import { CONFIG_TABLE, propOf, type Config } from './config-table';
import { formatFieldText, parseFieldText, previewValue, validateConfig, type FieldError } from './config';

export const LINK_VERSION = 1;
/** Longest hash accepted, in characters. */
export const MAX_LINK_LENGTH = 4096;
/** Longest single value accepted, in characters (a `families` set of every env id must fit). */
export const MAX_VALUE_LENGTH = 1024;
/** Most key=value pairs accepted. */
export const MAX_PAIRS = 64;

export type LinkResult =
  | { ok: true; config: Config; warnings: string[] }
  | { ok: false; errors: FieldError[]; warnings: string[] };

/** The hash (without '#') for a config: every field, in table order, so a link pins the whole experiment. */
export function encodeLink(config: Config): string {
  const pairs = [`v=${LINK_VERSION}`];
  for (const prop of CONFIG_TABLE) {
    pairs.push(`${prop.key}=${encodeURIComponent(formatFieldText(prop, config[prop.key]))}`);
  }
  return pairs.join('&');
}

/** The part of a full URL, '#hash' or bare hash that holds the pairs. */
function pairsText(link: string): string {
  const hashAt = link.indexOf('#');
  if (hashAt >= 0) return link.slice(hashAt + 1);
  const queryAt = link.indexOf('?');
  if (queryAt >= 0) return link.slice(queryAt + 1);
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(link) ? '' : link;
}

/**
 * Parses a link (a full URL, '#...' or the bare pairs). Missing keys take their defaults;
 * unknown keys are ignored with a warning; never throws.
 */
export function decodeLink(link: string): LinkResult {
  const warnings: string[] = [];
  const errors: FieldError[] = [];
  if (typeof link !== 'string') return { ok: false, errors: [{ key: 'link', value: '', message: 'is not text' }], warnings };
  if (link.length > MAX_LINK_LENGTH) {
    return {
      ok: false,
      errors: [{ key: 'link', value: `${link.length} characters`, message: `is longer than ${MAX_LINK_LENGTH} characters` }],
      warnings,
    };
  }
  const text = pairsText(link);
  const parts = text === '' ? [] : text.split('&').filter((p) => p !== '');
  if (parts.length > MAX_PAIRS) {
    return { ok: false, errors: [{ key: 'link', value: `${parts.length} pairs`, message: `has more than ${MAX_PAIRS} pairs` }], warnings };
  }
  const input: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    const rawKey = eq >= 0 ? part.slice(0, eq) : part;
    const rawValue = eq >= 0 ? part.slice(eq + 1) : '';
    const key = safeDecode(rawKey);
    const value = safeDecode(rawValue);
    if (key === null) {
      errors.push({ key: previewValue(rawKey), value: previewValue(rawValue), message: 'key is not valid percent-encoding' });
      continue;
    }
    if (value === null) {
      errors.push({ key, value: previewValue(rawValue), message: 'value is not valid percent-encoding' });
      continue;
    }
    if (seen.has(key)) {
      errors.push({ key, value: previewValue(value), message: 'appears more than once' });
      continue;
    }
    seen.add(key);
    if (value.length > MAX_VALUE_LENGTH) {
      errors.push({ key, value: previewValue(value), message: `is longer than ${MAX_VALUE_LENGTH} characters` });
      continue;
    }
    if (key === 'v') {
      if (value !== String(LINK_VERSION)) {
        errors.push({ key, value: previewValue(value), message: `unsupported link version (this page reads v=${LINK_VERSION})` });
      }
      continue;
    }
    const prop = propOf(key);
    if (!prop) {
      warnings.push(`ignored unknown setting '${previewValue(key)}'`);
      continue;
    }
    const parsed = parseFieldText(prop, value);
    if ('error' in parsed) errors.push({ key, value: previewValue(value), message: parsed.error });
    else input[key] = parsed.value;
  }
  const checked = validateConfig(input);
  if (!checked.ok) errors.push(...checked.errors);
  if (errors.length > 0 || !checked.ok) return { ok: false, errors, warnings };
  return { ok: true, config: checked.config, warnings };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
