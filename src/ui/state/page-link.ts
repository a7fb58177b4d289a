// The page's own keys in a link, read before the experiment's: `#lessons` opens the lesson index, and
// `#lesson=NAME` opens a lesson, the other keys of the link being the experiment as usual (a lesson link with no
// other keys runs the lesson's own config). The experiment part goes to the share-link codec untouched, so its
// checksum still covers exactly the settings.

export type PageLink =
  | { kind: 'experiment'; rest: string }
  | { kind: 'lessons' }
  | { kind: 'lesson'; name: string; rest: string };

/** Longest lesson name read from a link. */
const MAX_NAME = 64;

export function readPageLink(hash: string): PageLink {
  const text = hash.replace(/^#/, '');
  if (text === 'lessons') return { kind: 'lessons' };
  const pairs = text === '' ? [] : text.split('&');
  const at = pairs.findIndex((p) => p.startsWith('lesson='));
  if (at < 0) return { kind: 'experiment', rest: text };
  let name: string;
  try {
    name = decodeURIComponent(pairs[at].slice('lesson='.length));
  } catch {
    name = pairs[at].slice('lesson='.length);
  }
  const rest = pairs.filter((_, i) => i !== at).join('&');
  return { kind: 'lesson', name: name.slice(0, MAX_NAME), rest };
}

/** A lesson's link: its name, then the experiment's pairs (as encodeLink writes them), if any. */
export function lessonLink(name: string, experiment = ''): string {
  return [`lesson=${encodeURIComponent(name)}`, experiment].filter((p) => p !== '').join('&');
}
