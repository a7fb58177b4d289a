// Edge cases of the shop-checkout family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (product names of the split, redrawn and made distinct, prices, the cities, the wanted item, quantity, name,
// city and payment), the split's content over seeds, each page drawn (home, item, cart, address, payment), every
// handler right and wrong with its error text, back(), progress, the expert on each page and the turn limit. Values
// are worked out by hand.
import { describe, expect, it } from 'vitest';
import { CITY_NAMES, PERSON_FIRST, PRODUCT_PARTS } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { shopCheckout, type State } from '../../src/envs/web/shop-checkout';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';

const def = defOf<State>(shopCheckout);
const train = poolsOf('train');
const test = poolsOf('test');
const DESK = 'Red Oak Desk';
const CUP = 'Blue Tin Cup';

/** A shop of a desk (5) and a cup (3), the cup wanted twice for Ann in Oslo by Cash; on `page` with the parts given. */
function state(page = 'home', parts: Partial<State> = {}): State {
  return {
    items: [{ name: DESK, price: 5 }, { name: CUP, price: 3 }],
    cities: ['Rome', 'Oslo', 'Lima'],
    want: { item: CUP, qty: 2, name: 'Ann', city: 'Oslo', payment: 'Cash' },
    nav: { page, history: [] },
    viewing: 1,
    qty: '1',
    cart: [],
    name: '',
    city: { value: '', open: false },
    payment: { value: '', open: false },
    ...parts,
  };
}
const RIGHT: Partial<State> = { cart: [{ item: CUP, qty: 2 }], name: 'Ann', city: { value: 'Oslo', open: false }, payment: { value: 'Cash', open: false } };
const expert = (s: State) => shopCheckout.expert(envWith(shopCheckout, s));

describe('shop-checkout: the family', () => {
  it('says what it is, its turn limit, options and levels; no MiniWoB task', () => {
    expect(shopCheckout).toMatchObject({ id: 'shop-checkout', suite: 'web', family: 'shop-checkout', maxTurns: 16, miniwob: null });
    expect(shopCheckout.description).toBe('Buy an item in a quantity, ship it to a name and city, and pay with the given method.');
    expect([shopCheckout.lesson, shopCheckout.instanceKey, shopCheckout.freeText]).toEqual([undefined, undefined, undefined]);
    expect(shopCheckout.options).toEqual([{ name: 'items', doc: 'items in the shop', kind: 'int', default: 4, min: 2, max: 8 }]);
    expect(shopCheckout.levels).toEqual([{ items: 2 }, { items: 4 }, { items: 6 }, { items: 8 }]);
  });
});

describe('shop-checkout: init on a scripted stream', () => {
  const parts = ['int(23)', 'int(15)', 'int(24)'];

  it('train: products of the split, redrawn and distinct, their prices, three cities, then what is wanted', () => {
    expect([PRODUCT_PARTS.adjective.length, PRODUCT_PARTS.material.length, PRODUCT_PARTS.product.length]).toEqual([23, 15, 24]);
    expect(['Awesome Bamboo Bike', 'Awesome Aluminum Bacon', 'Bespoke Bamboo Ball'].map((p) => inSplit(p, 'train'))).toEqual([false, true, true]);
    expect(train.words(CITY_NAMES).slice(0, 4)).toEqual(['Abilene', 'Akron', 'Alafaya', 'Alameda']);
    // Awesome Bamboo Bike (test, redrawn), Awesome Aluminum Bacon; the Bacon again (taken already), Bespoke Bamboo
    // Ball; prices 2 + 0 and 2 + 97; cities 1, 0, 1 again, 3; the Ball, 1 + 4, person 2, Alameda, Paypal
    const rng = scripted([0, 1, 2, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 97, 1, 0, 1, 3, 1, 4, 2, 2, 1]);
    const { goal, state } = def.init(rng, { items: 2 }, train);
    expect(train.words(PERSON_FIRST)[2]).toBe('Abbigail');
    expect(goal).toBe('Buy 5 Bespoke Bamboo Ball for Abbigail in Alameda and pay by Paypal.');
    expect(state).toEqual({
      items: [{ name: 'Awesome Aluminum Bacon', price: 2 }, { name: 'Bespoke Bamboo Ball', price: 99 }],
      cities: ['Akron', 'Abilene', 'Alameda'],
      want: { item: 'Bespoke Bamboo Ball', qty: 5, name: 'Abbigail', city: 'Alameda', payment: 'Paypal' },
      nav: { page: 'home', history: [] },
      viewing: 0,
      qty: '1',
      cart: [],
      name: '',
      city: { value: '', open: false },
      payment: { value: '', open: false },
    });
    const cities = `int(${train.words(CITY_NAMES).length})`;
    expect(rng.asked).toEqual([...parts, ...parts, ...parts, ...parts, 'int(98)', 'int(98)', cities, cities, cities, cities,
      'int(2)', 'int(5)', `int(${train.words(PERSON_FIRST).length})`, 'int(3)', 'int(3)']);
    expect(rng.left).toEqual([]);
  });

  it('test: products and cities of the test split; the first item, one of it, Card', () => {
    expect(['Awesome Bamboo Bike', 'Bespoke Aluminum Ball'].map((p) => inSplit(p, 'test'))).toEqual([true, true]);
    expect(test.words(CITY_NAMES).slice(0, 3)).toEqual(['Anaheim', 'Antelope', 'Appleton']);
    const rng = scripted([0, 0, 0, 0, 1, 2, 1, 0, 1, 5, 6, 2, 1, 0, 0, 0, 0, 0, 0]);
    const { goal, state } = def.init(rng, { items: 2 }, test);
    expect(state.items).toEqual([{ name: 'Awesome Bamboo Bike', price: 7 }, { name: 'Bespoke Aluminum Ball', price: 8 }]);
    expect(state.cities).toEqual(['Appleton', 'Antelope', 'Anaheim']);
    expect(goal).toBe(`Buy 1 Awesome Bamboo Bike for ${test.words(PERSON_FIRST)[0]} in Appleton and pay by Card.`);
    expect(rng.asked.slice(11, 14)).toEqual(['int(109)', 'int(109)', 'int(109)']);
  });
});

describe('shop-checkout: over seeds', () => {
  it('as many distinct products as asked, prices 2 to 99, three cities, a name of the split; every quantity and payment', () => {
    for (const split of ['train', 'test'] as const) {
      const qtys = new Set<number>();
      const payments = new Set<string>();
      for (let seed = 0; seed < 80; seed++) {
        const env = shopCheckout.create();
        env.reset({ seed, split, options: { items: 5 } });
        const s = (env as unknown as { state: State }).state;
        const names = s.items.map((i) => i.name);
        expect(new Set(names).size).toBe(5);
        for (const n of names) {
          expect(inSplit(n, split)).toBe(true);
          const [a, m, p] = n.split(' ');
          expect([PRODUCT_PARTS.adjective.includes(a), PRODUCT_PARTS.material.includes(m), PRODUCT_PARTS.product.includes(p)]).toEqual([true, true, true]);
        }
        for (const { price } of s.items) expect(price >= 2 && price <= 99 && Number.isInteger(price)).toBe(true);
        expect(new Set(s.cities).size).toBe(3);
        for (const c of s.cities) expect(inSplit(c, split)).toBe(true);
        expect(names).toContain(s.want.item);
        expect(s.cities).toContain(s.want.city);
        expect(inSplit(s.want.name, split)).toBe(true);
        qtys.add(s.want.qty);
        payments.add(s.want.payment);
      }
      expect([...qtys].sort()).toEqual([1, 2, 3, 4, 5]);
      expect([...payments].sort()).toEqual(['Card', 'Cash', 'Paypal']);
    }
  });
});

describe('shop-checkout: the pages', () => {
  it('home: the items, then the cart link with its count', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 heading 'Shop'", `2 link '${DESK}'`, `3 link '${CUP}'`, "4 link 'Cart 0'"]);
    expect(lines(drawn(def, state('home', { cart: [{ item: DESK, qty: 3 }, { item: CUP, qty: 1 }] })))[3]).toBe("4 link 'Cart 2'");
  });

  it('item: its name, price, the quantity and Add to cart', () => {
    expect(lines(drawn(def, state('item', { qty: '4' })))).toEqual([`1 heading '${CUP}'`, "2 text 'Price 3'", '3 textbox \'Quantity\' = "4"', "4 button 'Add to cart'"]);
  });

  it('cart: each line and its Remove, Continue shopping, Checkout shut while empty', () => {
    expect(lines(drawn(def, state('cart', { cart: [{ item: DESK, qty: 1 }, { item: CUP, qty: 2 }] })))).toEqual([
      "1 heading 'Cart'", `2 row '${DESK} x 1'`, `3 button 'Remove ${DESK}'`, `4 row '${CUP} x 2'`, `5 button 'Remove ${CUP}'`,
      "6 link 'Continue shopping'", "7 button 'Checkout' []",
    ]);
    expect(lines(drawn(def, state('cart')))).toEqual(["1 heading 'Cart'", "2 link 'Continue shopping'", "3 button 'Checkout' [disabled]"]);
  });

  it('address: Name, the City list closed and open, Continue', () => {
    expect(lines(drawn(def, state('address', { name: 'Al' })))).toEqual(["1 heading 'Shipping address'", '2 textbox \'Name\' = "Al"', '3 combobox \'City\' = "" []', "4 button 'Continue'"]);
    expect(lines(drawn(def, state('address', { city: { value: 'Oslo', open: true } }))).slice(2)).toEqual([
      '3 combobox \'City\' = "Oslo" [expanded]', "4 option 'Rome' depth 1 []", "5 option 'Oslo' depth 1 [selected]", "6 option 'Lima' depth 1 []", "7 button 'Continue'",
    ]);
  });

  it('payment: the list of methods, the total over the cart, Pay', () => {
    // 1 desk at 5 and 2 cups at 3
    expect(lines(drawn(def, state('payment', { cart: [{ item: DESK, qty: 1 }, { item: CUP, qty: 2 }] })))).toEqual([
      "1 heading 'Payment'", '2 combobox \'Payment\' = "" []', "3 text 'Total 11'", "4 button 'Pay'",
    ]);
    expect(lines(drawn(def, state('payment', { payment: { value: '', open: true } }))).slice(1, 5)).toEqual([
      '2 combobox \'Payment\' = "" [expanded]', "3 option 'Card' depth 1 []", "4 option 'Paypal' depth 1 []", "5 option 'Cash' depth 1 []",
    ]);
    expect(lines(drawn(def, state('payment')))[2]).toBe("3 text 'Total 0'");
  });
});

describe('shop-checkout: the handlers', () => {
  it('the whole way: item, quantity, cart, address, payment, Pay; progress by quarters of 0.9', () => {
    const env = envWith(shopCheckout, state('home', { viewing: 0 }));
    const steps: [string, string, number][] = [
      ['click(3)', 'item', 0], ['fill(3, "2")', 'item', 0], ['click(4)', 'cart', 0.225], ['click(5)', 'address', 0.225],
      ['fill(2, "Ann")', 'address', 0.45], ['select(3, "Oslo")', 'address', 0.675], ['click(4)', 'payment', 0.675], ['select(2, "Cash")', 'payment', 0.9],
    ];
    for (const [action, page, progress] of steps) {
      const r = env.step(action);
      expect([env.state.nav.page, r.info.progress, r.info.lastActionError], action).toEqual([page, progress, undefined]);
    }
    expect(env.state.nav.history).toEqual(['home', 'item', 'cart', 'address']);
    expect(env.step('click(4)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
  });

  it('an item link shows it with the quantity back at 1; the cart link goes to the cart', () => {
    let env = envWith(shopCheckout, state('home', { viewing: 1, qty: '7' }));
    env.step('click(2)');
    expect([env.state.nav.page, env.state.viewing, env.state.qty]).toEqual(['item', 0, '1']);
    env = envWith(shopCheckout, state());
    env.step('click(4)');
    expect(env.state.nav).toEqual({ page: 'cart', history: ['home'] });
  });

  it('Add to cart takes whole numbers 1 to 9, spaces around; refuses the rest and stays', () => {
    for (const [qty, n] of [['1', 1], ['9', 9], [' 3 ', 3], ['03', 3]] as const) {
      const env = envWith(shopCheckout, state('item', { qty }));
      expect(env.step('click(4)').info.lastActionError, qty).toBeUndefined();
      expect(env.state.cart, qty).toEqual([{ item: CUP, qty: n }]);
      expect(env.state.nav.page).toBe('cart');
    }
    for (const qty of ['0', '10', '', ' ', 'a3', '3a', '2.5', '-1']) {
      const env = envWith(shopCheckout, state('item', { qty }));
      expect(env.step('click(4)').info.lastActionError, qty).toBe(`click(4): Quantity must be a whole number from 1 to 9, not '${qty}'`);
      expect([env.state.cart, env.state.nav.page]).toEqual([[], 'item']);
    }
  });

  it('adding an item again replaces its line, last; other lines stay', () => {
    const env = envWith(shopCheckout, state('item', { qty: '4', cart: [{ item: CUP, qty: 1 }, { item: DESK, qty: 2 }] }));
    env.step('click(4)');
    expect(env.state.cart).toEqual([{ item: DESK, qty: 2 }, { item: CUP, qty: 4 }]);
  });

  it('Remove takes out its own line; Continue shopping goes home; Checkout goes on', () => {
    let env = envWith(shopCheckout, state('cart', { cart: [{ item: DESK, qty: 1 }, { item: CUP, qty: 2 }] }));
    env.step('click(3)');
    expect(env.state.cart).toEqual([{ item: CUP, qty: 2 }]);
    env.step('click(4)');
    expect(env.state.nav).toEqual({ page: 'home', history: ['cart'] });
    env = envWith(shopCheckout, state('cart', { cart: [{ item: DESK, qty: 1 }, { item: CUP, qty: 2 }] }));
    env.step('click(5)');
    expect(env.state.cart).toEqual([{ item: DESK, qty: 1 }]);
    env.step('click(5)');
    expect(env.state.nav.page).toBe('address');
    env = envWith(shopCheckout, state('cart'));
    expect(env.step('click(3)').info.lastActionError).toBe("click(3): element 3 (button 'Checkout') is disabled");
  });

  it('Continue needs a name that is not blank and a city', () => {
    const cont = (parts: Partial<State>) => {
      const env = envWith(shopCheckout, state('address', parts));
      return [env.step('click(4)').info.lastActionError, env.state.nav.page];
    };
    const oslo = { value: 'Oslo', open: false };
    expect(cont({ name: 'Ann' })).toEqual(['click(4): fill in Name and City first', 'address']);
    expect(cont({ name: '  ', city: oslo })).toEqual(['click(4): fill in Name and City first', 'address']);
    expect(cont({ city: oslo })).toEqual(['click(4): fill in Name and City first', 'address']);
    expect(cont({ name: 'Bo', city: { value: 'Rome', open: false } })).toEqual([undefined, 'payment']);
  });

  it('Pay needs a method; succeeds only with the cart, name (trimmed), city and method all right', () => {
    const pay = (parts: Partial<State>) => envWith(shopCheckout, state('payment', { ...RIGHT, ...parts })).step('click(4)');
    expect(pay({ payment: { value: '', open: false } })).toMatchObject({ terminated: false, info: { lastActionError: 'click(4): choose a payment method first' } });
    expect(pay({})).toMatchObject({ terminated: true, reward: 1 });
    expect(pay({ name: ' Ann ' })).toMatchObject({ terminated: true, reward: 1 });
    const wrong: Partial<State>[] = [
      { payment: { value: 'Card', open: false } },
      { city: { value: 'Rome', open: false } },
      { name: 'Anne' },
      { cart: [{ item: CUP, qty: 3 }] },
      { cart: [{ item: DESK, qty: 2 }] },
      { cart: [{ item: CUP, qty: 2 }, { item: DESK, qty: 1 }] },
    ];
    for (const parts of wrong) expect(pay(parts), JSON.stringify(parts)).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('back() returns to the page before; none at the start', () => {
    let env = envWith(shopCheckout, state());
    expect(env.step('back()').info.lastActionError).toBe('back(): there is no previous page');
    env.step('click(2)');
    env.step('back()');
    expect(env.state.nav).toEqual({ page: 'home', history: [] });
    env = envWith(shopCheckout, state('payment', { nav: { page: 'payment', history: ['home', 'cart', 'address'] } }));
    env.step('back()');
    expect(env.state.nav).toEqual({ page: 'address', history: ['home', 'cart'] });
  });

  it('progress: 0.9 shared by the cart, the name (exact), the city and the method', () => {
    const at = (parts: Partial<State>) => def.progress(state('home', parts));
    expect(at({})).toBe(0);
    expect(at({ cart: RIGHT.cart })).toBe(0.225);
    expect(at({ name: 'Ann' })).toBe(0.225);
    expect(at({ name: ' Ann' })).toBe(0);
    expect(at({ city: RIGHT.city })).toBe(0.225);
    expect(at({ payment: RIGHT.payment })).toBe(0.225);
    expect(at(RIGHT)).toBe(0.9);
    expect(at({ cart: [{ item: CUP, qty: 2 }, { item: DESK, qty: 1 }] })).toBe(0);
  });

  it('ends the episode after 16 turns, truncated', () => {
    const env = envWith(shopCheckout, state());
    for (let t = 1; t < 16; t++) expect(env.step(t % 2 ? 'click(3)' : 'back()').truncated).toBe(false);
    expect(env.step('click(2)')).toMatchObject({ terminated: false, truncated: true, info: { progress: 0 } });
  });
});

describe('shop-checkout: the expert', () => {
  it('home: the wanted item, or the cart once it is right', () => {
    expect(expert(state())).toBe('click(3)');
    expect(expert(state('home', { cart: [{ item: CUP, qty: 1 }] }))).toBe('click(3)');
    expect(expert(state('home', { cart: RIGHT.cart }))).toBe('click(4)');
  });

  it('item: back from another item; else the quantity, then Add to cart', () => {
    expect(expert(state('item', { viewing: 0, qty: '2' }))).toBe('back()');
    expect(expert(state('item'))).toBe('fill(3, "2")');
    expect(expert(state('item', { qty: ' 2' }))).toBe('fill(3, "2")');
    expect(expert(state('item', { qty: '2' }))).toBe('click(4)');
  });

  it('cart: Checkout when right; else remove another item, or go on shopping', () => {
    expect(expert(state('cart', { cart: RIGHT.cart }))).toBe('click(5)');
    expect(expert(state('cart', { cart: [{ item: CUP, qty: 2 }, { item: DESK, qty: 1 }] }))).toBe('click(5)');
    expect(expert(state('cart', { cart: [{ item: CUP, qty: 3 }] }))).toBe('click(4)');
    expect(expert(state('cart'))).toBe('click(2)');
  });

  it('address: the name, then the city, then Continue', () => {
    expect(expert(state('address', { cart: RIGHT.cart }))).toBe('fill(2, "Ann")');
    expect(expert(state('address', { cart: RIGHT.cart, name: 'Ann' }))).toBe('select(3, "Oslo")');
    expect(expert(state('address', { ...RIGHT, payment: { value: '', open: false } }))).toBe('click(4)');
  });

  it('address: back while the cart is wrong, so a wrong cart found on the payment page is mended, not looped on', () => {
    expect(expert(state('address', { ...RIGHT, cart: [] }))).toBe('back()');
    expect(expert(state('address', { cart: [{ item: DESK, qty: 1 }] }))).toBe('back()');
    // at payment with a desk in the cart, the name and city right: back twice to the cart, the desk removed, the cup
    // added, and through again
    const env = envWith(shopCheckout, state('payment', { ...RIGHT, cart: [{ item: DESK, qty: 1 }], payment: { value: '', open: false }, nav: { page: 'payment', history: ['home', 'cart', 'address'] } }));
    const taken: string[] = [];
    let r;
    do taken.push(shopCheckout.expert(env)), (r = env.step(taken[taken.length - 1]));
    while (!r.terminated && !r.truncated);
    expect(r.reward).toBe(1);
    expect(taken).toEqual(['back()', 'back()', 'click(3)', 'click(2)', 'click(3)', 'fill(3, "2")', 'click(4)', 'click(5)', 'click(4)', 'select(2, "Cash")', 'click(4)']);
  });

  it('payment: back while the cart is wrong; else the method, then Pay', () => {
    expect(expert(state('payment', { ...RIGHT, cart: [] }))).toBe('back()');
    expect(expert(state('payment', { ...RIGHT, payment: { value: 'Card', open: false } }))).toBe('select(2, "Cash")');
    expect(expert(state('payment', RIGHT))).toBe('click(4)');
  });

  it('solves episodes from reset within the turn limit', () => {
    for (let seed = 0; seed < 12; seed++) {
      const env = shopCheckout.create();
      env.reset({ seed, split: 'test', options: { items: 8 } });
      let r;
      do r = env.step(shopCheckout.expert(env));
      while (!r.terminated && !r.truncated);
      expect(r.reward, `seed ${seed}`).toBe(1);
    }
  });
});
