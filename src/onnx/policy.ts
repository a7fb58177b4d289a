// A policy that generates through an ONNX model (onnxruntime-web): no KV cache, each step runs the live rows'
// whole sequences and samples from the last position with the same sampler, grammar mask and stopping rule
// as TransformerPolicy, so rollout() plays it like one of ours.
import { sample } from '../cpu/loss';
import { acceptStep, beginGeneration, fillAllowedMask } from '../model/decoding';
import type { GenerateOptions, Generation, Policy } from '../model/policy-api';
import type { OnnxLogits } from './runtime';

export class OnnxPolicy implements Pick<Policy, 'generate' | 'window'> {
  constructor(private readonly logits: OnnxLogits, readonly window: number) {}

  async generate(prompts: readonly (readonly number[])[], o: GenerateOptions): Promise<Generation> {
    const N = prompts.length;
    const V = this.logits.vocab;
    const { out, lens, Tc, done } = beginGeneration(prompts, this.window, o.maxNewTokens);
    if (N === 0) return out;
    const last = new Float32Array(N * V); // (N, V) logits at each row's last token (rows done: unused)
    const mask = o.allowed ? new Float32Array(N * V) : null;
    const uni = new Float32Array(N);
    const tok = new Int32Array(N);
    const lp = new Float32Array(N);
    const ent = new Float32Array(N);
    for (let s = 0; s < o.maxNewTokens; s++) {
      const rows = [...done.keys()].filter((n) => !done[n]);
      const seqs = rows.map((n) => [...prompts[n], ...out.tokens[n]]);
      const T = Math.max(...seqs.map((q) => q.length));
      const tokens = new Int32Array(rows.length * T);
      seqs.forEach((q, i) => tokens.set(q, i * T));
      const got = await this.logits.run(tokens, Int32Array.from(seqs, (q) => q.length), rows.length, T); // (live, T, V)
      rows.forEach((n, i) => last.set(got.subarray((i * T + seqs[i].length - 1) * V, (i * T + seqs[i].length) * V), n * V));
      if (mask && o.allowed) fillAllowedMask(mask, o.allowed, out, done, V);
      for (let n = 0; n < N; n++) uni[n] = o.rng.next();
      sample(last, mask, uni, tok, lp, ent, N, V, 1 / o.temperature, o.topP);
      if (!acceptStep(out, tok, lp, ent, done, lens, s, Tc)) break;
    }
    return out;
  }
}
