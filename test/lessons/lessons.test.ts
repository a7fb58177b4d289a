// The lessons as shared/LESSONS.md asks: eight, each one idea with three to six sentences and one picture, what to
// watch, questions with answers, something to try; the words a student meets defined in bold; runs that load; the
// Markdown rendered with raw HTML and foreign links neutralised; and the README's tutorial equal to the lessons' text.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LESSONS, lessonConfig } from '../../src/lessons/lessons';
import { parseLesson, renderMarkdown } from '../../src/lessons/markdown';
import { readmeTutorial, README_END, README_START } from '../../src/lessons/readme';
import { markersOn, watchMoments } from '../../src/lessons/watch';

const WORDS = ['policy', 'action', 'observation', 'reward', 'episode', 'group', 'advantage', 'ratio', 'clip', 'KL', 'entropy', 'behaviour cloning', 'update', 'evaluation', 'skill', 'macro-action', 'workflow'];

/** Sentences of prose, pictures and inline code left out ("e.g." is not an end). */
const sentences = (markdown: string) => markdown.replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/`[^`]*`/g, 'x').replace(/e\.g\./g, 'eg').match(/[^.!?]+[.!?](\s|$)/g) ?? [];

describe('the lessons', () => {
  it('are the eight of shared/LESSONS.md, each with its parts', () => {
    expect(LESSONS.map((l) => l.name)).toEqual(['policy-and-reward', 'group-advantage', 'bc-then-rl', 'credit-for-progress', 'group-size', 'three-stages', 'skills', 'team']);
    for (const l of LESSONS) {
      const n = sentences(l.intro).length;
      expect(n, `${l.name}: ${n} sentences before the run`).toBeGreaterThanOrEqual(3);
      expect(n, `${l.name}: ${n} sentences before the run`).toBeLessThanOrEqual(6);
      const pictures = [...l.intro.matchAll(/!\[([^\]]+)\]\(lessons\/([\w-]+\.svg)\)/g)];
      expect(pictures, `${l.name}: one picture`).toHaveLength(1);
      expect(existsSync(`public/lessons/${pictures[0][2]}`), pictures[0][2]).toBe(true);
      expect(readFileSync(`public/lessons/${pictures[0][2]}`, 'utf8')).toMatch(/<title>.+<\/title>/);
      expect(l.watchText, `${l.name}: what to watch`).not.toBe('');
      expect(l.questions.length, `${l.name}: questions`).toBeGreaterThanOrEqual(1);
      expect(l.questions.length).toBeLessThanOrEqual(2);
      for (const q of l.questions) expect(q.answer, q.question).not.toBe('');
      expect(l.tryNext, `${l.name}: try next`).not.toBe('');
      for (const run of l.runs) expect(lessonConfig(run).backend, `${l.name}/${run.label}`).toBe('cpu');
    }
  });

  it('define each word a student meets, in bold, where it first appears (titles aside: they state the idea)', () => {
    // "skill acquisition" is the name of a stage (WebAgent-R1's), defined as a phrase, not a use of "skill".
    const text = LESSONS.map((l) => l.markdown.replace(/^# .*$/m, '')).join('\n').replace(/skill acquisition/gi, 'stage one');
    for (const word of WORDS) {
      const bold = text.search(new RegExp(`\\*\\*${word}\\*\\*`, 'i'));
      expect(bold, `**${word}** is defined`).toBeGreaterThanOrEqual(0);
      const plain = text.slice(0, bold).search(new RegExp(`\\b${word}s?\\b`, 'i'));
      expect(plain, `'${word}' is used before its definition`).toBe(-1);
    }
  });

  it('mark the moments to watch from the run as it trains', () => {
    const series = { 'episode/success': { xs: [1, 2, 3], ys: [0.5, 0.95, 1] }, 'reward/frac_zero_std': { xs: [1, 2, 3], ys: [1, 0.5, 1] } };
    const moments = watchMoments(LESSONS[2].watch, series, { bcSteps: 70 }, []);
    expect(moments.map((m) => [m.label, m.x])).toEqual([
      ['BC ends (70 steps), RL starts', 1],
      ['first group with signal', 2],
    ]);
    expect(markersOn(moments, 'reward/frac_zero_std')).toEqual([
      { x: 1, label: 'BC ends (70 steps), RL starts' },
      { x: 2, label: 'first group with signal' },
    ]);
    expect(watchMoments(LESSONS[2].watch, {}, { bcSteps: 0 }, []).map((m) => m.x)).toEqual([null, null]);
    expect(watchMoments(LESSONS[0].watch, series, { bcSteps: 1 }, [])[0].label).toBe('BC ends (1 step), RL starts');
    // Lesson 1's entropy marker: the first update at a quarter of the first value or below.
    const entropy = { 'policy/entropy': { xs: [1, 2, 3, 4], ys: [0.6, 0.3, 0.14, 0.1] } };
    expect(watchMoments(LESSONS[0].watch, entropy, { bcSteps: 1 }, []).map((m) => [m.label, m.x])).toContainEqual(['policy/entropy falls to a quarter of its first value', 3]);
  });
});

describe('lesson Markdown', () => {
  it('renders raw HTML as text, and drops links and pictures that leave this page', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](#lesson=team) [c](https://example.org) ![d](https://evil/x.svg) ![e](lessons/team.svg)');
    expect(html).not.toMatch(/<script|<img src="?x|javascript:|evil/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="#lesson=team">b</a>');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">c</a>');
    expect(html).toContain('<img src="lessons/team.svg" alt="e" />');
  });

  it('names what is wrong with a lesson file', () => {
    expect(() => parseLesson('no title', 'x')).toThrow(/lesson x: no '# title' line/);
    expect(() => parseLesson('# T\n\n## Extra\n', 'x')).toThrow(/unknown section '## extra'/);
    expect(() => parseLesson('# T\n\n## Questions\n\nloose text\n', 'x')).toThrow(/text before the first '### question'/);
    expect(() => parseLesson('# T\n\nintro\n', 'x')).toThrow(/no questions/);
  });
});

describe('the README', () => {
  it('starts with the lessons, generated from their Markdown (npm run lessons -- readme --write)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf(README_START);
    expect(start, 'the README has the generated tutorial section').toBeGreaterThan(0);
    expect(readme.indexOf('\n## '), 'the lessons are its first section').toBeGreaterThan(start);
    expect(readme.slice(start, readme.indexOf(README_END) + README_END.length)).toBe(readmeTutorial());
  });
});
