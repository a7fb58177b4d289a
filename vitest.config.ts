// Test projects: node unit tests, WebGPU in Node (Dawn on SwiftShader), f16 kernels in Node (Dawn on lavapipe, the
// software adapter with shader-f16), WebGPU in headless Chromium (page and dedicated worker), and end-to-end tests of
// the built app.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { playwright } from '@vitest/browser-playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium.ts';

export default defineConfig({
  plugins: [svelte()],
  worker: { format: 'es' },
  test: {
    // Two test files at a time at least: Vitest's default (cores - 1) runs one at a time on our 2-core machines, where
    // the main process is mostly idle; two workers took the node project from 449 s to 323 s there (2026-12-03).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts', '**/*.gpu.test.ts', '**/*.f16.test.ts', 'test/e2e/**'],
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-webgpu',
          environment: 'node',
          include: ['src/**/*.gpu.test.ts', 'test/**/*.gpu.test.ts'],
          setupFiles: ['test/support/node-webgpu-setup.ts'],
          testTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-f16',
          environment: 'node',
          include: ['src/**/*.f16.test.ts', 'test/**/*.f16.test.ts'],
          setupFiles: ['test/support/node-lavapipe-setup.ts'],
          testTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['src/**/*.browser.test.ts', 'test/**/*.browser.test.ts'],
          testTimeout: 300_000,
          fileParallelism: false,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // Runs after the other projects, alone and one file at a time: each file's Chromium (WebGPU on SwiftShader) keeps
          // both cores busy, so two files at a time took longer (373 s against 358 s, 2026-12-03).
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
