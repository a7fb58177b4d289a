// The built app's Content-Security-Policy. The page gets no inline script, no eval and no WebAssembly; workers
// (where onnxruntime-web, and the WebAssembly CPU backend, compile their .wasm) may also compile WebAssembly
// ('wasm-unsafe-eval', never 'unsafe-eval'). A <meta> tag carries the page's policy in every build; a meta tag
// cannot reach workers, so the preview server (and any host that can set headers) sends each policy as a header:
// the worker one on the worker scripts.
import type { Plugin } from 'vite';

const COMMON = ["default-src 'self'", "worker-src 'self' blob:", "img-src 'self' data: blob:", "font-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'none'"];

/** The document: scripts from this origin only; Svelte's style directives need inline style attributes. */
export const PAGE_CSP = [...COMMON, "script-src 'self'", "style-src 'self'", "connect-src 'self'"].join('; ');

/** Worker scripts: the page's rules plus compiling WebAssembly, and fetching their .wasm. */
export const WORKER_CSP = [...COMMON, "script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self' blob: data:"].join('; ');

/** Worker scripts as Vite names them in a build (assets/NAME.worker-HASH.js). */
const WORKER_SCRIPT = /\.worker-[\w-]+\.js$/;

/** Adds the page policy to index.html at build time, and both policies as headers to `vite preview`. */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'greenhouse-csp',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.server ? html : html.replace(/(<meta charset="[^"]*" \/>)/, `$1\n    <meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}" />`)),
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        res.setHeader('Content-Security-Policy', WORKER_SCRIPT.test(path) ? WORKER_CSP : PAGE_CSP);
        next();
      });
    },
  };
}
