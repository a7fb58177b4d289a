// The pointer/copy head in the ONNX graph (standard opset-17 ops): what each position emits, computed from input_ids
// alone as src/model/pointer.ts pointerTargets does, the two pointer heads over the keys that emit something, their
// mass scattered onto tokens with one-hot rows, and the gated mixture with the (number-biased) vocabulary (Ops.pointer).
import { POINTER_HEADS as HP, pointerWidth } from '../model/ops';
import { EL, SPECIALS, UNK } from '../model/tokenizer';
import { DT, type GraphBuilder } from './graph';

export interface PointerInputs {
  hf: string; // (B, S, D) final hidden states
  logits: string; // (B, S, V) vocabulary logits
  ids: string; // (B, S) int64
  mask: string; // (B, S) int64, 1 = a real token
  allowed: string; // (B, 1, S, S) bool: j <= i and key j is real
  w: string; // (D, W) ptr.w
  b: string; // (W) ptr.b
}

/** Appends the head; returns the name of the mixture's logits (B, S, V). */
export function pointerGraph(g: GraphBuilder, x: PointerInputs, Dp: number, V: number, maskedScore: number): string {
  const W = pointerWidth(Dp);
  const consts = new Map<string, string>();
  const once = (key: string, make: () => string) => consts.get(key) ?? (consts.set(key, make()), consts.get(key)!);
  const I = (v: number) => once(`i${v}`, () => g.ints(`ptr_i${v}`, [v], [])); // int64 scalar
  const L = (v: number) => once(`l${v}`, () => g.ints(`ptr_l${v}`, [v])); // int64 (1): starts, ends, axes
  const proj = g.op1('Add', [g.op1('MatMul', [x.hf, x.w]), x.b]); // (B, S, W)
  const cols = (from: number, to: number) => once(`c${from}:${to}`, () => g.op1('Slice', [proj, L(from), L(to), L(2)]));

  // what each position emits: head 0 its own token, head 1 the id after the <el> opening its line
  const special = g.op1('Less', [x.ids, I(SPECIALS.length)]); // (B, S), <unk> included
  const breaks = g.op1('And', [special, g.op1('Not', [g.op1('Equal', [x.ids, I(UNK)])])]);
  const none = I(-1);
  const real = g.op1('Cast', [x.mask], { to: DT.BOOL });
  const zeros = g.op1('Slice', [g.op1('Mul', [x.ids, I(0)]), L(0), L(1), L(1)]); // (B, 1)
  const shift = (t: string) => g.op1('Concat', [g.op1('Slice', [t, L(1), L(2 ** 53), L(1)]), zeros], { axis: 1 });
  const afterEl = g.op1('Equal', [g.op1('Concat', [zeros, g.op1('Slice', [x.ids, L(0), L(-1), L(1)])], { axis: 1 }), I(EL)]); // (B, S): an element's id
  const copy = g.op1('Where', [g.op1('And', [real, g.op1('Not', [g.op1('Or', [special, afterEl])])]), x.ids, none]);
  const next = g.op1('Mul', [shift(x.ids), shift(x.mask)]); // (B, S): the following real token, or <pad>
  const opens = g.op1('And', [g.op1('Equal', [x.ids, I(EL)]), g.op1('Not', [g.op1('Less', [next, I(SPECIALS.length)])])]);
  const lineId = g.op1('Where', [opens, next, none]); // at a special: the id its line emits (-1 unless <el> id)
  const segment = g.op1('CumSum', [g.op1('Cast', [breaks], { to: DT.INT64 }), I(1)]); // (B, S)
  // position j's line starts at the special p of its segment: sum_p [same segment, p special] (lineId[p] + 1) - 1
  const starts = g.op1('And', [g.op1('Equal', [g.op1('Unsqueeze', [segment, L(2)]), g.op1('Unsqueeze', [segment, L(1)])]), g.op1('Unsqueeze', [breaks, L(1)])]); // (B, S, S)
  const shifted = g.op1('Unsqueeze', [g.op1('Cast', [g.op1('Add', [lineId, I(1)])], { to: DT.FLOAT }), L(2)]); // (B, S, 1)
  const summed = g.op1('Cast', [g.op1('Squeeze', [g.op1('MatMul', [g.op1('Cast', [starts], { to: DT.FLOAT }), shifted]), L(2)])], { to: DT.INT64 });
  const element = g.op1('Where', [real, g.op1('Sub', [summed, I(1)]), none]);

  // each head: a softmax over the keys j <= i that emit a token, scattered onto tokens by one-hot rows
  const vocabRange = g.ints('ptr_vocab_range', Array.from({ length: V }, (_, v) => v));
  const scale = g.scalar('ptr_scale', 1 / Math.sqrt(Dp));
  const masked = g.scalar('ptr_masked', maskedScore);
  const causal = g.op1('Squeeze', [x.allowed, L(1)]); // (B, S, S)
  const gates = g.op1('Softmax', [cols(2 * HP * Dp, W)], { axis: -1 }); // (B, S, HP + 1)
  let mass = '';
  [copy, element].forEach((targets, h) => {
    const emits = g.op1('Unsqueeze', [g.op1('Not', [g.op1('Less', [targets, I(0)])]), L(1)]); // (B, 1, S)
    const keys = g.op1('And', [causal, emits]);
    const kT = g.op1('Transpose', [cols((HP + h) * Dp, (HP + h + 1) * Dp)], { perm: [0, 2, 1] }); // (B, Dp, S)
    const scores = g.op1('Where', [keys, g.op1('Mul', [g.op1('MatMul', [cols(h * Dp, (h + 1) * Dp), kT]), scale]), masked]);
    const probs = g.op1('Mul', [g.op1('Softmax', [scores], { axis: -1 }), g.op1('Cast', [keys], { to: DT.FLOAT })]); // (B, S, S)
    const oneHot = g.op1('Cast', [g.op1('Equal', [g.op1('Unsqueeze', [targets, L(2)]), vocabRange])], { to: DT.FLOAT }); // (B, S, V)
    const gate = g.op1('Slice', [gates, L(h + 1), L(h + 2), L(2)]); // (B, S, 1)
    const part = g.op1('Mul', [g.op1('MatMul', [probs, oneHot]), gate]);
    mass = mass ? g.op1('Add', [mass, part]) : part;
  });
  // the mixture: log(g_0 softmax(logits) + mass), exactly log g_0 + log softmax(logits) where mass is 0
  const logGate0 = g.op1('Slice', [g.op1('LogSoftmax', [cols(2 * HP * Dp, W)], { axis: -1 }), L(0), L(1), L(2)]);
  const a = g.op1('Add', [logGate0, g.op1('LogSoftmax', [x.logits], { axis: -1 })]); // (B, S, V)
  const mixed = g.op1('Log', [g.op1('Add', [g.op1('Exp', [a]), mass])]);
  return g.op1('Where', [g.op1('Greater', [mass, g.scalar('ptr_zero', 0)]), mixed, a]);
}
