// Filler text as MiniWoB++ makes it (its `lorem_words`): Latin-looking words for paragraphs, posts and email
// bodies, drawn from a split's share only, so every paragraph a test episode shows is built of test words.

import type { Rng } from '../../core/rng';
import type { Pools } from '../split';
import { titleCase } from './phrasing';

export const LOREM_WORDS = [
  'ac', 'accumsan', 'adipiscing', 'aenean', 'aliquam', 'aliquet', 'amet', 'ante', 'arcu', 'at', 'auctor', 'augue',
  'bibendum', 'blandit', 'commodo', 'condimentum', 'congue', 'consectetur', 'consequat', 'convallis', 'cras',
  'cubilia', 'curabitur', 'cursus', 'dapibus', 'diam', 'dictum', 'dictumst', 'dignissim', 'dolor', 'donec', 'dui',
  'duis', 'efficitur', 'egestas', 'eget', 'eleifend', 'elementum', 'elit', 'enim', 'erat', 'eros', 'est', 'etiam',
  'euismod', 'facilisi', 'facilisis', 'fames', 'faucibus', 'felis', 'fermentum', 'feugiat', 'finibus', 'fringilla',
  'fusce', 'gravida', 'habitant', 'habitasse', 'hendrerit', 'iaculis', 'imperdiet', 'integer', 'interdum', 'ipsum',
  'justo', 'lacinia', 'lacus', 'laoreet', 'lectus', 'leo', 'libero', 'ligula', 'lobortis', 'lorem', 'luctus',
  'maecenas', 'magna', 'malesuada', 'massa', 'mattis', 'mauris', 'maximus', 'metus', 'mi', 'molestie', 'mollis',
  'morbi', 'nam', 'nec', 'neque', 'netus', 'nibh', 'nisi', 'nisl', 'non', 'nulla', 'nullam', 'nunc', 'odio',
  'orci', 'ornare', 'pellentesque', 'pharetra', 'phasellus', 'placerat', 'platea', 'porta', 'porttitor', 'posuere',
  'potenti', 'praesent', 'pretium', 'primis', 'proin', 'pulvinar', 'purus', 'quam', 'quis', 'quisque', 'rhoncus',
  'risus', 'rutrum', 'sagittis', 'sapien', 'scelerisque', 'sed', 'sem', 'semper', 'senectus', 'sit', 'sodales',
  'sollicitudin', 'suscipit', 'suspendisse', 'tellus', 'tempor', 'tempus', 'tincidunt', 'tortor', 'tristique',
  'turpis', 'ullamcorper', 'ultrices', 'ultricies', 'urna', 'ut', 'varius', 'vehicula', 'vel', 'velit', 'venenatis',
  'vestibulum', 'vitae', 'vivamus', 'viverra', 'volutpat', 'vulputate', 'aptent', 'class', 'conubia', 'inceptos',
  'litora', 'nostra', 'per', 'sociosqu', 'taciti', 'torquent', 'himenaeos', 'natoque', 'penatibus', 'magnis',
  'parturient', 'montes', 'nascetur', 'ridiculus', 'mus', 'etiamus', 'vero', 'eos', 'accusam', 'justus', 'duo',
  'dolores', 'rebum', 'clita', 'kasd', 'gubergren', 'takimata', 'sanctus', 'invidunt', 'labore', 'dolore',
  'nonumy', 'eirmod', 'sadipscing', 'elitr', 'voluptua', 'stet', 'aliquyam', 'tation', 'ullamco', 'laboris',
  'exercitation', 'minim', 'veniam', 'nostrud', 'occaecat', 'cupidatat', 'proident', 'officia', 'deserunt',
  'mollit', 'anim', 'culpa', 'qui', 'fugiat', 'pariatur', 'excepteur', 'reprehenderit', 'voluptate', 'irure',
  'aute', 'incididunt', 'eiusmod', 'tempora', 'numquam', 'quaerat', 'voluptatem', 'aperiam', 'eaque', 'ipsa',
  'quae', 'inventore', 'veritatis', 'architecto', 'beatae', 'explicabo', 'nemo', 'aspernatur', 'fugit',
] as const;

/** `n` filler words of the split, lowercase, space-separated (words may repeat, as in MiniWoB). */
export function loremWords(rng: Rng, pools: Pools, n: number): string[] {
  const words = pools.words(LOREM_WORDS);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.pick(words));
  return out;
}

/** `n` filler words as MiniWoB's paragraphs read: sentences start capitalised and about one word in five ends one. */
export function loremSentences(rng: Rng, pools: Pools, n: number): string[] {
  const words = loremWords(rng, pools, n);
  let start = true;
  for (let i = 0; i < n; i++) {
    if (start) words[i] = titleCase(words[i]);
    start = i === n - 1 || rng.chance(0.2);
    if (start) words[i] += '.';
  }
  return words;
}
