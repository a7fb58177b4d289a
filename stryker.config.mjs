// Mutation testing of the pure layers (issue 21) with Stryker: every mutant of these files is run against the node
// tests that cover it (perTest coverage) and must make one fail. Run through `npm run mutate -- [files]`
// (scripts/mutate.mjs), which narrows `mutate`, keeps incremental results and prints the per-file table.
// Equivalent mutants are marked in the source with `// Stryker disable next-line <Mutator>: <reason>` comments.

/** The pure layers: no DOM, no GPU, no workers; src/model only where it is plain TypeScript over tokens. */
export const PURE_LAYERS = [
  'src/core/**/*.ts',
  'src/storage/**/*.ts',
  'src/multi/**/*.ts',
  'src/envs/**/*.ts',
  'src/skills/**/*.ts',
  'src/rl/**/*.ts',
  'src/model/context.ts',
  'src/model/decoding.ts',
  'src/model/grammar.ts',
  'src/model/memory.ts',
  'src/model/params.ts',
  'src/model/presets.ts',
  'src/model/tokenizer.ts',
  // Word lists (data, not logic): a mutant there swaps one word of a pool for another.
  '!src/envs/lexicon/**',
  // Type-only modules and re-exports: nothing to mutate.
  '!src/**/index.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  // Only the node project, without the learning tests that train for minutes (see vitest.mutate.config.ts).
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  // Mutants that do not type-check cannot be written in this code base: the checker drops them (CompileError)
  // instead of running the tests on them.
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  mutate: PURE_LAYERS,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  // The per-file table and the survivors are printed by scripts/mutate.mjs from the JSON report.
  reporters: ['progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  thresholds: { high: 90, low: 85, break: null },
  // A mutant times out (counted as detected: an endless loop) at twice its tests' time plus 10 s, slack for a loaded
  // machine; each timeout costs that wait and a runner restart.
  timeoutMS: 10_000,
  timeoutFactor: 2,
  // The first run executes every related test once on one thread to learn which test covers which mutant.
  dryRunTimeoutMinutes: 60,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['reports', 'bench-out', 'dist', 'public/base', '.vitest-attachments'],
};
