// npm run fuzz -- [--links N] [--files N] [--seed S] [--json]: share links pasted into the real page (headless
// Chromium, the built app), and mutated checkpoints and skill library files read in Node, N of each (default
// 10,000); prints for each: tried, accepted, refused with a message, crashed, hung, and a few examples of any crash
// or hang. After the links the page must still train one update. Exit status 1 when anything crashed or hung.
import fc from 'fast-check';
import { build } from 'vite';
import { createTrainer } from '../src/rl/setup';
import { encodeCheckpoint } from '../src/rl/checkpoint';
import { exportLibrary } from '../src/skills/io';
import { skillId } from '../src/skills/library';
import { validateConfig } from '../src/core/config';
import { openPage, startE2e } from '../test/support/e2e';
import { checkpointMutationArb, judgeCheckpoint, judgeSkillFile, skillFileMutationArb, type FileOutcome } from '../test/support/file-fuzz';
import { checkLink, collectPageErrors, linkArb, stillTrains, type LinkOutcome } from '../test/support/link-fuzz';
import { skillRecord } from '../test/storage/fixtures';
import { readFlags, parsePositive, UsageError } from './flags';

const USAGE = 'usage: npm run fuzz -- [--links N] [--files N] [--seed S] [--json]';

interface Tally {
  tried: number;
  accepted: number;
  refused: number;
  crashed: number;
  hung: number;
  examples: string[];
}

const tally = (): Tally => ({ tried: 0, accepted: 0, refused: 0, crashed: 0, hung: 0, examples: [] });

function count(t: Tally, input: string, outcome: LinkOutcome | FileOutcome): void {
  t.tried++;
  t[outcome.verdict]++;
  if ((outcome.verdict === 'crashed' || outcome.verdict === 'hung') && t.examples.length < 5) t.examples.push(`${outcome.verdict}: ${outcome.detail ?? ''} <- ${input.slice(0, 200)}`);
}

async function fuzzLinks(n: number, seed: number, log: (s: string) => void): Promise<{ links: Tally; stillTrains: boolean }> {
  log('building the app...');
  await build({ logLevel: 'error' });
  const h = await startE2e();
  const t = tally();
  try {
    let { page } = await openPage(h);
    let errors = collectPageErrors(page);
    for (const link of fc.sample(linkArb, { numRuns: n, seed })) {
      const outcome = await checkLink(page, link, errors);
      count(t, link, outcome);
      if (outcome.verdict === 'crashed' || outcome.verdict === 'hung') {
        await page.context().close(); // a fresh page for the next link
        ({ page } = await openPage(h));
        errors = collectPageErrors(page);
      }
      if (t.tried % 1000 === 0) log(`  links: ${t.tried} tried`);
    }
    const trains = await stillTrains(page);
    await page.context().close();
    return { links: t, stillTrains: trains };
  } finally {
    await h.close();
  }
}

async function goodCheckpoint(): Promise<Uint8Array> {
  const r = validateConfig({ env: 'click-button', model: 'tiny', group: 2, tasks: 2, bcSteps: 1, backend: 'cpu', seed: 1, async: true });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const { trainer } = await createTrainer(r.config);
  await trainer.step(); // async: a pending batch, so episodes are in the header too
  const bytes = encodeCheckpoint(await trainer.checkpoint());
  trainer.dispose();
  return bytes;
}

function goodLibrary(): string {
  const skills = Array.from({ length: 6 }, (_, i) => skillRecord(`s${i}`, { parents: i > 0 ? [`s${i - 1}`] : [] }));
  const ids = new Map(skills.map((s) => [s.id, skillId(s.family, s.steps)]));
  return exportLibrary(skills.map((s) => ({ ...s, id: ids.get(s.id)!, parents: s.parents.map((p) => ids.get(p)!) })));
}

async function main(argv: readonly string[]): Promise<number> {
  let flags: Map<string, string>;
  try {
    flags = readFlags(argv, ['--links', '--files', '--seed'], ['--json']);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`fuzz: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  const json = flags.has('--json');
  const log = (s: string) => (json ? process.stderr : process.stdout).write(`${s}\n`);
  const links = flags.has('--links') ? parsePositive('--links', flags.get('--links'), true) : 10_000;
  const files = flags.has('--files') ? parsePositive('--files', flags.get('--files'), true) : 10_000;
  const seed = flags.has('--seed') ? parsePositive('--seed', flags.get('--seed'), true) : 18;

  const checkpoints = tally();
  const good = await goodCheckpoint();
  for (const bytes of fc.sample(checkpointMutationArb(good), { numRuns: files, seed })) count(checkpoints, `${bytes.length} bytes`, judgeCheckpoint(bytes));
  log(`checkpoints done: ${checkpoints.tried}`);
  const skills = tally();
  for (const text of fc.sample(skillFileMutationArb(goodLibrary()), { numRuns: files, seed })) count(skills, text, judgeSkillFile(text));
  log(`skill files done: ${skills.tried}`);
  const page = await fuzzLinks(links, seed, log);

  const rows = { links: page.links, checkpoints, 'skill files': skills };
  if (json) process.stdout.write(`${JSON.stringify({ seed, ...rows, stillTrains: page.stillTrains })}\n`);
  for (const [name, t] of Object.entries(rows)) {
    log(`${name.padEnd(12)} tried ${t.tried}  accepted ${t.accepted}  refused with a message ${t.refused}  crashed ${t.crashed}  hung ${t.hung}`);
    for (const e of t.examples) log(`    ${e}`);
  }
  log(`the page ${page.stillTrains ? 'still trains' : 'no longer trains'} after the links`);
  const bad = Object.values(rows).some((t) => t.crashed + t.hung > 0) || !page.stillTrains;
  return bad ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`fuzz: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
