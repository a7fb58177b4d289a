// onnxruntime-web behind the contract: a session on one execution provider that maps right-padded token rows
// to logits, on one wasm thread (pages here have no COOP/COEP; the bench compares one-thread engines). A page or
// worker also points ort at its .wasm (browser-ort.ts).
import * as ort from 'onnxruntime-web';
import { ATTENTION_MASK, INPUT_IDS, LOGITS } from './contract';

export type Provider = 'wasm' | 'webgpu';

export class OnnxLogits {
  private constructor(private readonly session: ort.InferenceSession, readonly vocab: number) {}

  /** A session for a model that passed checkContract. */
  static async create(bytes: Uint8Array, vocab: number, provider: Provider = 'wasm'): Promise<OnnxLogits> {
    ort.env.wasm.numThreads = 1;
    const session = await ort.InferenceSession.create(bytes, { executionProviders: [provider], graphOptimizationLevel: 'all' });
    return new OnnxLogits(session, vocab);
  }

  /** logits (N, T, V) of right-padded rows tokens (N, T) with lengths (N) real tokens each. */
  async run(tokens: Int32Array, lengths: Int32Array, N: number, T: number): Promise<Float32Array> {
    const ids = new BigInt64Array(N * T);
    const mask = new BigInt64Array(N * T);
    for (let n = 0; n < N; n++)
      for (let t = 0; t < T; t++) {
        ids[n * T + t] = BigInt(tokens[n * T + t]);
        mask[n * T + t] = t < lengths[n] ? 1n : 0n;
      }
    const feeds = { [INPUT_IDS]: new ort.Tensor('int64', ids, [N, T]), [ATTENTION_MASK]: new ort.Tensor('int64', mask, [N, T]) };
    const out = (await this.session.run(feeds))[LOGITS];
    const dims = out.dims;
    if (dims.length !== 3 || dims[0] !== N || dims[1] !== T || dims[2] !== this.vocab)
      throw new Error(`onnx: '${LOGITS}' came out with shape [${dims.join(', ')}], expected [${N}, ${T}, ${this.vocab}]`);
    const data = (await out.getData()) as Float32Array;
    out.dispose();
    return data;
  }

  release(): Promise<void> {
    return this.session.release();
  }
}
