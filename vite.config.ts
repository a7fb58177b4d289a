// Vite config for the playground: Svelte 5, module workers, WGSL imported as ?raw, a Content-Security-Policy in
// the build and on the preview server (scripts/csp.ts), and a Workbox service worker (vite-plugin-pwa) that
// precaches the whole build, so a page loaded once trains offline (classroom Wi-Fi fails). Dev and preview send
// COOP/COEP so the page is cross-origin isolated: shared memory, so the WebAssembly backend can run on several threads.
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import { contentSecurityPolicy } from './scripts/csp.ts';

/** Cross-origin isolation; a host serving dist/ must send the same two headers for threads (see README). */
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

/** onnxruntime-web's wasm is about 28 MB: Workbox's 2 MiB default would leave it out of the precache. */
const LARGEST_PRECACHED_BYTES = 64 * 1024 * 1024;

export default defineConfig({
  plugins: [
    svelte(),
    contentSecurityPolicy(),
    VitePWA({
      // A file, not an inline script: the page's CSP allows scripts from this origin only.
      injectRegister: 'script',
      includeManifestIcons: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Greenhouse',
        short_name: 'Greenhouse',
        description: 'Train small agents with GRPO inside a browser tab.',
        theme_color: '#15803d',
        background_color: '#f7f8f5',
        icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        // The app, its workers, every .wasm (onnxruntime's included) and the lesson pictures.
        globPatterns: ['**/*.{html,js,mjs,css,wasm,svg,json,webmanifest}'],
        maximumFileSizeToCacheInBytes: LARGEST_PRECACHED_BYTES,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  server: { port: 5173, strictPort: false, headers: ISOLATION },
  preview: { headers: ISOLATION },
});
