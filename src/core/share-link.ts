// The share-link codec: config <-> URL hash as readable, versioned key=value pairs
// (`#v=1&env=click-button&group=8&...`). A link is untrusted input: it is bounded, parsed field by
// field, never evaluated, and a bad one yields messages naming the field, the value and what is allowed.
// A short checksum (`c=`, right after `v=`) covers every setting, so a link cut short or edited after it was made
// is reported as such; a link without one still loads, with a warning.
import { CONFIG_TABLE, propOf, type Config } from './config-table';
import { formatFieldText, parseFieldText, previewValue, validateConfig, type FieldError } from './config';
import { hashString } from './rng';

export const LINK_VERSION = 1;
/** Longest hash accepted, in characters. */
export const MAX_LINK_LENGTH = 4096;
/** Longest single value accepted, in characters (a `families` set of every env id must fit). */
export const MAX_VALUE_LENGTH = 1024;
/** Most key=value pairs accepted: every config key, v and c, with room for a few more keys. */
export const MAX_PAIRS = 80;
/** The checksum's key: 6 hex digits (24 bits) of a hash of every other pair but v. */
export const CHECKSUM_KEY = 'c';
const CHECKSUM_SALT = 0x5eed11c5;

/** The checksum of a link's settings: decoded key/value pairs, in any order (reordering is not an edit). */
function checksumOf(pairs: readonly (readonly [string, string])[]): string {
  // Keys are distinct (a repeated key is refused before the checksum is read), so no two compare equal.
  // Stryker disable next-line EqualityOperator: with distinct keys a <= b is a < b
  const canonical = JSON.stringify([...pairs].sort(([a], [b]) => (a < b ? -1 : 1)));
  return (hashString(canonical, CHECKSUM_SALT) & 0xffffff).toString(16).padStart(6, '0');
}

export type LinkResult =
  | { ok: true; config: Config; warnings: string[] }
  | { ok: false; errors: FieldError[]; warnings: string[] };

/** The hash (without '#') for a config: the checksum, then every field in table order, so a link pins the whole experiment. */
export function encodeLink(config: Config): string {
  const pairs = CONFIG_TABLE.map((prop) => [prop.key, formatFieldText(prop, config[prop.key])] as const);
  const fields = pairs.map(([key, text]) => `${key}=${encodeURIComponent(text)}`);
  return [`v=${LINK_VERSION}`, `${CHECKSUM_KEY}=${checksumOf(pairs)}`, ...fields].join('&');
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
  const parts = text.split('&').filter((p) => p !== '');
  if (parts.length > MAX_PAIRS) {
    return { ok: false, errors: [{ key: 'link', value: `${parts.length} pairs`, message: `has more than ${MAX_PAIRS} pairs` }], warnings };
  }
  const input: Record<string, unknown> = {};
  const seen = new Set<string>();
  const settings: [string, string][] = [];
  let checksum: string | undefined;
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
    if (key === CHECKSUM_KEY) {
      checksum = value;
      continue;
    }
    if (key !== 'v') settings.push([key, value]);
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
    else input[key] = prop.type === 'set' && prop.lenient ? knownOnly(prop.key, prop.values, parsed.value as string[], warnings) : parsed.value;
  }
  const checksumError = checkChecksum(checksum, settings, warnings);
  if (checksumError) errors.unshift(checksumError);
  const checked = validateConfig(input);
  if (!checked.ok) errors.push(...checked.errors);
  if (errors.length > 0 || !checked.ok) return { ok: false, errors, warnings };
  return { ok: true, config: checked.config, warnings };
}

/** The checksum's verdict: an error when it is malformed or does not match, a warning when there is none. */
function checkChecksum(given: string | undefined, settings: readonly (readonly [string, string])[], warnings: string[]): FieldError | null {
  if (given === undefined) {
    warnings.push('this link has no checksum (c=), so a link cut short or edited cannot be told from a whole one; it was loaded as it is');
    return null;
  }
  if (!/^[0-9a-f]{6}$/.test(given)) return { key: CHECKSUM_KEY, value: previewValue(given), message: "must be 6 hexadecimal digits (the link's checksum): the link was cut short or edited" };
  if (given !== checksumOf(settings)) {
    return { key: CHECKSUM_KEY, value: given, message: 'does not match the settings: the link was cut short or edited after it was made (remove c= to load it as it is)' };
  }
  return null;
}

/** A lenient set's known values; each unknown one is named in a warning. */
function knownOnly(key: string, known: readonly string[], given: readonly string[], warnings: string[]): string[] {
  for (const v of given) if (!known.includes(v)) warnings.push(`ignored unknown ${key} value '${previewValue(v)}' (known: ${known.join(', ')})`);
  return given.filter((v) => known.includes(v));
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
