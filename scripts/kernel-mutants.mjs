// The kernel mutation pass (issue 16): hand-written mutants of every kernel on every backend (the TypeScript twin in
// src/cpu, the wasm SIMD backend's C in src/wasm/c, the WebGPU kernels in src/gpu), each run against that backend's
// kernel tests only, and a table of which test caught each one.
//   npm run mutate:kernels                         every mutant, every backend: docs/kernel-mutants.md (+ .json)
//   npm run mutate:kernels -- --backend wasm       one backend (twin, wasm, webgpu; several: comma-separated)
//   npm run mutate:kernels -- --only id1,id2       named mutants; --list prints the mutants without running
//   npm run mutate:kernels -- --check              checks that every mutant's snippet occurs once in its file
//   npm run mutate:kernels -- --out file.md        the table (and its .json) elsewhere
// Results accumulate in the .json by mutant, so a pass may run backend by backend; the table shows them all.
// Mutants never touch the working tree: the tree's files (tracked and untracked, not ignored) are copied into a
// temporary folder with node_modules linked, each mutant is applied there and restored after its run (the wasm is
// rebuilt when a C file changed), and the folder is removed at the end, also on Ctrl-C. A backend's tests run in
// stages (the older specs first, then the slower layouts, then this pass's own tests); a mutant stops at the first
// failing test (--bail 1). A backend whose tests fail without any mutant stops the pass. Exit status 1 when a mutant
// was not caught and has no `survives` reason.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TWIN } from './kernel-mutants/twin.mjs';
import { WASM } from './kernel-mutants/wasm.mjs';
import { WEBGPU } from './kernel-mutants/webgpu.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MUTANTS = [...TWIN, ...WASM, ...WEBGPU];

/**
 * Test stages per backend, run in order until one fails: vitest project, files, and the seconds one run may take before
 * it counts as a timeout. The existing specs come first and the mutation pass's own tests (`added`) last, so that a
 * mutant is credited to a new test only when the older ones let it through.
 */
const STAGES = {
  twin: [
    { project: 'node', files: ['test/kernels/cpu.test.ts'], timeout: 240 },
    { project: 'node-f16', files: ['test/kernels/matmul.f16.test.ts'], timeout: 300 }, // the f16 matmul's twin
    { project: 'node', files: ['test/kernels/edges.test.ts'], timeout: 240, added: true },
  ],
  wasm: [
    { project: 'node', files: ['test/kernels/wasm.test.ts', 'test/kernels/wasm-pointer.test.ts'], timeout: 240 },
    { project: 'node', files: ['test/kernels/edges-wasm.test.ts'], timeout: 240, added: true },
  ],
  webgpu: [
    { project: 'node-webgpu', files: ['test/kernels/ops.gpu.test.ts'], timeout: 400 },
    { project: 'node-webgpu', files: ['test/kernels/layouts.gpu.test.ts'], timeout: 600 },
    { project: 'node-f16', files: ['test/kernels/matmul.f16.test.ts', 'test/kernels/matmul-tiles.f16.test.ts'], timeout: 400 }, // lavapipe: shader-f16
    { project: 'node-webgpu', files: ['test/kernels/edges.gpu.test.ts', 'test/kernels/attention-tiles.gpu.test.ts'], timeout: 600, added: true },
  ],
};
const BACKENDS = Object.keys(STAGES);

function parseArgs(argv) {
  const o = { backends: BACKENDS, only: null, out: 'docs/kernel-mutants.md', list: false, check: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) fail(`${a} needs a value`);
      return v;
    };
    if (a === '--backend') o.backends = value().split(',');
    else if (a === '--only') o.only = new Set(value().split(','));
    else if (a === '--out') o.out = value();
    else if (a === '--list') o.list = true;
    else if (a === '--check') o.check = true;
    else fail(`unknown argument ${a} (--backend twin|wasm|webgpu, --only id,..., --out file.md, --list, --check)`);
  }
  for (const b of o.backends) if (!STAGES[b]) fail(`unknown backend '${b}': one of ${BACKENDS.join(', ')}`);
  if (o.only) for (const id of o.only) if (!MUTANTS.some((m) => m.id === id)) fail(`no mutant named '${id}' (--list shows them)`);
  return o;
}

function fail(message) {
  console.error(`mutate:kernels: ${message}`);
  process.exit(2);
}

/** Every mutant's id is unique and names its backend; each carries the fields the table needs. */
function checkList() {
  const seen = new Set();
  for (const m of MUTANTS) {
    for (const k of ['id', 'backend', 'kernel', 'file', 'find', 'bug']) if (typeof m[k] !== 'string' || m[k] === '') fail(`mutant ${m.id ?? JSON.stringify(m)}: missing ${k}`);
    if (typeof m.replace !== 'string') fail(`mutant ${m.id}: missing replace (a string, empty to delete the snippet)`);
    if (seen.has(m.id)) fail(`mutant id ${m.id} appears twice`);
    if (!STAGES[m.backend]) fail(`mutant ${m.id}: unknown backend ${m.backend}`);
    if (m.find === m.replace) fail(`mutant ${m.id}: replacement equals the original`);
    seen.add(m.id);
  }
}

/** A copy of the working tree (tracked and untracked files, not ignored ones) with node_modules linked. */
function copyTree() {
  const dir = mkdtempSync(join(tmpdir(), 'gh-kmut-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(root, f))) continue; // deleted but still tracked
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(root, f), join(dir, f));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Run a command in dir with a wall-clock limit; resolves to { code, out, timedOut }. */
function run(cmd, args, dir, seconds) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL'); // the whole group: vitest's workers too
      } catch {
        /* already gone */
      }
    }, seconds * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, timedOut });
    });
  });
}

/** One stage's tests: null when all pass, else the first failing test's name and the first line of its message. */
async function runStage(dir, stage) {
  const report = join(dir, `.kmut-report-${process.pid}.json`);
  rmSync(report, { force: true });
  const args = ['vitest', 'run', '--project', stage.project, '--bail', '1', '--reporter', 'json', '--outputFile', report, ...stage.files.filter((f) => existsSync(join(dir, f)))];
  const r = await run('npx', args, dir, stage.timeout);
  if (r.timedOut) return { test: `(timeout after ${stage.timeout} s)`, message: '' };
  if (!existsSync(report)) return r.code === 0 ? null : { test: '(vitest failed to start)', message: lastLine(r.out) };
  const json = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of json.testResults)
    for (const t of file.assertionResults)
      if (t.status === 'failed') return { test: `${file.name.slice(dir.length + 1)} > ${t.fullName}`, message: firstLine(t.failureMessages?.[0] ?? '') };
  for (const file of json.testResults) if (file.status === 'failed') return { test: `${file.name.slice(dir.length + 1)} (file)`, message: firstLine(file.message ?? '') };
  return r.code === 0 ? null : { test: '(vitest exited with an error)', message: lastLine(r.out) };
}

const firstLine = (s) => s.split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 160) ?? '';
const lastLine = (s) => s.trim().split('\n').slice(-3).join(' ').slice(0, 200);

/** Rebuild the wasm in the copy; null when it built, else the compiler's complaint. */
async function buildWasm(dir) {
  const r = await run('node', ['scripts/build-wasm.mjs'], dir, 300);
  return r.code === 0 ? null : lastLine(r.out);
}

/** All stages in order; null when every test passes. */
async function runStages(dir, backend) {
  for (const stage of STAGES[backend]) {
    const failed = await runStage(dir, stage);
    if (failed) return { ...failed, added: !!stage.added };
  }
  return null;
}

/** How a shader that does not compile (or build a pipeline) shows in a failing test's message. */
const SHADER_ERROR = /error while parsing|shader module|invalid compute ?pipeline|\bwgsl\b/i;

const occurrences = (text, snippet) => text.split(snippet).length - 1;

/** Mutants whose snippet does not occur exactly once in the working tree's file (the source changed under them). */
function staleMutants(mutants) {
  return mutants.flatMap((m) => {
    const path = join(root, m.file);
    const n = existsSync(path) ? occurrences(readFileSync(path, 'utf8'), m.find) : -1;
    return n === 1 ? [] : [`${m.id}: ${n < 0 ? `${m.file} does not exist` : `snippet found ${n} times in ${m.file}`}`];
  });
}

/** Apply m in the copy, run its backend's stages, restore. */
async function runMutant(dir, m) {
  const path = join(dir, m.file);
  const original = readFileSync(path, 'utf8');
  const count = occurrences(original, m.find);
  if (count !== 1) return { status: 'stale', test: `snippet found ${count} times in ${m.file}`, message: '' };
  const native = m.file.startsWith('src/wasm/c/'); // C source or header: the .wasm is rebuilt
  const wasmFiles = ['src/wasm/kernels.wasm', 'src/wasm/kernels-mt.wasm'].map((f) => [f, readFileSync(join(dir, f))]);
  try {
    writeFileSync(path, original.replace(m.find, () => m.replace));
    if (native) {
      const err = await buildWasm(dir);
      if (err) return { status: 'invalid', test: '(does not compile)', message: err };
    }
    const failed = await runStages(dir, m.backend);
    if (failed && SHADER_ERROR.test(failed.message)) return { status: 'invalid', ...failed }; // a WGSL mutant that does not compile
    return failed ? { status: 'killed', ...failed } : { status: 'survived', test: '', message: '' };
  } finally {
    writeFileSync(path, original);
    if (native) for (const [f, bytes] of wasmFiles) writeFileSync(join(dir, f), bytes);
  }
}

/** The markdown table of every recorded result, in the list's order, with its survivors' reasons. */
function table(recorded) {
  const results = MUTANTS.filter((m) => recorded[m.id]).map((m) => ({ ...m, ...recorded[m.id] }));
  const count = (s) => results.filter((r) => r.status === s).length;
  const runs = [...new Set(results.map((r) => `${r.commit}${r.dirty ? '+' : ''} (${r.date})`))].join(', ');
  const lines = [
    '# Kernel mutation pass',
    '',
    `Generated by \`npm run mutate:kernels\` (scripts/kernel-mutants.mjs; results kept in kernel-mutants.json) on ${runs}`,
    '(+: with uncommitted changes). Each mutant is one realistic bug put into one kernel of one backend; it runs',
    "against that backend's kernel tests only and is killed when one of them fails. The first failing test is named;",
    '(new) marks a test the pass added after the older specs let the mutant through. A survivor says why no test can',
    'catch it.',
    '',
    `${results.length} of ${MUTANTS.length} mutants run: ${count('killed')} killed, ${count('survived')} survived${count('stale') ? `, ${count('stale')} stale (source changed: snippet not found)` : ''}${count('invalid') ? `, ${count('invalid')} not compiling` : ''}.`,
    '',
    '| backend | kernel | mutant | bug | caught by |',
    '|---|---|---|---|---|',
  ];
  for (const r of results) {
    const note = r.status === 'survived' && r.survives ? `: ${r.survives}` : r.test ? ` ${r.test}` : '';
    const caught = r.status === 'killed' ? `\`${r.test}\`${r.added ? ' (new)' : ''}` : `**${r.status}**${note}`;
    lines.push(`| ${r.backend} | ${r.kernel} | ${r.id} | ${r.bug.replaceAll('|', '\\|')} | ${caught.replaceAll('|', '\\|')} |`);
  }
  return lines.join('\n') + '\n';
}

/** Runs the chosen mutants backend by backend in one copy of the tree; returns their results by id. */
async function runAll(chosen, backends) {
  const dir = copyTree();
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  process.on('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  const stamp = {
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim(),
    dirty: execFileSync('git', ['status', '--porcelain', '--', 'src', 'test', 'scripts'], { cwd: root, encoding: 'utf8' }).trim() !== '',
    date: new Date().toISOString().slice(0, 10),
  };
  const results = {};
  try {
    for (const backend of backends) {
      const mine = chosen.filter((m) => m.backend === backend);
      if (mine.length === 0) continue;
      console.log(`${backend}: baseline run without mutants`);
      const base = await runStages(dir, backend);
      if (base) throw new Error(`${backend}: its tests fail without any mutant: ${base.test} ${base.message}`);
      for (const m of mine) {
        const t0 = Date.now();
        const r = await runMutant(dir, m);
        results[m.id] = { ...stamp, ...r };
        console.log(`${backend}\t${m.kernel}\t${m.id}\t${r.status}\t${r.test}\t${r.message}\t(${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      }
    }
  } finally {
    cleanup();
  }
  return results;
}

async function main() {
  checkList();
  const o = parseArgs(process.argv.slice(2));
  const chosen = MUTANTS.filter((m) => o.backends.includes(m.backend) && (!o.only || o.only.has(m.id)));
  if (o.check) {
    const stale = staleMutants(chosen);
    for (const line of stale) console.error(line);
    console.log(`${chosen.length - stale.length} of ${chosen.length} mutants apply`);
    process.exitCode = stale.length > 0 ? 1 : 0;
    return;
  }
  if (o.list) {
    for (const m of chosen) console.log(`${m.backend}\t${m.kernel}\t${m.id}\t${m.bug}`);
    console.log(`${chosen.length} mutants`);
    return;
  }
  let results;
  try {
    results = await runAll(chosen, o.backends);
  } catch (e) {
    fail(e.message);
  }
  // earlier runs' results stay (a pass may go backend by backend); mutants no longer in the list drop out
  const json = join(root, o.out.replace(/\.md$/, '') + '.json');
  const recorded = existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : {};
  for (const id of Object.keys(recorded)) if (!MUTANTS.some((m) => m.id === id)) delete recorded[id];
  Object.assign(recorded, results);
  const ordered = Object.fromEntries(MUTANTS.filter((m) => recorded[m.id]).map((m) => [m.id, recorded[m.id]]));
  mkdirSync(dirname(json), { recursive: true });
  writeFileSync(json, JSON.stringify(ordered, null, 1) + '\n');
  writeFileSync(join(root, o.out), table(ordered));
  console.log(`written to ${o.out} and ${json.slice(root.length + 1)}`);
  const open = chosen.filter((m) => results[m.id].status !== 'killed' && !(results[m.id].status === 'survived' && m.survives));
  for (const m of open) console.log(`not caught: ${m.id} (${results[m.id].status})`);
  process.exitCode = open.length > 0 ? 1 : 0;
}

await main();
