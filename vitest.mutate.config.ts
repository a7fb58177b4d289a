// The test set Stryker runs mutants against (stryker.config.mjs): vitest.config.ts's `node` project, without the
// tests a mutant cannot reach or that take minutes: command-line tests run the code in a child process (where no
// mutant is active), kernel and ONNX tests cover src/cpu, src/wasm and src/onnx (outside the pure layers), and the
// learning tests (and the lessons' claims) train for a long time to check a success rate the unit tests pin more
// precisely.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config.ts';

const node = base.test?.projects?.find(
  (p): p is TestProjectInlineConfiguration => typeof p === 'object' && 'test' in p && p.test?.name === 'node',
);
if (!node?.test) throw new Error('vitest.mutate.config.ts: vitest.config.ts has no project named node');

export const MUTATION_EXCLUDE = [
  'test/**/cli.test.ts',
  'test/**/cli-*.test.ts',
  'test/server/python.test.ts',
  'test/kernels/**',
  'test/onnx/**',
  'test/rl/learning.test.ts',
  'test/lessons/*-lessons.test.ts', // each trains a lesson's runs to check its sentences
];

/**
 * Test files already failing on the code under test (`npm run mutate -- --skip-tests a,b`), comma-separated globs:
 * Stryker refuses to start when its initial run has a failure, and a mutant cannot be judged by a failing test.
 */
export const SKIPPED = globList(process.env.MUTATE_SKIP_TESTS);

/**
 * The only test files to run (`npm run mutate -- --testFiles a,b`), or none for every node test. Narrowed here rather
 * than with Stryker's testFiles option, which makes load-time mutants survive (see scripts/mutate.mjs).
 */
export const ONLY = globList(process.env.MUTATE_TEST_FILES);

/** Comma-separated globs; a comma inside braces (`test/{a,b}.test.ts`) belongs to its glob. */
export function globList(text: string | undefined): string[] {
  const globs: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text ?? '') {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      globs.push(current);
      current = '';
    } else current += ch;
  }
  globs.push(current);
  return globs.map((g) => g.trim()).filter((g) => g !== '');
}

export default defineConfig({
  plugins: base.plugins,
  worker: base.worker,
  test: {
    ...node.test,
    name: 'mutate',
    include: ONLY.length > 0 ? ONLY : node.test.include,
    exclude: [...(node.test.exclude ?? []), ...MUTATION_EXCLUDE, ...SKIPPED],
  },
});
