// Edge cases of the use-autocomplete family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (the place, the prefix's and the ending's lengths, the ending's coin), the pools over seeds, the page
// drawn (the field, the suggestions under it, Submit), typing and choosing, Submit, progress, the expert and the turn
// limit. Values are worked out by hand from the starter cities of the train split:
// London, Madrid, Rome, Vienna, Prague, Lisbon, Dublin, Tokyo, Seoul, Sydney, Toronto, Miami, Cairo, Lima.
import { describe, expect, it } from 'vitest';
import { CITY_NAMES, COUNTRY_NAMES } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { useAutocomplete } from '../../src/envs/web/use-autocomplete';
import { CITIES } from '../../src/envs/words';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/use-autocomplete';

const def = defOf<State>(useAutocomplete);
const train = poolsOf('train');
/** Starter cities of train, at most 2 suggestions; the goal: starts with "L" (London, Lisbon, Lima), target Lima. */
const state = (over: Partial<State> = {}): State => ({ split: 'train', starter: true, limit: 2, prefix: 'L', suffix: '', target: 'Lima', value: '', picked: false, ...over });

describe('use-autocomplete: the family', () => {
  it('says what it is, its turn limit, options and levels; it types free text', () => {
    expect(useAutocomplete).toMatchObject({ id: 'use-autocomplete', suite: 'web', family: 'use-autocomplete', maxTurns: 6, miniwob: 'use-autocomplete', freeText: true });
    expect(useAutocomplete.description).toBe('Type a prefix into the field, choose a matching suggestion and click Submit.');
    expect(useAutocomplete.options).toEqual([
      { name: 'suggestions', doc: 'at most this many suggestions show', kind: 'int', default: 5, min: 2, max: 8 },
      { name: 'words', doc: 'starter (20 cities) or open (hundreds of cities and countries)', kind: 'enum', default: 'open', values: ['starter', 'open'] },
    ]);
    expect(useAutocomplete.levels).toEqual([
      { suggestions: 3, words: 'starter' },
      { suggestions: 3, words: 'open' },
      { suggestions: 5, words: 'open' },
      { suggestions: 8, words: 'open' },
    ]);
  });
});

describe('use-autocomplete: init on a scripted stream', () => {
  it('the place, a prefix of 2-4 letters (never the whole name), an ending of 2-4 on a 3-in-4 coin', () => {
    expect(train.words(CITIES)).toEqual(['London', 'Madrid', 'Rome', 'Vienna', 'Prague', 'Lisbon', 'Dublin', 'Tokyo', 'Seoul', 'Sydney', 'Toronto', 'Miami', 'Cairo', 'Lima']);
    // London; prefix 2 + 1 = 3 letters; coin 0.5 < 0.75 ends; ending 2 + 0 = 2 letters: "Lon ... on" is a test goal,
    // so it is drawn again, the ending now 2 + 1 = 3 letters
    let rng = scripted([0, 1, 0.5, 0, 0, 1, 0.5, 1]);
    let r = def.init(rng, { suggestions: 3, words: 'starter' }, train);
    expect(r.goal).toBe('Enter an item that starts with "Lon" and ends with "don".');
    expect(r.state).toEqual({ split: 'train', starter: true, limit: 3, prefix: 'Lon', suffix: 'don', target: 'London', value: '', picked: false });
    expect(rng.asked).toEqual(['int(14)', 'int(3)', 'next', 'int(3)', 'int(14)', 'int(3)', 'next', 'int(3)']);
    // Rome: 4 letters asked, 3 taken (one left to type); coin 0.75 is no ending
    rng = scripted([2, 2, 0.75]);
    r = def.init(rng, { suggestions: 2, words: 'starter' }, train);
    expect(r.goal).toBe('Enter an item that starts with "Rom".');
    expect([r.state.prefix, r.state.suffix, r.state.limit, r.state.target]).toEqual(['Rom', '', 2, 'Rome']);
    expect(rng.asked).toEqual(['int(14)', 'int(3)', 'next']);
    // after "Rom" one letter is left for the ending, whatever is asked
    expect(def.init(scripted([2, 2, 0.1, 0]), { suggestions: 3, words: 'starter' }, train).goal).toBe('Enter an item that starts with "Rom" and ends with "e".');
    // Rome: prefix "Ro"; an ending of 4 asked, only the 2 letters after the prefix taken
    r = def.init(scripted([2, 0, 0.1, 2]), { suggestions: 3, words: 'starter' }, train);
    expect(r.goal).toBe('Enter an item that starts with "Ro" and ends with "me".');
  });

  it('the open words are cities and countries without a space, of the split', () => {
    const open = [...CITY_NAMES, ...COUNTRY_NAMES.filter((c) => !c.includes(' '))];
    expect(COUNTRY_NAMES).toContain('American Samoa');
    const items = train.words(open);
    const rng = scripted([items.indexOf('Samoa'), 0, 0.9]);
    const r = def.init(rng, { suggestions: 5, words: 'open' }, train);
    expect(r.goal).toBe('Enter an item that starts with "Sa".');
    expect(r.state).toMatchObject({ starter: false, limit: 5, target: 'Samoa' });
    expect(rng.asked[0]).toBe(`int(${items.length})`);
  });
});

describe('use-autocomplete: over seeds', () => {
  it('each goal and target of the split, the target fitting the goal', () => {
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 40; seed++) {
        const env = useAutocomplete.create();
        env.reset({ seed, split, options: { words: 'starter' } });
        const { state: s, goal } = env as unknown as { state: State; goal: string };
        expect(inSplit(s.target, split)).toBe(true);
        expect(inSplit(goal, split)).toBe(true);
        expect(s.target.startsWith(s.prefix) && s.target.endsWith(s.suffix)).toBe(true);
        expect(s.prefix.length).toBeGreaterThanOrEqual(2);
        expect(s.prefix.length).toBeLessThan(s.target.length);
      }
    }
  });
});

describe('use-autocomplete: the page and its handlers', () => {
  it('the field and Submit; typed letters list the first matches in any case, at most the limit', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 textbox 'Tags' = \"\"", "2 button 'Submit'"]);
    expect(lines(drawn(def, state({ value: 'l' })))).toEqual(["1 textbox 'Tags' = \"l\"", "2 option 'London' depth 1", "3 option 'Lisbon' depth 1", "4 button 'Submit'"]);
    expect(lines(drawn(def, state({ value: 'L', limit: 3 })))).toEqual(["1 textbox 'Tags' = \"L\"", "2 option 'London' depth 1", "3 option 'Lisbon' depth 1", "4 option 'Lima' depth 1", "5 button 'Submit'"]);
    expect(lines(drawn(def, state({ value: 'LI' })))).toEqual(["1 textbox 'Tags' = \"LI\"", "2 option 'Lisbon' depth 1", "3 option 'Lima' depth 1", "4 button 'Submit'"]);
    // a chosen value lists nothing; test's cities are not suggested in train
    expect(lines(drawn(def, state({ value: 'Lima', picked: true })))).toEqual(["1 textbox 'Tags' = \"Lima\"", "2 button 'Submit'"]);
    expect(lines(drawn(def, state({ value: 'Par' })))).toEqual(["1 textbox 'Tags' = \"Par\"", "2 button 'Submit'"]);
    expect(lines(drawn(def, state({ value: 'Par', split: 'test' })))).toEqual(["1 textbox 'Tags' = \"Par\"", "2 option 'Paris' depth 1", "3 button 'Submit'"]);
    // open words: Salem and Samoa both match "Sa" among others, the limit cuts the list
    expect(lines(drawn(def, state({ value: 'sal', starter: false, limit: 8 })))).toEqual(["1 textbox 'Tags' = \"sal\"", "2 option 'Salem' depth 1", "3 option 'Salina' depth 1", "4 option 'Salinas' depth 1", "5 button 'Submit'"]);
  });

  it('typing sets the value unchosen, choosing sets it chosen; Submit takes only a chosen fitting value', () => {
    const env = envWith(useAutocomplete, state({ value: 'x', picked: true }));
    expect(env.step('fill(1, "Li")').info).toMatchObject({ progress: 0.3 });
    expect(env.state).toMatchObject({ value: 'Li', picked: false });
    expect(env.step('click(3)').terminated).toBe(false);
    expect(env.state).toMatchObject({ value: 'Lima', picked: true });
    expect(env.step('click(2)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    // a chosen place that misses the ending fails; a typed whole name fails
    expect(envWith(useAutocomplete, state({ suffix: 'ma', value: 'Lisbon', picked: true })).step('click(2)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(envWith(useAutocomplete, state({ value: 'Lima', picked: false })).step('click(3)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(envWith(useAutocomplete, state({ prefix: 'Li', value: 'London', picked: true })).step('click(2)').reward).toBe(0);
    // the ending is the end of the name, not its start
    expect(envWith(useAutocomplete, state({ prefix: 'Lo', suffix: 'on', value: 'London', picked: true })).step('click(2)').reward).toBe(1);
  });

  it('progress: 0.6 for a chosen fitting value, 0.3 for typed text starting with the prefix, else 0', () => {
    expect(def.progress(state({ value: 'Lima', picked: true }))).toBe(0.6);
    expect(def.progress(state({ value: 'Lima', picked: false }))).toBe(0.3);
    expect(def.progress(state({ suffix: 'ma', value: 'Lisbon', picked: true }))).toBe(0.3);
    expect(def.progress(state({ prefix: 'Li', value: 'London', picked: true }))).toBe(0);
    expect(def.progress(state({ value: 'l' }))).toBe(0);
    expect(def.progress(state({ prefix: 'Lo', suffix: 'on', value: 'London', picked: true }))).toBe(0.6);
    expect(def.progress(state())).toBe(0);
  });

  it('the expert types the shortest prefix that lists the target, chooses it, then submits; 6 turns', () => {
    // "L" lists London and Lisbon (limit 2), "Li" lists Lisbon and Lima
    const env = envWith(useAutocomplete, state());
    expect(useAutocomplete.expert(env)).toBe('fill(1, "Li")');
    env.step('fill(1, "Li")');
    expect(useAutocomplete.expert(env)).toBe('click(3)');
    env.step('click(3)');
    expect(useAutocomplete.expert(env)).toBe('click(2)');
    // a chosen wrong place: type again; with room for three, the goal's prefix is enough
    expect(useAutocomplete.expert(envWith(useAutocomplete, state({ suffix: 'ma', value: 'Lisbon', picked: true })))).toBe('fill(1, "Li")');
    expect(useAutocomplete.expert(envWith(useAutocomplete, state({ limit: 3 })))).toBe('fill(1, "L")');
    // London is listed first under "L", and under "Lo" only it: the goal's prefix "Lo" is typed
    expect(useAutocomplete.expert(envWith(useAutocomplete, state({ prefix: 'Lo', suffix: 'on', target: 'London' })))).toBe('fill(1, "Lo")');
    // the expert's search stops by the whole name at the latest: no place of either split follows another place
    // that starts with its name, so the whole name always lists it
    for (const split of ['train', 'test'] as const) {
      const items = poolsOf(split).words([...CITY_NAMES, ...COUNTRY_NAMES.filter((c) => !c.includes(' '))]);
      items.forEach((t, i) => expect(items.slice(0, i).filter((c) => c.toLowerCase().startsWith(t.toLowerCase()))).toEqual([]));
    }
    const t = envWith(useAutocomplete, state());
    for (let i = 0; i < 5; i++) expect(t.step('fill(1, "x")').truncated).toBe(false);
    expect(t.step('fill(1, "x")')).toMatchObject({ terminated: false, truncated: true });
  });
});
