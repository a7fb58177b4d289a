// Edge cases of the post feed that social-media and social-media-all share (issue 21's mutation pass): a new author
// and a new post on a scripted random stream (each coin's two sides, the username lowercased with its '@'), the feed's
// size range, and a post's line. Values are worked out by hand from the lists' first words of each split.
import { describe, expect, it } from 'vitest';
import { poolsOf } from '../../src/envs/split';
import { feedSize, newAuthor, newPost, postLine } from '../../src/envs/web/social-feed';
import { scripted } from '../support/scripted-rng';

const train = poolsOf('train');
const test = poolsOf('test');
// train: PERSON_FIRST 2199 names (Aaliyah, Abbie, Abbigail), PERSON_LAST 341 (Abbott, Abernathy, Abshire),
// LOREM_WORDS 690 (abbas, abduco, abscido); test: 713 (Abagail, Abbey, Abigail), 87 (Adams, Armstrong, Bahringer),
// 214 (abeo, absorbeo, accedo)

describe('social-feed: authors', () => {
  it('a given name below 0.5, else a family name; a given name as username below 0.5, else a filler word', () => {
    let rng = scripted([0.2, 1, 0.4, 2]);
    expect(newAuthor(rng, train)).toEqual({ name: 'Abbie', user: '@abbigail' });
    expect(rng.asked).toEqual(['next', 'int(2199)', 'next', 'int(2199)']);
    rng = scripted([0.5, 0, 0.5, 1]);
    expect(newAuthor(rng, train)).toEqual({ name: 'Abbott', user: '@abduco' });
    expect(rng.asked).toEqual(['next', 'int(341)', 'next', 'int(690)']);
    rng = scripted([0.9, 2, 0.1, 0]);
    expect(newAuthor(rng, test)).toEqual({ name: 'Bahringer', user: '@abagail' });
  });
});

describe('social-feed: posts', () => {
  it("the author's name and username, then two to six filler words", () => {
    // range(2, 6): 2 + 0 words, then words 1 and 2
    let rng = scripted([0, 1, 2]);
    const author = { name: 'Abbie', user: '@abduco' };
    const post = newPost(rng, train, author);
    expect(post).toEqual({ name: 'Abbie', user: '@abduco', body: 'abduco abscido' });
    expect(rng.asked).toEqual(['int(5)', 'int(690)', 'int(690)']);
    // 2 + 4 = six words
    rng = scripted([4, 0, 1, 2, 0, 1, 2]);
    expect(newPost(rng, test, author).body).toBe('abeo absorbeo accedo abeo absorbeo accedo');
    expect(postLine(post)).toBe('Abbie @abduco: abduco abscido');
  });
});

describe('social-feed: feed size', () => {
  it('half of the most (rounded up) to the most', () => {
    let rng = scripted([0]);
    expect(feedSize(rng, 5)).toBe(3);
    expect(rng.asked).toEqual(['int(3)']);
    rng = scripted([3]);
    expect(feedSize(rng, 6)).toBe(6);
    expect(rng.asked).toEqual(['int(4)']);
    expect(feedSize(scripted([0]), 1)).toBe(1);
  });
});
