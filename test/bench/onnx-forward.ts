// Bench body: forward-pass tokens/s of our CPU backend (wasm, one thread) against onnxruntime-web's wasm provider (one
// thread) on the same exported model and the same batch, in Node.
import { Rng } from '../../src/core/rng';
import { initParams, paramTable } from '../../src/model/params';
import { SPECIALS } from '../../src/model/tokenizer';
import { Transformer } from '../../src/model/transformer';
import { exportPolicy } from '../../src/onnx/export';
import { OnnxLogits } from '../../src/onnx/runtime';
import { WasmOps } from '../../src/wasm/ops';
import { timeIt, type SizeSpec } from './measure';

export interface OnnxForward {
  size: string;
  /** Forward tokens/s (B x T logits) of our wasm backend and of onnxruntime-web (wasm), and ours / theirs. */
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
  const ops = await WasmOps.create({ threads: 1 });
  const model = new Transformer(ops, config, paramTable(config));
  ops.writeF32(model.params, params);
  const put = (name: string, data: Int32Array) => {
    const t = ops.i32(name, data.length);
    ops.writeI32(t, data);
    return t;
  };
  const [tok, pos, q0, len] = [put('tokens', tokens), put('pos', Int32Array.from({ length: N * T }, (_, i) => i % T)), put('q0', new Int32Array(N)), put('len', lengths)];
  const ours = async () => void (await ops.readF32(model.head('fwd', model.forward('fwd', tok, pos, q0, len, N, T), N * T), 1));
  const theirs = await OnnxLogits.create(exportPolicy(config, vocab, params), config.vocab, 'wasm');
  const oursS = await timeIt(ours, minS);
  const ortS = await timeIt(async () => void (await theirs.run(tokens, lengths, N, T)), minS);
  await theirs.release();
  ops.dispose();
  return { size: s.name, oursTokensPerS: (N * T) / oursS, ortTokensPerS: (N * T) / ortS, ratio: ortS / oursS };
}
