// Node module hooks so the CLI (run by tsx) can import `*.wgsl?raw` like Vite does: the file's text as default export.
import { readFile } from 'node:fs/promises';

export async function resolve(specifier, context, next) {
  if (specifier.endsWith('?raw')) {
    const url = new URL(specifier.slice(0, -4), context.parentURL);
    return { url: `${url.href}?raw`, shortCircuit: true, format: 'module' };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url.endsWith('?raw')) {
    const text = await readFile(new URL(url.slice(0, -4)), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  }
  return next(url, context);
}
