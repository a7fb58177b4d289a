// Bench body: forward-pass tokens/s of our CPU twin against onnxruntime-web's wasm provider (one thread) on the
// same exported model and the same batch, in Node.
import { Rng } from '../../src/core/rng';
import { initParams, paramTable } from '../../src/model/params';
import { SPECIALS } from '../../src/model/tokenizer';
import { exportPolicy } from '../../src/onnx/export';
import { CpuLogits } from '../../src/onnx/reference';
import { OnnxLogits } from '../../src/onnx/runtime';
import { timeIt, type SizeSpec } from './measure';

export interface OnnxForward {
  size: string;
  /** Forward tokens/s (B x T logits) of our CPU twin and of onnxruntime-web (wasm), and ours / theirs. */
  oursTokensPerS: number;
  ortTokensPerS: number;
  ratio: number;
}

export async function onnxForward(s: SizeSpec, minS = 1): Promise<OnnxForward> {
  const { model: config, rows: N, width: T } = s;
  const params = initParams(config, paramTable(config), Rng.fromSeed(1));
  const vocab = [...SPECIALS, ...Array.from({ length: config.vocab - SPECIALS.length }, (_, i) => `w${i}`)];
  const r = Rng.fromSeed(2);
  const tokens = Int32Array.from({ length: N * T }, () => SPECIALS.length + r.int(config.vocab - SPECIALS.length));
  const lengths = new Int32Array(N).fill(T);
  const ours = new CpuLogits(config, params);
  const theirs = await OnnxLogits.create(exportPolicy(config, vocab, params), config.vocab, 'wasm');
  const oursS = await timeIt(async () => void ours.run(tokens, lengths, N, T), minS);
  const ortS = await timeIt(async () => void (await theirs.run(tokens, lengths, N, T)), minS);
  await theirs.release();
  return { size: s.name, oursTokensPerS: (N * T) / oursS, ortTokensPerS: (N * T) / ortS, ratio: ortS / oursS };
}
