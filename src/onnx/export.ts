// Export of a policy (vocabulary, shape, flat parameters) as an ONNX model of standard opset-17 ops that
// computes exactly what the policy's token scores are: pre-LN blocks, tanh GELU, causal attention over the keys
// attention_mask keeps, final LN, the head tied to wte, and the pointer/copy head's mixture (./pointer.ts) when the
// model has one. Shapes: B batch, S seq (<= window).
import { presetConfig } from '../model/presets';
import { paramTable, type ModelConfig } from '../model/params';
import { LN_EPS } from '../cpu/layers';
import type { PolicySnapshot } from '../rl/checkpoint';
import { ATTENTION_MASK, INPUT_IDS, LOGITS, META_CONFIG, META_CONTEXT, META_VOCAB } from './contract';
import { DT, GraphBuilder } from './graph';
import { pointerGraph } from './pointer';
import { vocabularyBias } from '../model/pointer';

/** Score of a masked key before softmax: exp underflows to exactly 0, as if the key were skipped. */
const MASKED_SCORE = -1e9;
const GELU_C = Math.sqrt(2 / Math.PI);

/** The ONNX bytes of a policy whose flat parameters `params` follow paramTable(config). */
export function exportPolicy(config: ModelConfig, vocab: readonly string[], params: Float32Array, match = true): Uint8Array {
  const table = paramTable(config);
  if (vocab.length !== config.vocab) throw new Error(`export: the vocabulary has ${vocab.length} tokens, the model ${config.vocab}`);
  if (params.length !== table.total) throw new Error(`export: ${params.length} parameters given, the model has ${table.total}`);
  const { dim: D, heads: H, layers: L } = config;
  const Dh = D / H;
  const g = new GraphBuilder();
  const w = (name: string) => {
    const e = table.entries.get(name);
    if (!e) throw new Error(`export: no parameter ${name}`);
    return g.floats(name, e.shape, params.subarray(e.offset, e.offset + e.size));
  };
  const ln = (x: string, prefix: string) => g.op1('LayerNormalization', [x, w(`${prefix}.g`), w(`${prefix}.b`)], { axis: -1, epsilon: { f: LN_EPS } });
  const linear = (x: string, prefix: string) => g.op1('Add', [g.op1('MatMul', [x, w(`${prefix}.w`)]), w(`${prefix}.b`)]);

  const ids = g.input(INPUT_IDS, DT.INT64, ['batch', 'seq']); // (B, S)
  const mask = g.input(ATTENTION_MASK, DT.INT64, ['batch', 'seq']); // (B, S) 1 = a real token

  // Embedding: wte[ids] (B, S, D) + wpe[0..S) (S, D).
  const wte = w('wte'); // (V, D)
  const seqLen = g.op1('Shape', [ids], { start: 1, end: 2 }); // (1) = [S]
  const zero = g.ints('zero', [0]);
  const posEmb = g.op1('Slice', [w('wpe'), zero, seqLen, zero]); // (S, D)
  let x = g.op1('Add', [g.op1('Gather', [wte, ids], { axis: 0 }), posEmb]); // (B, S, D)

  // Which keys each query sees: j <= i (causal) and attention_mask[b, j] (keyLen).
  const S = g.op1('Squeeze', [seqLen, zero]); // scalar S
  const range = g.op1('Range', [g.ints('zero_scalar', [0], []), S, g.ints('one_scalar', [1], [])]); // (S)
  const causal = g.op1('LessOrEqual', [g.op1('Unsqueeze', [range, zero]), g.op1('Unsqueeze', [range, g.ints('one', [1])])]); // (S, S) [i, j] = j <= i
  const keys = g.op1('Unsqueeze', [g.op1('Cast', [mask], { to: DT.BOOL }), g.ints('axes_1_2', [1, 2])]); // (B, 1, 1, S)
  const allowed = g.op1('And', [causal, keys]); // (B, 1, S, S)
  const allowedF = g.op1('Cast', [allowed], { to: DT.FLOAT }); // zeroes rows with no key at all, as our attention does
  const masked = g.scalar('masked_score', MASKED_SCORE);
  const scale = g.scalar('attn_scale', 1 / Math.sqrt(Dh));
  const headShape = g.ints('head_shape', [0, 0, H, Dh]);
  const rowShape = g.ints('row_shape', [0, 0, D]);
  const split = g.ints('qkv_split', [D, D, D]);
  const c = (name: string, v: number) => g.scalar(name, v);
  const half = c('gelu_half', 0.5);
  const cubic = c('gelu_cubic', 0.044715);
  const gc = c('gelu_c', GELU_C);
  const one = c('gelu_one', 1);

  for (let l = 0; l < L; l++) {
    const p = `h${l}`;
    const qkv = linear(ln(x, `${p}.ln1`), `${p}.attn`); // (B, S, 3D)
    const [q, k, v] = g.op('Split', [qkv, split], { axis: 2 }, 3); // (B, S, D) each
    const heads = (t: string, perm: number[]) => g.op1('Transpose', [g.op1('Reshape', [t, headShape])], { perm });
    const q4 = heads(q, [0, 2, 1, 3]); // (B, H, S, Dh)
    const kT = heads(k, [0, 2, 3, 1]); // (B, H, Dh, S)
    const v4 = heads(v, [0, 2, 1, 3]); // (B, H, S, Dh)
    const scores = g.op1('Where', [allowed, g.op1('Mul', [g.op1('MatMul', [q4, kT]), scale]), masked]); // (B, H, S, S)
    const probs = g.op1('Mul', [g.op1('Softmax', [scores], { axis: -1 }), allowedF]);
    const att = g.op1('Reshape', [g.op1('Transpose', [g.op1('MatMul', [probs, v4])], { perm: [0, 2, 1, 3] }), rowShape]); // (B, S, D)
    const xm = g.op1('Add', [linear(att, `${p}.proj`), x]);
    const f = linear(ln(xm, `${p}.ln2`), `${p}.fc`); // (B, S, 4D)
    // gelu(f) = 0.5 f (1 + tanh(c (f + 0.044715 f^3))), the tanh form of src/cpu/layers.ts
    const f3 = g.op1('Mul', [g.op1('Mul', [f, f]), f]);
    const t = g.op1('Tanh', [g.op1('Mul', [g.op1('Add', [f, g.op1('Mul', [f3, cubic])]), gc])]);
    const u = g.op1('Mul', [g.op1('Mul', [f, half]), g.op1('Add', [t, one])]);
    x = g.op1('Add', [linear(u, `${p}.out`), xm]); // (B, S, D)
  }
  const hf = ln(x, 'lnf');
  const vocabLogits = g.op1('MatMul', [hf, g.op1('Transpose', [wte], { perm: [1, 0] })]); // (B, S, V): the head tied to wte
  const logits = config.pointer
    ? pointerGraph(g, { hf, logits: g.op1('Add', [vocabLogits, g.floats('ptr_vocab_bias', [config.vocab], vocabularyBias(config.vocab))]), ids, mask, allowed, w: w('ptr.w'), b: w('ptr.b') }, config.pointer, config.vocab, MASKED_SCORE)
    : vocabLogits;
  g.op1('Identity', [logits], {}, LOGITS);
  g.output(LOGITS, DT.FLOAT, ['batch', 'seq', config.vocab]);
  return g.encode('greenhouse_policy', { [META_VOCAB]: JSON.stringify(vocab), [META_CONFIG]: JSON.stringify(config), [META_CONTEXT]: JSON.stringify({ match }) });
}

/** The ONNX bytes of a checkpoint's (or a running trainer's snapshot's) policy. */
export function exportCheckpoint(c: PolicySnapshot): Uint8Array {
  return exportPolicy(presetConfig(c.config.model, c.vocab.length, c.config.pointer), c.vocab, c.policy.params, c.config.match);
}
