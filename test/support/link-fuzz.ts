// Fuzzing share links against the real page: fast-check arbitraries for links (valid ones, mutated ones, pairs of
// known and unknown keys with hostile values, raw garbage), and one check of a link in an open page through a
// pasted hash. The codec (decodeLink) is the oracle: a refused link must show the red banner, an accepted one with
// warnings the banner, a clean one its config; no page error, no blank page, an answer within the time limit.
// Used by the small sample in test/e2e/fuzz.test.ts and by `npm run fuzz` at 10^4 links.
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { CONFIG_TABLE, DEFAULT_CONFIG, type Config, type Prop } from '../../src/core/config-table';
import { validateConfig } from '../../src/core/config';
import { decodeLink, encodeLink } from '../../src/core/share-link';

export type LinkVerdict = 'accepted' | 'refused' | 'crashed' | 'hung';
export interface LinkOutcome {
  verdict: LinkVerdict;
  /** What went wrong, for crashed and hung links. */
  detail?: string;
}

/** How long a pasted link may take to show its result. */
const ANSWER_MS = 5000;

function valueArb(prop: Prop): fc.Arbitrary<unknown> {
  switch (prop.type) {
    case 'int':
      return fc.integer({ min: prop.min, max: prop.max });
    case 'float':
      return fc.double({ min: prop.min, max: prop.max, noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x));
    case 'bool':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...prop.values);
    case 'set':
      return fc.subarray([...prop.values]);
  }
}

/** Any valid config (the cross-field rules of config.ts included). */
export const configArb: fc.Arbitrary<Config> = fc
  .record(Object.fromEntries(CONFIG_TABLE.map((p) => [p.key, valueArb(p)])) as Record<string, fc.Arbitrary<unknown>>)
  .map((c) => ({ ...DEFAULT_CONFIG, ...c }) as Config)
  .filter((c) => validateConfig(c).ok);

const hostile = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('%ZZ', '%', '%E0%A4%A', '<script>alert(1)</script>', '__proto__', 'constructor', 'NaN', 'Infinity', '-0', '1e999', '0x10', ' 8', '8 ', '', '=', '&&', '#', '%00', 'a'.repeat(250)),
);
const key = fc.oneof(fc.constantFrom(...CONFIG_TABLE.map((p) => p.key), 'v', 'c', '__proto__', 'constructor'), fc.string({ maxLength: 45 }));
const enc = (s: string) => fc.constantFrom(s, encodeURIComponent(s));

/** Pairs of known or unknown keys with valid or hostile values, raw or percent-encoded, repeats allowed. */
const pairsArb = fc.array(fc.tuple(key, fc.oneof(hostile, fc.constantFrom('1', '8', 'true', 'click-tab', '0.2'))).chain(([k, v]) => fc.tuple(enc(k), enc(v))), { maxLength: 12 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

/** A valid link, then cut, with a pair repeated, a value swapped for a hostile one, or an unknown long key. */
const mutatedArb = fc.tuple(configArb, fc.nat(), fc.nat(), hostile).map(([config, a, b, junk]) => {
  const link = encodeLink(config);
  const pairs = link.split('&');
  switch (a % 5) {
    case 0:
      return link.slice(0, b % (link.length + 1));
    case 1:
      return [...pairs, pairs[b % pairs.length]].join('&');
    case 2:
      return pairs.map((p, i) => (i === b % pairs.length ? `${p.split('=')[0]}=${encodeURIComponent(junk)}` : p)).join('&');
    case 3:
      return `${link}&${'k'.repeat(41 + (b % 20))}x=${encodeURIComponent(junk)}&${'k'.repeat(41 + (b % 20))}y=1`;
    default:
      return link;
  }
});

/** Every kind of link, with the page's `#` in front. */
export const linkArb: fc.Arbitrary<string> = fc.oneof(mutatedArb, pairsArb.map((p) => `v=1&${p}`), pairsArb, fc.string({ maxLength: 120 })).map((l) => `#${l}`);

/** Links that broke the page on main (duplicate messages blanked it). */
export const KNOWN_BAD_LINKS = ['#v=1&group=1&group=2&group=3', '#v=1&%ZZ=1&%ZZ=2', `#v=1&${'k'.repeat(45)}a=1&${'k'.repeat(45)}b=2`];

/** Starts collecting the page's uncaught errors and console errors into the returned list. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  return errors;
}

/**
 * Pastes `link` as the page's hash and judges what the page shows against the codec's verdict on the hash the
 * browser kept (it percent-encodes some characters). `errors` is the list from collectPageErrors.
 */
export async function checkLink(page: Page, link: string, errors: string[]): Promise<LinkOutcome> {
  const before = errors.length;
  const timer = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), ANSWER_MS));
  const shown = page.evaluate(async (hash) => {
    location.hash = '';
    location.hash = hash;
    const target = location.hash;
    if (target !== '') {
      // The page's own listener runs first; a task later its DOM is drawn. (No named function in here: tsx would
      // wrap it in a helper the page does not have.)
      await new Promise<void>((resolve) => {
        const done = new AbortController();
        addEventListener(
          'hashchange',
          () => {
            if (location.hash !== target) return;
            done.abort();
            setTimeout(resolve, 0);
          },
          { signal: done.signal },
        );
      });
    }
    const banner = document.querySelector('[data-testid="link-errors"]');
    // A team's link opens the Team tab, whose form names its env field team-env.
    const env = document.querySelector<HTMLSelectElement>('select[name="env"], select[name="team-env"]');
    return { hash: location.hash, alive: document.querySelector('#app header') !== null, banner: banner?.textContent ?? null, refused: banner?.classList.contains('error') ?? false, env: env?.value ?? null };
  }, link);
  const got = await Promise.race([shown, timer]).catch((e: unknown) => ({ thrown: e instanceof Error ? e.message : String(e) }));
  if (got === 'hung') return { verdict: 'hung', detail: `no answer within ${ANSWER_MS} ms` };
  if ('thrown' in got) return { verdict: 'crashed', detail: got.thrown };
  if (errors.length > before) return { verdict: 'crashed', detail: errors.slice(before).join('; ') };
  if (!got.alive) return { verdict: 'crashed', detail: 'the page went blank' };
  const expected = decodeLink(got.hash);
  if (got.hash.replace(/^#/, '') === '') return { verdict: 'accepted' };
  if (!expected.ok) return got.refused ? { verdict: 'refused' } : { verdict: 'crashed', detail: 'refused by the codec, but no error banner' };
  if (got.refused) return { verdict: 'crashed', detail: 'accepted by the codec, but the page shows an error' };
  if (expected.warnings.length > 0 && !got.banner) return { verdict: 'crashed', detail: 'warnings, but no banner' };
  if (!expected.config.hide.includes('config') && got.env !== expected.config.env) return { verdict: 'crashed', detail: `env ${got.env}, the link says ${expected.config.env}` };
  return { verdict: 'accepted' };
}

/** After the links: a small run pasted, one Step, and the update counter must reach 1 (the page still trains). */
export async function stillTrains(page: Page, timeoutMs = 120_000): Promise<boolean> {
  const small = encodeLink({ ...DEFAULT_CONFIG, env: 'click-button', model: 'tiny', group: 2, tasks: 2, bcSteps: 1, updates: 2, backend: 'cpu', seed: 1 });
  await page.evaluate((hash) => (location.hash = hash), `#${small}`);
  const reset = page.getByTestId('reset');
  if (await reset.isEnabled().catch(() => false)) await reset.click();
  await page.getByTestId('step').click();
  try {
    await page.waitForFunction(() => document.querySelector('[data-testid="update"]')?.textContent === '1', undefined, { timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}
