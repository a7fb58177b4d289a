// `npm run lessons -- <list|readme> [--write]`: the lessons from the command line. `readme` prints the README's
// tutorial section generated from the lessons' Markdown; with --write it replaces that section in README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { LESSONS } from '../src/lessons/lessons';
import { readmeTutorial, withTutorial } from '../src/lessons/readme';

const USAGE = `usage: npm run lessons -- <command>
  list                 each lesson's link name, title and runs
  readme [--write]     the README's tutorial section (with --write: put into README.md)`;

function main(args: string[]): number {
  const [command, ...rest] = args;
  const unknown = rest.filter((a) => !(command === 'readme' && a === '--write'));
  if (unknown.length > 0 || !['list', 'readme'].includes(command ?? '')) {
    console.error(unknown.length > 0 ? `unknown flag '${unknown[0]}'\n${USAGE}` : `unknown command '${command ?? ''}'\n${USAGE}`);
    return 2;
  }
  if (command === 'list') {
    for (const l of LESSONS) console.log(`#lesson=${l.name}  ${l.title}  (runs: ${l.runs.map((r) => r.label).join('; ')})`);
  } else if (rest.includes('--write')) {
    writeFileSync('README.md', withTutorial(readFileSync('README.md', 'utf8')));
    console.log('README.md: tutorial section written');
  } else {
    console.log(readmeTutorial());
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
