// Vite config for the playground: Svelte 5, module workers, WGSL imported as ?raw. Dev and preview send COOP/COEP so
// the page is cross-origin isolated: shared memory, so the WebAssembly backend can run on several threads.
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/** Cross-origin isolation; a host serving dist/ must send the same two headers for threads (see README). */
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export default defineConfig({
  plugins: [svelte()],
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  server: { port: 5173, strictPort: false, headers: ISOLATION },
  preview: { headers: ISOLATION },
});
