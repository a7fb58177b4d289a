// A lesson's Markdown, split into its parts and rendered to HTML with marked, restricted: raw HTML in the text is
// shown as text (never parsed), links go to this page (#...) or https only, and pictures come from this origin's
// lessons/ folder (the page's CSP allows nothing else anyway). The same Markdown is the README's tutorial.
import { Marked, type Tokens } from 'marked';

/** A lesson's text: its title (the idea, as a claim), the explanation, what to watch, the questions, what to try next. */
export interface LessonText {
  title: string;
  /** Markdown before the first `##`: a few sentences and one picture. */
  intro: string;
  /** Markdown of the `## What to watch` section (its moments are also marked on the charts: see watch.ts). */
  watchText: string;
  questions: { question: string; answer: string }[];
  /** Markdown of the `## Try next` section. */
  tryNext: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where a link may point: this page's hash (another lesson, a setting) or an https page. */
const SAFE_LINK = /^(#[\w=&.,%-]*|https:\/\/[^\s"'<>]+)$/;
/** Where a picture may come from: this site's lessons/ folder. */
const SAFE_IMAGE = /^lessons\/[\w-]+\.svg$/;

const restricted = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      if (!SAFE_LINK.test(href)) return inner;
      const external = href.startsWith('https:') ? ' rel="noopener noreferrer" target="_blank"' : '';
      return `<a href="${escapeHtml(href)}"${external}>${inner}</a>`;
    },
    image: ({ href, text }: Tokens.Image) => (SAFE_IMAGE.test(href) ? `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}" />` : escapeHtml(text)),
  },
});

/** Markdown to HTML, restricted as above. */
export function renderMarkdown(markdown: string): string {
  return restricted.parse(markdown, { async: false });
}

/**
 * Splits a lesson file: `# Title`, the intro, `## What to watch`, `## Questions` (each `### question` then its
 * answer) and `## Try next`; anything else is an error naming the lesson.
 */
export function parseLesson(markdown: string, name: string): LessonText {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const titleAt = lines.findIndex((l) => l.startsWith('# '));
  if (titleAt < 0) throw new Error(`lesson ${name}: no '# title' line`);
  const sections = new Map<string, string[]>();
  let current = 'intro';
  sections.set(current, []);
  for (const line of lines.slice(titleAt + 1)) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      current = heading[1].trim().toLowerCase();
      sections.set(current, []);
    } else sections.get(current)!.push(line);
  }
  const known = new Set(['intro', 'what to watch', 'questions', 'try next']);
  const unknown = [...sections.keys()].filter((k) => !known.has(k));
  if (unknown.length > 0) throw new Error(`lesson ${name}: unknown section '## ${unknown[0]}' (sections: What to watch, Questions, Try next)`);
  const questions: { question: string; answer: string }[] = [];
  for (const line of sections.get('questions') ?? []) {
    const q = /^### (.+)$/.exec(line);
    if (q) questions.push({ question: q[1].trim(), answer: '' });
    else if (questions.length > 0) questions[questions.length - 1].answer += `${line}\n`;
    else if (line.trim() !== '') throw new Error(`lesson ${name}: text before the first '### question'`);
  }
  if (questions.length === 0) throw new Error(`lesson ${name}: no questions`);
  const text = (key: string) => (sections.get(key) ?? []).join('\n').trim();
  return { title: lines[titleAt].slice(2).trim(), intro: text('intro'), watchText: text('what to watch'), questions: questions.map((q) => ({ ...q, answer: q.answer.trim() })), tryNext: text('try next') };
}
