// Svelte 5 compiler options; TypeScript in components via vitePreprocess.
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default { preprocess: vitePreprocess() };
