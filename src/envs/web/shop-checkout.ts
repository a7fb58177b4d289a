// shop-checkout (no MiniWoB++ counterpart; WebArena-Lite style): find the item, set the quantity, add it to the cart,
// fill the address, pay. Products ("Rustic Bamboo Chair"), names and cities come from the split's pools.

import type { Rng } from '../../core/rng';
import { CITY_NAMES, PERSON_FIRST, PRODUCT_PARTS } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { addList, emptyList, type ListState } from './controls';
import { defineWebTask, navBack, navigate, type Nav, onClick, onFill } from './page';

const PAYMENTS = ['Card', 'Paypal', 'Cash'];

export interface State {
  items: { name: string; price: number }[];
  cities: string[];
  want: { item: string; qty: number; name: string; city: string; payment: string };
  nav: Nav; // pages: home, item, cart, address, payment, done
  viewing: number;
  qty: string;
  cart: { item: string; qty: number }[];
  name: string;
  city: ListState;
  payment: ListState;
}

/** `n` distinct product names of the split: adjective, material and product, e.g. "Rustic Bamboo Chair". */
function products(rng: Rng, pools: Pools, n: number): string[] {
  const out: string[] = [];
  while (out.length < n) {
    const p = pools.draw(() => `${rng.pick(PRODUCT_PARTS.adjective)} ${rng.pick(PRODUCT_PARTS.material)} ${rng.pick(PRODUCT_PARTS.product)}`);
    if (!out.includes(p)) out.push(p);
  }
  return out;
}

const cartRight = (s: State) => s.cart.length === 1 && s.cart[0].item === s.want.item && s.cart[0].qty === s.want.qty;

const OPTIONS = [intOption('items', 'items in the shop', 4, 2, 8)];

export const shopCheckout = defineWebTask<State>({
  id: 'shop-checkout',
  description: 'Buy an item in a quantity, ship it to a name and city, and pay with the given method.',
  maxTurns: 16,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ items: 2 }, { items: 4 }, { items: 6 }, { items: 8 }]),
  miniwob: null,
  init(rng, o, pools) {
    const items = products(rng, pools, o.items as number).map((name) => ({ name, price: rng.range(2, 99) }));
    const cities = pools.sample(rng, CITY_NAMES, 3);
    const want = { item: rng.pick(items).name, qty: rng.range(1, 5), name: pools.pick(rng, PERSON_FIRST), city: rng.pick(cities), payment: rng.pick(PAYMENTS) };
    return {
      goal: `Buy ${want.qty} ${want.item} for ${want.name} in ${want.city} and pay by ${want.payment}.`,
      state: { items, cities, want, nav: { page: 'home', history: [] }, viewing: 0, qty: '1', cart: [], name: '', city: emptyList(), payment: emptyList() },
    };
  },
  draw(s, page) {
    const p = s.nav.page;
    if (p === 'home') {
      page.add('heading', 'Shop');
      s.items.forEach((it, i) => page.add('link', it.name, undefined, onClick(() => void ((s.viewing = i), (s.qty = '1'), navigate(s.nav, 'item')))));
      page.add('link', `Cart ${s.cart.length}`, undefined, onClick(() => navigate(s.nav, 'cart')));
    } else if (p === 'item') {
      const it = s.items[s.viewing];
      page.add('heading', it.name);
      page.add('text', `Price ${it.price}`);
      page.add('textbox', 'Quantity', { value: s.qty }, onFill((t) => void (s.qty = t)));
      page.add('button', 'Add to cart', undefined, onClick(() => {
        const q = Number(s.qty);
        if (!/^\d+$/.test(s.qty.trim()) || q < 1 || q > 9) return `Quantity must be a whole number from 1 to 9, not '${s.qty}'`;
        s.cart = s.cart.filter((c) => c.item !== it.name).concat([{ item: it.name, qty: q }]);
        navigate(s.nav, 'cart');
      }));
    } else if (p === 'cart') {
      page.add('heading', 'Cart');
      for (const c of s.cart) {
        page.add('row', `${c.item} x ${c.qty}`);
        page.add('button', `Remove ${c.item}`, undefined, onClick(() => void (s.cart = s.cart.filter((x) => x !== c))));
      }
      page.add('link', 'Continue shopping', undefined, onClick(() => navigate(s.nav, 'home')));
      page.add('button', 'Checkout', { state: { disabled: s.cart.length === 0 } }, onClick(() => navigate(s.nav, 'address')));
    } else if (p === 'address') {
      page.add('heading', 'Shipping address');
      page.add('textbox', 'Name', { value: s.name }, onFill((t) => void (s.name = t)));
      addList(page, 'City', s.cities, s.city);
      page.add('button', 'Continue', undefined, onClick(() => (s.name.trim() === '' || s.city.value === '' ? 'fill in Name and City first' : navigate(s.nav, 'payment'))));
    } else {
      page.add('heading', 'Payment');
      addList(page, 'Payment', PAYMENTS, s.payment);
      const total = s.cart.reduce((t, c) => t + c.qty * (s.items.find((i) => i.name === c.item)?.price ?? 0), 0);
      page.add('text', `Total ${total}`);
      page.add('button', 'Pay', undefined, onClick(() => {
        if (s.payment.value === '') return 'choose a payment method first';
        page.end(cartRight(s) && s.name.trim() === s.want.name && s.city.value === s.want.city && s.payment.value === s.want.payment);
      }));
    }
  },
  back: (s) => navBack(s.nav),
  progress(s) {
    const steps = [cartRight(s), s.name === s.want.name, s.city.value === s.want.city, s.payment.value === s.want.payment];
    return (0.9 * steps.filter(Boolean).length) / steps.length;
  },
  expert(s, page) {
    const w = s.want;
    switch (s.nav.page) {
      case 'home':
        return cartRight(s) ? `click(${page.idOf('link', `Cart ${s.cart.length}`)})` : `click(${page.idOf('link', w.item)})`;
      case 'item':
        if (s.items[s.viewing].name !== w.item) return 'back()';
        if (s.qty !== String(w.qty)) return `fill(${page.idOf('textbox', 'Quantity')}, "${w.qty}")`;
        return `click(${page.idOf('button', 'Add to cart')})`;
      case 'cart': {
        if (cartRight(s)) return `click(${page.idOf('button', 'Checkout')})`;
        const wrong = s.cart.find((c) => c.item !== w.item);
        return wrong ? `click(${page.idOf('button', `Remove ${wrong.item}`)})` : `click(${page.idOf('link', 'Continue shopping')})`;
      }
      case 'address':
        // back to the cart when it is wrong (the payment page sends the expert back here; Continue would loop)
        if (!cartRight(s)) return 'back()';
        if (s.name !== w.name) return `fill(${page.idOf('textbox', 'Name')}, "${w.name}")`;
        if (s.city.value !== w.city) return `select(${page.idOf('combobox', 'City')}, "${w.city}")`;
        return `click(${page.idOf('button', 'Continue')})`;
      default:
        if (!cartRight(s)) return 'back()';
        if (s.payment.value !== w.payment) return `select(${page.idOf('combobox', 'Payment')}, "${w.payment}")`;
        return `click(${page.idOf('button', 'Pay')})`;
    }
  },
});
