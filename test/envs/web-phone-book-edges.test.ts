// Edge cases of the phone-book family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the contacts, target, detail and layout, the episode's key, the first contact's details), the split's
// contacts, layouts and details over seeds, details written on first showing from the episode's key, the page drawn
// on the first, a middle and the last page, the detail links and pagination, progress, the expert's shortest way and
// the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { PERSON_FIRST, PERSON_LAST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { phoneBook, type State } from '../../src/envs/web/phone-book';
import { scripted, type ScriptedRng } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { WebEnv } from '../../src/envs/web/page';

const def = defOf<State>(phoneBook);
const train = poolsOf('train');
const test = poolsOf('test');
type Contact = State['contacts'][number];

/** A scripted stream whose nextU32 (the episode's key) answers `key`, recorded as 'u32'. */
function stream(script: number[], key = 4242): ScriptedRng {
  const rng = scripted(script);
  rng.nextU32 = () => (rng.asked.push('u32'), key);
  return rng;
}

/** Contact i of a hand-written book, its details written. */
const contact = (person: string, i: number): Contact => ({ person, details: { phone: `100-000-000${i}`, email: `${person.toLowerCase()}@mail.io`, address: `${i} Elm Way` } });
/** A book of `names`, on `page`, the target and detail given; no heading or labels unless asked. */
function state(names: string[], page: number, target: number, detail: State['detail'] = 'email', heading = '', labelled = false): State {
  return { contacts: names.map(contact), target, detail, page, heading, labelled, key: 'k', split: 'train' };
}
const TEN = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo'];

describe('phone-book: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(phoneBook).toMatchObject({ id: 'phone-book', suite: 'web', family: 'phone-book', maxTurns: 8, miniwob: 'phone-book' });
    expect(phoneBook.description).toBe('Page through a contact book to the named person and click their phone number, email or address.');
    expect([phoneBook.lesson, phoneBook.instanceKey, phoneBook.freeText]).toEqual([undefined, undefined, undefined]);
    expect(phoneBook.options).toEqual([{ name: 'contacts', doc: 'contacts in the book, one a page', kind: 'int', default: 5, min: 2, max: 12 }]);
    expect(phoneBook.levels).toEqual([{ contacts: 3 }, { contacts: 5 }, { contacts: 10 }]);
  });
});

describe('phone-book: init on a scripted stream', () => {
  it('train: distinct people of the split, the target, the detail, the layout, the key, then the first contact', () => {
    expect(train.words(PERSON_FIRST).slice(0, 4)).toEqual(['Aaliyah', 'Abbie', 'Abbigail', 'Abby']);
    expect(train.words(PERSON_LAST)[1]).toBe('Abernathy');
    // layouts (heading x labels) 0..7, train's first is 7: heading 3 (Phone book), labelled
    expect(layoutOf(scripted([0]), train, 'phone-book', 8)).toBe(7);
    // people 3, 0, 0 again (redrawn), 2: Abby, Aaliyah, Abbigail; target 0, phone; layout 7; key 4242; Abby's details:
    // coin 0.7 keeps 3 + 0 letters (of 3 to min(5, 4)); coin 0.2, no number; gmail, com; 41 + 1 Abernathy Drive;
    // phone 110 + 5, 007, 0042
    const rng = stream([3, 0, 0, 2, 0, 0, 0, 0.7, 0, 0.2, 2, 0, 41, 1, 3, 5, 7, 42]);
    const { goal, state } = def.init(rng, { contacts: 3 }, train);
    expect(goal).toBe('Find Abby in the contact book and click on their phone number.');
    expect(state).toEqual({
      contacts: [
        { person: 'Abby', details: { phone: '115-007-0042', email: 'abb@gmail.com', address: '42 Abernathy Drive' } },
        { person: 'Aaliyah', details: null },
        { person: 'Abbigail', details: null },
      ],
      target: 0,
      detail: 'phone',
      page: 0,
      heading: 'Phone book',
      labelled: true,
      key: '4242',
      split: 'train',
    });
    const people = `int(${train.words(PERSON_FIRST).length})`;
    expect(rng.asked).toEqual([people, people, people, people, 'int(3)', 'int(3)', 'int(6)', 'u32',
      'next', 'int(2)', 'next', 'int(8)', 'int(12)', 'int(9999)', `int(${train.words(PERSON_LAST).length})`, 'int(12)', 'int(880)', 'int(1000)', 'int(10000)']);
    expect(rng.left).toEqual([]);
  });

  it('test: the whole name, a number after it, the last host, domain and street, the highest numbers', () => {
    expect(test.words(PERSON_FIRST).slice(0, 3)).toEqual(['Abagail', 'Abbey', 'Abigail']);
    expect(test.words(PERSON_LAST)[0]).toBe('Adams');
    // the test split's layouts: 3 (Phone book, no labels) and 4 (no heading, labelled)
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'phone-book', 8))).toEqual([3, 4]);
    // people 2, 0: Abigail, Abagail; target 1 (Abagail, on the second page), address; layout 3; key 7; Abigail's
    // details: coin 0.1, the whole name; coin 0.9, 10 + 0 after it; zoho, mx; 9998 + 1 Adams Park; 989-999-9999
    const rng = stream([2, 0, 1, 2, 0, 0.1, 0.9, 0, 7, 11, 9998, 0, 11, 879, 999, 9999], 7);
    const { goal, state } = def.init(rng, { contacts: 2 }, test);
    expect(goal).toBe('Find Abagail in the contact book and click on their address.');
    expect(state).toMatchObject({ target: 1, detail: 'address', page: 0, heading: 'Phone book', labelled: false, key: '7', split: 'test' });
    expect(state.contacts).toEqual([
      { person: 'Abigail', details: { phone: '989-999-9999', email: 'abigail10@zoho.mx', address: '9999 Adams Park' } },
      { person: 'Abagail', details: null },
    ]);
    expect(rng.asked.slice(4, 8)).toEqual(['int(2)', 'u32', 'next', 'next']);
    expect(rng.asked.slice(8)).toEqual(['int(9990)', 'int(8)', 'int(12)', 'int(9999)', 'int(87)', 'int(12)', 'int(880)', 'int(1000)', 'int(10000)']);
    // the email detail's goal
    expect(def.init(stream([0, 1, 0, 1, 0, 0.1, 0.1, 0, 0, 0, 0, 0, 0, 0, 0, 0]), { contacts: 2 }, test).goal).toBe('Find Abagail in the contact book and click on their email.');
  });
});

describe('phone-book: over seeds', () => {
  it('distinct people of the split, every target and detail, the split layouts; only the first contact written', () => {
    const phone = /^(\d{3})-\d{3}-\d{4}$/;
    for (const split of ['train', 'test'] as const) {
      const layouts = new Set<string>();
      const seen = new Set<string>();
      for (let seed = 0; seed < 80; seed++) {
        const env = phoneBook.create();
        env.reset({ seed, split, options: { contacts: 4 } });
        const s = (env as unknown as { state: State }).state;
        const people = s.contacts.map((c) => c.person);
        expect(new Set(people).size).toBe(4);
        for (const p of people) expect(inSplit(p, split)).toBe(true);
        expect(s.contacts.slice(1).map((c) => c.details)).toEqual([null, null, null]);
        const d = s.contacts[0].details as Record<string, string>;
        const first = Number(phone.exec(d.phone)?.[1]);
        expect(first >= 110 && first <= 989, d.phone).toBe(true);
        const name = s.contacts[0].person.toLowerCase();
        const [user, host] = d.email.split('@');
        const bare = user.replace(/\d+$/, '');
        expect(bare === name || (bare.length >= 3 && bare.length <= 5 && name.startsWith(bare)), d.email).toBe(true);
        expect(host).toMatch(/^(hotmail|yahoo|gmail|aol|live|fastmail|proton|zoho)\.(com|net|org|ca|us|io|co|eu|se|jp|it|mx)$/);
        const [number, last, street] = d.address.split(' ');
        expect(Number(number) >= 1 && Number(number) <= 9999).toBe(true);
        expect(inSplit(last, split)).toBe(true);
        expect(['Court', 'Street', 'Road', 'Drive', 'Avenue', 'Lane', 'Place', 'Square', 'Terrace', 'Way', 'Grove', 'Park']).toContain(street);
        expect(s.page).toBe(0);
        layouts.add(`${s.heading}|${s.labelled}`);
        seen.add(`${s.target} ${s.detail}`);
      }
      if (split === 'test') expect([...layouts].sort()).toEqual(['Phone book|false', '|true']);
      else expect([...layouts].sort()).toEqual(['Address book|false', 'Address book|true', 'Contacts|false', 'Contacts|true', 'Phone book|true', '|false']);
      expect(seen.size).toBe(12);
    }
  });

  it("a contact's details are written on first showing, from the episode's key and the contact: the same in a replay", () => {
    const shown = (seed: number) => {
      const env = phoneBook.create() as WebEnv<State>;
      env.reset({ seed, split: 'test', options: { contacts: 3 } });
      env.step(`click(${env.current().elements.findIndex((e) => e.name === 'Last') + 1})`);
      const s = env.state;
      env.step(`click(${env.current().elements.findIndex((e) => e.name === '<') + 1})`);
      return s;
    };
    const a = shown(5);
    expect(a.page).toBe(1);
    expect(a.contacts.every((c) => c.details !== null)).toBe(true);
    expect(shown(5).contacts).toEqual(a.contacts);
    // each contact its own stream: three phone numbers, three addresses; the last names of the test split
    expect(new Set(a.contacts.map((c) => c.details?.phone)).size).toBe(3);
    for (const c of a.contacts) expect(inSplit((c.details?.address as string).split(' ')[1], 'test')).toBe(true);
    // another key, other details
    const unshown = (key: string): State => ({ ...state(['Ann'], 0, 0), contacts: [contact('Ann', 0), { person: 'Bob', details: null }], key });
    const b = unshown('k');
    const c = unshown('other');
    envWith(phoneBook, b).step('click(8)');
    envWith(phoneBook, c).step('click(8)');
    expect(b.contacts[1].details).not.toEqual(c.contacts[1].details);
    expect(b.contacts[1].details?.phone).toMatch(/^\d{3}-\d{3}-\d{4}$/);
  });

  it('details already written stay', () => {
    const s = state(['Ann', 'Bob'], 0, 0);
    envWith(phoneBook, s).step('click(8)');
    expect(s.page).toBe(1);
    expect(s.contacts[1]).toEqual(contact('Bob', 1));
  });
});

describe('phone-book: the page and its handlers', () => {
  it('the first page: the heading, the person, each detail after its label, pagination with First and < shut', () => {
    expect(lines(drawn(def, state(['Ann', 'Bob', 'Cid'], 0, 1, 'email', 'Contacts', true)))).toEqual([
      "1 heading 'Contacts'",
      "2 heading 'Ann'",
      "3 text 'Phone:'",
      "4 link '100-000-0000'",
      "5 text 'Email:'",
      "6 link 'ann@mail.io'",
      "7 text 'Address:'",
      "8 link '0 Elm Way'",
      "9 link 'First' [disabled]",
      "10 link '<' [disabled]",
      "11 link '1' [selected]",
      "12 link '>'",
      "13 link 'Last'",
    ]);
  });

  it('a middle page has every link open; the last shuts > and Last', () => {
    expect(lines(drawn(def, state(['Ann', 'Bob', 'Cid'], 1, 1)))).toEqual([
      "1 heading 'Bob'", "2 link '100-000-0001'", "3 link 'bob@mail.io'", "4 link '1 Elm Way'",
      "5 link 'First'", "6 link '<'", "7 link '2' [selected]", "8 link '>'", "9 link 'Last'",
    ]);
    expect(lines(drawn(def, state(['Ann', 'Bob', 'Cid'], 2, 1))).slice(4)).toEqual([
      "5 link 'First'", "6 link '<'", "7 link '3' [selected]", "8 link '>' [disabled]", "9 link 'Last' [disabled]",
    ]);
  });

  it('First, <, > and Last go where they say; the page number and shut links do nothing', () => {
    const names = ['Ann', 'Bob', 'Cid', 'Dee'];
    const to = (page: number, link: number) => {
      const env = envWith(phoneBook, state(names, page, 0));
      const r = env.step(`click(${link})`);
      return [env.state.page, r.info.lastActionError];
    };
    expect(to(2, 5)).toEqual([0, undefined]);
    expect(to(2, 6)).toEqual([1, undefined]);
    expect(to(1, 8)).toEqual([2, undefined]);
    expect(to(1, 9)).toEqual([3, undefined]);
    expect(to(1, 7)).toEqual([1, "click(7): element 7 (link '2') cannot be clicked"]);
    expect(to(0, 5)).toEqual([0, "click(5): element 5 (link 'First') is disabled"]);
  });

  it("the target's wanted detail succeeds; another detail, or another person's, fails for good", () => {
    const names = ['Ann', 'Bob'];
    expect(envWith(phoneBook, state(names, 1, 1, 'email')).step('click(3)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    expect(envWith(phoneBook, state(names, 1, 1, 'phone')).step('click(2)')).toMatchObject({ terminated: true, reward: 1 });
    expect(envWith(phoneBook, state(names, 1, 1, 'address')).step('click(4)')).toMatchObject({ terminated: true, reward: 1 });
    expect(envWith(phoneBook, state(names, 1, 1, 'email')).step('click(2)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(envWith(phoneBook, state(names, 0, 1, 'email')).step('click(3)')).toMatchObject({ terminated: true, reward: 0 });
  });

  it("progress is 0.5 on the target's page, 0 elsewhere", () => {
    expect(def.progress(state(TEN, 3, 3))).toBe(0.5);
    expect(def.progress(state(TEN, 2, 3))).toBe(0);
    expect(envWith(phoneBook, state(TEN, 2, 3)).step('click(8)').info.progress).toBe(0.5);
  });

  it('the expert steps towards the target, or jumps to the nearer end first, then clicks the detail', () => {
    // links on these pages: 5 First, 6 <, 8 >, 9 Last; the details 2 (phone), 3 (email), 4 (address)
    const at = (page: number, target: number, detail: State['detail'] = 'email') => phoneBook.expert(envWith(phoneBook, state(TEN, page, target, detail)));
    expect(at(0, 3)).toBe('click(8)'); // 3 steps on
    expect(at(5, 3)).toBe('click(6)'); // 2 steps back
    expect(at(9, 3)).toBe('click(5)'); // 6 back, or First and 3 on
    expect(at(0, 8)).toBe('click(9)'); // 8 on, or Last and 1 back
    expect(at(5, 2)).toBe('click(6)'); // 3 back, or First and 2 on: a tie, stepping
    expect(at(4, 7)).toBe('click(8)'); // 3 on, or Last and 2 back: a tie, stepping
    expect(at(1, 9)).toBe('click(9)'); // 8 on, or Last
    expect(at(2, 7)).toBe('click(9)'); // 5 on, or Last and 2 back
    expect(at(8, 0)).toBe('click(5)');
    expect(at(3, 3, 'phone')).toBe('click(2)');
    expect(at(3, 3)).toBe('click(3)');
    expect(at(3, 3, 'address')).toBe('click(4)');
  });

  it('the expert solves episodes of every size of book within the turn limit', () => {
    for (let seed = 0; seed < 12; seed++) {
      const env = phoneBook.create();
      env.reset({ seed, split: 'train', options: { contacts: 12 } });
      let r;
      do r = env.step(phoneBook.expert(env));
      while (!r.terminated && !r.truncated);
      expect(r.reward, `seed ${seed}`).toBe(1);
    }
  });

  it('ends the episode after 8 turns, truncated', () => {
    const env = envWith(phoneBook, state(['Ann', 'Bob', 'Cid'], 0, 2));
    for (let t = 1; t < 8; t++) expect(env.step(t % 2 ? 'click(8)' : 'click(6)').truncated).toBe(false);
    // > and < in turn, pages 0 and 1 back and forth; the eighth click, > from page 1, reaches the target's page 2
    expect(env.step('click(8)')).toMatchObject({ terminated: false, truncated: true, info: { progress: 0.5 } });
  });
});
