// The README's tutorial, generated from the lessons' own Markdown (npm run lessons -- readme --write), so the page
// and the README never tell two stories; test/lessons/lessons.test.ts checks the README holds this text.
import { LESSONS, type Lesson } from './lessons';

export const README_START = '<!-- lessons:start (generated from src/lessons/text by `npm run lessons -- readme --write`; edit those files) -->';
export const README_END = '<!-- lessons:end -->';

/** Where the page runs once `npm start` serves it. */
const LOCAL_PAGE = 'http://localhost:5173/';

/** Pictures live in public/lessons/; the README is read from the repository's root. */
const fromRoot = (markdown: string) => markdown.replace(/\]\(lessons\//g, '](public/lessons/');

function lessonSection(lesson: Lesson, index: number): string {
  const questions = lesson.questions.map((q) => `**${q.question}**\n\n<details><summary>Answer</summary>\n\n${q.answer}\n\n</details>`);
  return [
    `### ${index + 1}. ${lesson.title}`,
    `Open it: \`${LOCAL_PAGE}#lesson=${lesson.name}\` (after \`npm start\`)${lesson.runs.length > 1 ? `; runs to compare: ${lesson.runs.map((r) => r.label).join(', ')}` : ''}.`,
    fromRoot(lesson.intro),
    `**What to watch**\n\n${lesson.watchText}`,
    ...questions,
    `**Try next.** ${lesson.tryNext}`,
  ].join('\n\n');
}

/** The tutorial section: the lessons' index, then each lesson. */
export function readmeTutorial(): string {
  const index = LESSONS.map((l, i) => `${i + 1}. [${l.title}](#${i + 1}-${l.title.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')})`).join('\n');
  return [
    README_START,
    '## Lessons',
    'Eight lessons, each a link that opens the playground on one idea with its run ready to start, for a student who has used Python and heard of neural networks but never trained an agent with RL. The page also lists them (`#lessons`). Every claim a lesson makes is checked on the seeds its link uses (`test/lessons/`).',
    index,
    ...LESSONS.map(lessonSection),
    README_END,
  ].join('\n\n');
}

/** The README with its tutorial section replaced (or put first, after the title and its opening paragraph). */
export function withTutorial(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start >= 0 && end > start) return readme.slice(0, start) + readmeTutorial() + readme.slice(end + README_END.length);
  const firstSection = readme.indexOf('\n## ');
  if (firstSection < 0) return `${readme.trimEnd()}\n\n${readmeTutorial()}\n`;
  return `${readme.slice(0, firstSection + 1)}${readmeTutorial()}\n${readme.slice(firstSection)}`;
}
