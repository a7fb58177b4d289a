// Vite config for the playground: Svelte 5, module workers, WGSL imported as ?raw, a Content-Security-Policy in the
// build and on the preview server (scripts/csp.ts). Dev and preview send COOP/COEP so the page is cross-origin
// isolated: shared memory, so the WebAssembly backend can run on several threads.
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { contentSecurityPolicy } from './scripts/csp.ts';

/** Cross-origin isolation; a host serving dist/ must send the same two headers for threads (see README). */
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  plugins: [svelte(), contentSecurityPolicy()],
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  server: { port: 5173, strictPort: false, headers: ISOLATION },
  preview: { headers: ISOLATION },
});
