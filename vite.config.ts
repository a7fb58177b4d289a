// Vite config for the playground: Svelte 5, module workers, WGSL imported as ?raw, a Content-Security-Policy in
// the build and on the preview server (scripts/csp.ts).
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { contentSecurityPolicy } from './scripts/csp.ts';

export default defineConfig({
  plugins: [svelte(), contentSecurityPolicy()],
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
  server: { port: 5173, strictPort: false },
});
