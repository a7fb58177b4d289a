// The page's own keys in a link: #lessons, #lesson=NAME with the experiment's pairs after it (any '?' among them
// stays part of the experiment, as the codec reads a hash).
import { describe, expect, it } from 'vitest';
import { lessonLink, readPageLink } from '../../src/ui/state/page-link';

describe('readPageLink', () => {
  it('reads the lesson index, a lesson, and an experiment', () => {
    expect(readPageLink('#lessons')).toEqual({ kind: 'lessons' });
    expect(readPageLink('#lesson=group-size')).toEqual({ kind: 'lesson', name: 'group-size', rest: '' });
    expect(readPageLink('#v=1&lesson=team&seed=3')).toEqual({ kind: 'lesson', name: 'team', rest: 'v=1&seed=3' });
    expect(readPageLink('#v=1&a?b=2')).toEqual({ kind: 'experiment', rest: 'v=1&a?b=2' });
    expect(readPageLink('#lesson=%E0%A4%A')).toMatchObject({ kind: 'lesson', name: '%E0%A4%A' });
  });

  it('writes a lesson link that reads back', () => {
    expect(readPageLink(`#${lessonLink('bc-then-rl', 'v=1&seed=2')}`)).toEqual({ kind: 'lesson', name: 'bc-then-rl', rest: 'v=1&seed=2' });
  });
});
