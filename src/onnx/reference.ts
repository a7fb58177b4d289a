// Our engine's logits for a batch on the CPU twin (Transformer.forward + head): what an exported model must
// reproduce, in the tests and in the bench.
import { CpuOps } from '../cpu/ops';
import { paramTable, type ModelConfig } from '../model/params';
import { Transformer } from '../model/transformer';

export class CpuLogits {
  private readonly model: Transformer<Float32Array, Int32Array>;

  constructor(readonly config: ModelConfig, params: Float32Array) {
    const ops = new CpuOps();
    this.model = new Transformer(ops, config, paramTable(config));
    ops.writeF32(this.model.params, params);
  }

  /** logits (N, T, V) of right-padded rows tokens (N, T) with lengths (N) real tokens each. */
  run(tokens: Int32Array, lengths: Int32Array, N: number, T: number): Float32Array {
    const pos = Int32Array.from({ length: N * T }, (_, i) => i % T);
    const hf = this.model.forward('ref', tokens, pos, new Int32Array(N), lengths, N, T);
    return this.model.head('ref', hf, N * T).slice(0, N * T * this.config.vocab);
  }
}
