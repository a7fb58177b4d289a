// The ONNX evaluation worker: reads an .onnx policy file and plays it on an environment with onnxruntime-web
// (wasm, one thread), off the main thread; a fresh worker per evaluation (see eval-client.ts).
import * as Comlink from 'comlink';
import { configureOrtForBrowser } from '../onnx/browser-ort';
import { checkSize } from '../onnx/contract';
import { evaluateOnnx } from '../onnx/evaluate';
import type { EvalWorkerApi } from './protocol';

configureOrtForBrowser();

const api: EvalWorkerApi = {
  async evaluate(file, options, onProgress) {
    checkSize(file.size);
    return evaluateOnnx(new Uint8Array(await file.arrayBuffer()), options, onProgress ? (p) => void onProgress(p) : undefined);
  },
};

Comlink.expose(api);
