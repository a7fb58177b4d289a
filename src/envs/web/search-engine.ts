// search-engine (MiniWoB++ search-engine): "Use the textbox to enter X and press Search, then find and click the Nth
// search result." Results come three to a page behind page links; the Nth result is titled X, the others are other
// people's names. A search for anything else lists unrelated results, and clicking any wrong result fails.

import type { Rng } from '../../core/rng';
import { LOREM_WORDS, PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import type { Pools } from '../split';
import { listOf, ordinal, wordsOf } from './controls';
import { defineWebTask, onClick, onFill } from './page';

export interface Result {
  title: string;
  desc: string;
}

export interface State {
  term: string;
  rank: number; // 0-based index of the result to open
  results: Result[]; // for the right term, in rank order
  decoys: Result[]; // what any other search shows
  query: string;
  searched: string | null; // the last search's text, null before any
  perPage: number;
  pageNo: number;
}

const OPTIONS = [intOption('perPage', 'results on each page', 3, 2, 5), intOption('pages', 'pages of results', 3, 1, 4)];

function result(rng: Rng, pools: Pools, title?: string): Result {
  return { title: title ?? pools.pick(rng, PERSON_FIRST), desc: wordsOf(rng, pools, LOREM_WORDS, rng.range(2, 3)) };
}

const found = (s: State) => s.searched !== null && s.searched.toLowerCase() === s.term.toLowerCase();
const shown = (s: State) => (found(s) ? s.results : s.decoys);

export const searchEngine = defineWebTask<State>({
  id: 'search-engine',
  description: 'Search for a name and click the result at the given rank, across result pages.',
  maxTurns: 8,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ perPage: 3, pages: 1 }, { pages: 2 }, { pages: 3 }, { perPage: 4, pages: 4 }, { perPage: 5 }]),
  miniwob: 'search-engine',
  init(rng, o, pools) {
    const perPage = o.perPage as number;
    const total = perPage * (o.pages as number);
    const term = pools.pick(rng, PERSON_FIRST);
    const rank = rng.int(total);
    const results = listOf(total, (i) => result(rng, pools, i === rank ? term : undefined));
    const decoys = listOf(perPage, () => result(rng, pools));
    return {
      goal: `Use the textbox to enter "${term}" and press "Search", then find and click the ${ordinal(rank + 1)} search result.`,
      state: { term, rank, results, decoys, query: '', searched: null, perPage, pageNo: 0 },
    };
  },
  draw(s, page) {
    page.add('textbox', 'Search', { value: s.query }, onFill((t) => void (s.query = t)));
    page.add('button', 'Search', undefined, onClick(() => void ((s.searched = s.query.trim()), (s.pageNo = 0))));
    if (s.searched === null) return;
    const list = shown(s);
    const first = s.pageNo * s.perPage;
    list.slice(first, first + s.perPage).forEach((r, i) => {
      page.add('link', r.title, undefined, onClick(() => page.end(found(s) && first + i === s.rank)));
      page.add('text', r.desc, { depth: 1 });
    });
    const pages = Math.ceil(list.length / s.perPage);
    for (let p = 0; p < pages && pages > 1; p++) page.add('link', String(p + 1), { state: { selected: p === s.pageNo } }, onClick(() => void (s.pageNo = p)));
  },
  progress: (s) => (found(s) ? (Math.floor(s.rank / s.perPage) === s.pageNo ? 0.6 : 0.4) : s.query === s.term ? 0.2 : 0),
  expert(s, page) {
    if (!found(s)) return s.query === s.term ? `click(${page.idOf('button', 'Search')})` : `fill(${page.idOf('textbox', 'Search')}, "${s.term}")`;
    const want = Math.floor(s.rank / s.perPage);
    if (want !== s.pageNo) return `click(${page.idOf('link', String(want + 1))})`;
    // Results sit after the box and the button, two elements each (title, description).
    return `click(${3 + 2 * (s.rank - want * s.perPage)})`;
  },
});
