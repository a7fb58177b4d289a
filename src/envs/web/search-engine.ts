// search-engine (MiniWoB++): search for a term, page through the results and open the result at a given rank.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { NOUNS, TOPICS, capitalize } from '../words';
import { defineWebTask, onClick, onFill } from './page';

interface State {
  term: string;
  rank: number; // 1-based rank of the result to open
  query: string;
  searched: string;
  results: string[]; // titles for the searched term, in rank order
  topics: string[];
  perPage: number;
  pageNo: number; // 0-based results page
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

const OPTIONS = [
    intOption('perPage', 'results on each page', 3, 2, 5),
    intOption('pages', 'pages of results', 2, 1, 3),
  ];

export const searchEngine = defineWebTask<State>({
  id: 'search-engine',
  description: 'Search for a term and click the result at the given rank, across result pages.',
  maxTurns: 8,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { perPage: 4 }, { perPage: 5, pages: 3 }]),
  miniwob: 'search-engine',
  init(rng, o) {
    const perPage = o.perPage as number;
    const total = perPage * (o.pages as number);
    const term = rng.pick(NOUNS);
    const rank = rng.range(1, Math.min(total, ORDINALS.length));
    const topics = rng.shuffle(TOPICS).slice(0, total);
    return {
      goal: `Search for ${term} and click the ${ORDINALS[rank - 1]} result.`,
      state: { term, rank, query: '', searched: '', results: [], topics, perPage, pageNo: 0 },
    };
  },
  draw(s, page) {
    page.add('textbox', 'Search', { value: s.query }, onFill((t) => void (s.query = t)));
    page.add('button', 'Search', undefined, onClick(() => {
      s.searched = s.query.trim().toLowerCase();
      s.results = s.searched === '' ? [] : s.topics.map((t) => `${capitalize(s.searched)} ${t}`);
      s.pageNo = 0;
    }));
    const pages = Math.ceil(s.results.length / s.perPage);
    const first = s.pageNo * s.perPage;
    s.results.slice(first, first + s.perPage).forEach((title, i) => {
      page.add('link', title, undefined, onClick(() => page.end(s.searched === s.term && first + i + 1 === s.rank)));
    });
    for (let p = 0; p < pages; p++) {
      page.add('link', `Page ${p + 1}`, { state: { selected: p === s.pageNo } }, onClick(() => void (s.pageNo = p)));
    }
  },
  progress: (s) => (s.searched === s.term ? (Math.floor((s.rank - 1) / s.perPage) === s.pageNo ? 0.6 : 0.4) : s.query === s.term ? 0.2 : 0),
  expert(s, page) {
    if (s.searched !== s.term) {
      return s.query === s.term ? `click(${page.idOf('button', 'Search')})` : `fill(${page.idOf('textbox', 'Search')}, "${s.term}")`;
    }
    const want = Math.floor((s.rank - 1) / s.perPage);
    if (want !== s.pageNo) return `click(${page.idOf('link', `Page ${want + 1}`)})`;
    return `click(${page.idOf('link', s.results[s.rank - 1])})`;
  },
});
