// Our engine's token scores for a batch on the CPU twin (Transformer.forward + head, and the pointer head's mixture
// when the model has one): what an exported model must reproduce, in the tests and in the bench.
import { CpuOps } from '../cpu/ops';
import { paramTable, type ModelConfig } from '../model/params';
import { PointerHead } from '../model/pointer';
import { Transformer } from '../model/transformer';

export class CpuLogits {
  private readonly model: Transformer<Float32Array, Int32Array>;
  private readonly pointer: PointerHead<Float32Array, Int32Array> | null;

  constructor(readonly config: ModelConfig, params: Float32Array) {
    const ops = new CpuOps();
    const table = paramTable(config);
    this.model = new Transformer(ops, config, table);
    this.pointer = config.pointer ? new PointerHead(ops, table, this.model.params, this.model.grads, config.dim, config.vocab, config.pointer) : null;
    ops.writeF32(this.model.params, params);
  }

  /** logits (N, T, V) of right-padded rows tokens (N, T) with lengths (N) real tokens each. */
  run(tokens: Int32Array, lengths: Int32Array, N: number, T: number): Float32Array {
    const pos = Int32Array.from({ length: N * T }, (_, i) => i % T);
    const hf = this.model.forward('ref', tokens, pos, new Int32Array(N), lengths, N, T);
    const logits = this.model.head('ref', hf, N * T, this.pointer?.vocabBias);
    const scores = this.pointer ? this.pointer.forward('ref', hf, logits, tokens, lengths, new Int32Array(N), lengths, N, T) : logits;
    return scores.slice(0, N * T * this.config.vocab);
  }
}
