// Large English word lists for the web families, taken from faker's English locale data (@faker-js/faker, MIT; a
// well-kept source of names, words, places and products, so nobody keeps hand-typed lists) and cleaned up: plain
// ASCII words only, no duplicates up to case. Each list holds hundreds of entries; a family draws them through the
// split's Pools (src/envs/split.ts), so about a quarter of every list is seen only in evaluation.

// The package's `en` definitions alone: a bundler keeps only them (faker has no side effects), about 290 kB
// minified, against 440 kB for the `faker/locale/en` instance with faker's generators.
import { en as data } from '@faker-js/faker';

/** The entries matching `pattern`, first spelling kept when two differ only in case, in faker's order. */
function clean(list: readonly string[] | null | undefined, pattern: RegExp, lower = false): readonly string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list ?? []) {
    const w = lower ? raw.toLowerCase() : raw;
    const key = w.toLowerCase();
    if (!pattern.test(w) || seen.has(key)) continue;
    seen.add(key);
    out.push(w);
  }
  if (out.length === 0) throw new Error(`lexicon: faker's list matched nothing for ${pattern}`);
  return Object.freeze(out);
}

const WORD = /^[a-z]{3,9}$/;
const NAME = /^[A-Z][a-z]{2,8}$/;

/** Given names, capitalised (about 3,000). */
export const PERSON_FIRST = clean([...(data.person?.first_name?.female ?? []), ...(data.person?.first_name?.male ?? [])], NAME);
/** Family names, capitalised (about 400). */
export const PERSON_LAST = clean(data.person?.last_name?.generic, NAME);
/** Common nouns, lower case (about 800). */
export const NOUN_WORDS = clean(data.word?.noun, WORD);
/** Adjectives, lower case (about 800). */
export const ADJECTIVE_WORDS = clean(data.word?.adjective, WORD);
/** Verbs, lower case (about 850). */
export const VERB_WORDS = clean(data.word?.verb, WORD);
/** US city names of one word, capitalised (about 500). */
export const CITY_NAMES = clean(data.location?.city_name, NAME);
/** Country names of letters and spaces (about 230). */
export const COUNTRY_NAMES = clean(data.location?.country, /^[A-Z][A-Za-z]+( [A-Za-z]+){0,2}$/);
/** Colour names of one word (about 30). */
export const COLOR_NAMES = clean(data.color?.human, WORD);
/** Lorem ipsum words, MiniWoB's filler text (about 900). */
export const LOREM_WORDS = clean(data.lorem?.word, WORD);
/** Product adjectives, materials and product nouns: "Rustic Bamboo Chair" (27 x 15 x 24 combinations). */
export const PRODUCT_PARTS = {
  adjective: clean(data.commerce?.product_name?.adjective, NAME),
  material: clean(data.commerce?.product_name?.material, NAME),
  product: clean(data.commerce?.product_name?.product, NAME),
} as const;
