// The same decoder-only transformer written in TensorFlow.js (pre-LN, GELU MLP, tied head), trained with
// tf.train.adam on a weighted token log-likelihood: the baseline our training step is compared with.
import type * as TF from '@tensorflow/tfjs-core';
import type { SizeSpec } from './measure';
import { randomBatch, timeIt } from './measure';

type Tf = typeof TF;

/** Tokens per second of one tfjs training step on the current tfjs backend. */
export async function tfjsTokensPerS(tf: Tf, s: SizeSpec, minS = 1): Promise<number> {
  const { vocab: V, dim: D, layers: L, heads: H } = s.model;
  const [B, T] = [s.rows, s.width];
  const Dh = D / H;
  const v = (shape: number[], std: number) => tf.variable(std ? tf.randomNormal(shape, 0, std) : shape.length === 1 && std === 0 ? tf.zeros(shape) : tf.ones(shape));
  const wte = v([V, D], 0.02);
  const wpe = v([s.model.window, D], 0.01);
  const layers = Array.from({ length: L }, () => ({
    g1: tf.variable(tf.ones([D])), b1: tf.variable(tf.zeros([D])),
    wqkv: v([D, 3 * D], 0.02), bqkv: tf.variable(tf.zeros([3 * D])),
    wo: v([D, D], 0.02), bo: tf.variable(tf.zeros([D])),
    g2: tf.variable(tf.ones([D])), b2: tf.variable(tf.zeros([D])),
    w1: v([D, 4 * D], 0.02), c1: tf.variable(tf.zeros([4 * D])),
    w2: v([4 * D, D], 0.02), c2: tf.variable(tf.zeros([D])),
  }));
  const gf = tf.variable(tf.ones([D]));
  const bf = tf.variable(tf.zeros([D]));
  const batch = randomBatch(V, B, T);
  const targets = new Int32Array(B * T);
  for (let i = 0; i < B * T; i++) targets[i] = i % T < T - 1 ? batch.tokens[i + 1] : 0;
  const tokens = tf.tensor1d(batch.tokens, 'int32');
  const pos = tf.tensor1d(Int32Array.from({ length: B * T }, (_, i) => i % T), 'int32');
  const onehot = tf.oneHot(tf.tensor1d(targets, 'int32'), V);
  const weight = tf.tensor2d(batch.weight, [B * T, 1]);
  const causal = tf.mul(tf.sub(tf.linalg.bandPart(tf.ones([T, T]), -1, 0), 1), 1e9); // 0 on and below the diagonal, -1e9 above
  const ln = (x: TF.Tensor, g: TF.Tensor, b: TF.Tensor) => {
    const { mean, variance } = tf.moments(x, -1, true);
    return tf.add(tf.mul(tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, 1e-5))), g), b);
  };
  const gelu = (x: TF.Tensor) => tf.mul(tf.mul(x, 0.5), tf.add(tf.tanh(tf.mul(tf.add(x, tf.mul(tf.pow(x, 3), 0.044715)), Math.sqrt(2 / Math.PI))), 1));
  const heads = (x: TF.Tensor) => tf.transpose(tf.reshape(x, [B, T, H, Dh]), [0, 2, 1, 3]); // (B, H, T, Dh)
  const dense = (x: TF.Tensor, w: TF.Tensor, b: TF.Tensor) => tf.add(tf.matMul(x, w), b);
  // tfjs-backend-wasm has no kernel for gather's gradient (UnsortedSegmentSum): there the lookup's gradient is a
  // matmul with the one-hot rows, dTable (rows, D) = onehot(ids)^T · dy.
  const lookup = (table: TF.Tensor, ids: TF.Tensor1D, rows: number): TF.Tensor => {
    if (tf.getBackend() !== 'wasm') return tf.gather(table, ids);
    const grad = (dy: TF.Tensor) => tf.matMul(tf.cast(tf.oneHot(ids, rows), 'float32'), dy, true, false);
    const f = tf.customGrad(((t: TF.Tensor) => ({ value: tf.gather(t, ids), gradFunc: grad })) as unknown as Parameters<typeof tf.customGrad>[0]);
    return f(table);
  };
  const loss = () => {
    let x = tf.add(lookup(wte, tokens, V), lookup(wpe, pos, s.model.window)); // (B*T, D)
    for (const p of layers) {
      const [q, k, vv] = tf.split(dense(ln(x, p.g1, p.b1), p.wqkv, p.bqkv), 3, 1).map(heads);
      const att = tf.softmax(tf.add(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(Dh)), causal));
      const a = tf.reshape(tf.transpose(tf.matMul(att, vv), [0, 2, 1, 3]), [B * T, D]);
      x = tf.add(x, dense(a, p.wo, p.bo));
      x = tf.add(x, dense(gelu(dense(ln(x, p.g2, p.b2), p.w1, p.c1)), p.w2, p.c2));
    }
    const logits = tf.matMul(ln(x, gf, bf), wte, false, true);
    return tf.neg(tf.sum(tf.mul(tf.mul(tf.logSoftmax(logits), onehot), weight))) as TF.Scalar;
  };
  const opt = tf.train.adam(1e-3);
  const sec = await timeIt(async () => {
    const l = opt.minimize(loss, true) as TF.Scalar;
    await l.data();
    l.dispose();
  }, minS);
  tf.disposeVariables();
  opt.dispose();
  for (const t of [tokens, pos, onehot, weight, causal]) t.dispose();
  return (B * T) / sec;
}
