// Browser entry for onnxruntime-web (page or worker): its .wasm located through Vite's ?url (the dev server's
// dependency pre-bundling moves the glue away from the file it would look next to).
import * as ort from 'onnxruntime-web';
import wasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.wasm?url';

export function configureOrtForBrowser(): void {
  ort.env.wasm.wasmPaths = { wasm: wasmUrl };
}
