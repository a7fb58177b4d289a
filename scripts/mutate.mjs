// npm run mutate -- [files or folders ...] [stryker flags]: Stryker on the pure layers (stryker.config.mjs), or on
// the given files only, then the per-file table with each layer's target. Results accumulate across runs in
// reports/mutation/all.json (narrowed.json for runs narrowed by --testFiles), which also feeds Stryker's incremental
// mode, so a rerun only tests mutants whose code or covering tests changed (--force reruns everything).
// `--table` prints the accumulated table without running. `--skip-tests a,b` leaves out test files (globs) that
// already fail without any mutant (Stryker stops when its initial run fails); the run says which it left out.
// `--testFiles a,b` (globs, braces allowed) narrows the tests through vitest.mutate.config.ts's include, not through
// Stryker's own option: Stryker 9.6.1 turns that into a test filter that activates load-time (static) mutants only
// after their module has loaded, so they survive every test (stryker-js#6144).
// Exit status: Stryker's, else 1 when a file of this run is below its target.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = 'reports/mutation';
// This run's own incremental file, so that runs on different files may go at once.
const LAST = join(OUT, `last-run-${process.pid}.json`);

/** Issue 21's targets (percent), by the first matching folder. */
const TARGETS = [
  ['src/rl/', 90],
  ['src/core/', 90],
  ['src/storage/', 90],
  ['src/multi/', 90],
  ['src/envs/', 85],
  ['src/skills/', 85],
];

/** Stryker's flags that take no value. */
const BOOLEAN_FLAGS = new Set(['--force', '--incremental', '--ignoreStatic', '--disableBail', '--dryRunOnly', '--allowEmpty', '--allowConsoleColors', '--inPlace', '--cleanTempDir']);

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** A positional argument is a file, a folder (all its .ts files) or a glob Stryker understands. */
function toPattern(arg) {
  const path = arg.replace(/\/+$/, '');
  return existsSync(path) && statSync(path).isDirectory() ? `${path}/**/*.ts` : path;
}

function parseArgs(argv) {
  const patterns = [];
  const passThrough = [];
  let tableOnly = false;
  let skipTests = '';
  let testFiles = '';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--table') tableOnly = true;
    else if (a === '--skip-tests' || a.startsWith('--skip-tests=')) {
      skipTests = a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[++i] ?? '');
      if (skipTests === '' || skipTests.startsWith('-')) {
        console.error('mutate: --skip-tests needs a comma-separated list of test files or globs');
        process.exit(2);
      }
    }
    else if (a === '--testFiles' || a === '-t' || a.startsWith('--testFiles=')) {
      testFiles = a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[++i] ?? '');
      if (testFiles === '' || testFiles.startsWith('-')) {
        console.error('mutate: --testFiles needs a comma-separated list of test files or globs');
        process.exit(2);
      }
    }
    else if (a.startsWith('-')) {
      passThrough.push(a);
      // A flag's value travels with it (`--concurrency 2`) unless the flag takes none or is written `--flag=value`.
      const next = argv[i + 1];
      if (!a.includes('=') && !BOOLEAN_FLAGS.has(a) && !a.startsWith('--no-') && next !== undefined && !next.startsWith('-')) {
        passThrough.push(next);
        i++;
      }
    } else patterns.push(toPattern(a));
  }
  return { patterns, passThrough, tableOnly, skipTests, testFiles };
}

function readReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/**
 * Merges a run's report into the accumulated one: its files replace theirs; a test file keeps its older version
 * when the two differ, so Stryker sees the change and retests the mutants the older results relied on.
 */
function merge(all, run, own) {
  if (!all) return run;
  // The run's report also carries the files of its incremental input: only the files it mutated replace theirs.
  const files = { ...all.files };
  for (const [name, file] of Object.entries(run.files)) if (own(name) || !(name in files)) files[name] = file;
  const testFiles = { ...(run.testFiles ?? {}) };
  for (const [name, older] of Object.entries(all.testFiles ?? {})) {
    if (!(name in testFiles) || testFiles[name].source !== older.source) testFiles[name] = older;
  }
  return { ...run, files, testFiles };
}

function target(file) {
  return TARGETS.find(([prefix]) => file.startsWith(prefix))?.[1];
}

/** One row per file: valid mutants, killed (incl. timeouts), survived, not covered, score, target. */
function rows(report, only) {
  return Object.entries(report.files)
    .filter(([name]) => !only || only.has(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, file]) => {
      let detected = 0;
      let survived = 0;
      let noCoverage = 0;
      for (const m of file.mutants) {
        if (DETECTED.has(m.status)) detected++;
        else if (m.status === 'Survived') survived++;
        else if (m.status === 'NoCoverage') noCoverage++;
      }
      const valid = detected + survived + noCoverage;
      const score = valid > 0 ? (100 * detected) / valid : 100;
      const stale = !existsSync(name) || readFileSync(name, 'utf8') !== file.source;
      return { name, valid, detected, survived, noCoverage, score, target: target(name), stale };
    });
}

function printTable(list) {
  const lines = ['| file | mutants | killed | survived | no coverage | score | target |', '|---|---|---|---|---|---|---|'];
  let below = 0;
  for (const r of list) {
    const miss = r.target !== undefined && r.score < r.target;
    if (miss) below++;
    const mark = r.target === undefined ? '-' : `${r.target}%${miss ? ' **below**' : ''}`;
    const name = r.stale ? `${r.name} (changed since)` : r.name;
    lines.push(`| ${name} | ${r.valid} | ${r.detected} | ${r.survived} | ${r.noCoverage} | ${r.score.toFixed(1)}% | ${mark} |`);
  }
  console.log(lines.join('\n'));
  if (below > 0) console.log(`\n${below} file(s) below target.`);
  return below;
}

/** The mutants no test detected, one line each: where, which mutator, and what the code became. */
function printSurvivors(report) {
  for (const [name, file] of Object.entries(report.files)) {
    for (const m of file.mutants) {
      if (!UNDETECTED.has(m.status)) continue;
      const { line, column } = m.location.start;
      const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100);
      console.log(`${m.status === 'NoCoverage' ? 'not covered' : 'survived'}  ${name}:${line}:${column}  ${m.mutatorName}  -> ${replacement}`);
    }
  }
}

const { patterns, passThrough, tableOnly, skipTests, testFiles } = parseArgs(process.argv.slice(2));
mkdirSync(OUT, { recursive: true });
// Runs narrowed to some test files (--testFiles) keep their results apart: they are lower bounds of the real score.
const narrowed = testFiles !== '';
const ALL = join(OUT, narrowed ? 'narrowed.json' : 'all.json');

if (tableOnly) {
  const all = readReport(ALL);
  if (!all) {
    console.error(`mutate: no results yet in ${ALL}; run npm run mutate first`);
    process.exit(2);
  }
  process.exit(printTable(rows(all)) > 0 ? 1 : 0);
}

const all = readReport(ALL);
if (all) writeFileSync(LAST, JSON.stringify(all));
const args = ['stryker', 'run', 'stryker.config.mjs', '--incrementalFile', LAST, ...passThrough];
if (patterns.length > 0) args.push('--mutate', patterns.join(','));
if (skipTests) console.log(`mutate: leaving out the test files ${skipTests} (they fail without any mutant)`);
if (testFiles) console.log(`mutate: running only the test files ${testFiles} (a lower bound of the score)`);
const env = { ...process.env, MUTATE_SKIP_TESTS: skipTests, MUTATE_TEST_FILES: testFiles };
const run = spawnSync('npx', args, { stdio: 'inherit', env });
const report = readReport(LAST);
rmSync(LAST, { force: true });
if (run.status !== 0 || !report) process.exit(run.status ?? 1);

// Read again: another run may have added its files meanwhile.
/** Whether this run mutated a file: every file without patterns, else the files or folders it was given. */
function own(name) {
  if (patterns.length === 0) return true;
  return patterns.some((p) => {
    if (!p.includes('*')) return p === name;
    // A folder's pattern: its files; any other glob: every file (a rare case; the run's files then all replace).
    return p.endsWith('/**/*.ts') ? name.startsWith(p.slice(0, -'**/*.ts'.length)) : true;
  });
}
writeFileSync(ALL, JSON.stringify(merge(readReport(ALL), report, own)));
printSurvivors(report);
console.log('\nMutation score per file (this run; killed includes timeouts; compile errors are not counted):\n');
process.exit(printTable(rows(report)) > 0 ? 1 : 0);
