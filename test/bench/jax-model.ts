// The bench's decoder-only transformer written in jax-js (pre-LN, GELU MLP, tied head), trained with jit(valueAndGrad)
// on a weighted token log-likelihood and AdamW written by hand (@jax-js/optax is not on npm): the strongest peer
// our training step is compared with, on jax-js's wasm and webgpu devices. Arrays are reference-counted: every use
// consumes one reference, `.ref` adds one.
import type * as JAX from '@jax-js/jax';
import { Rng } from '../../src/core/rng';
import { randomBatch, timeIt, type SizeSpec } from './measure';

type Jax = typeof JAX;
type A = JAX.Array;
type Layer = { g1: A; b1: A; wqkv: A; bqkv: A; wo: A; bo: A; g2: A; b2: A; w1: A; c1: A; w2: A; c2: A };
type Params = { wte: A; wpe: A; layers: Layer[]; gf: A; bf: A };

const GELU_C = Math.sqrt(2 / Math.PI);

/** Tokens per second of one jax-js training step on `device` ('wasm' or 'webgpu'); null when jax-js has no such device here. */
export async function jaxTokensPerS(jax: Jax, device: 'wasm' | 'webgpu', s: SizeSpec, minS = 1): Promise<number | null> {
  const { numpy: np, nn, tree } = jax;
  if (!(await jax.init(device)).includes(device)) return null;
  jax.defaultDevice(device);
  const { vocab: V, dim: D, layers: L, heads: H, window: W } = s.model;
  const [B, T] = [s.rows, s.width];
  const Dh = D / H;
  const rng = Rng.fromSeed(1);
  const normal = (shape: number[], std: number) => np.array(Float32Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => std * rng.normal())).reshape(shape);
  const fill = (n: number, x: number) => np.array(new Float32Array(n).fill(x));
  let params: Params = {
    wte: normal([V, D], 0.02),
    wpe: normal([W, D], 0.01),
    layers: Array.from({ length: L }, () => ({
      g1: fill(D, 1), b1: fill(D, 0), wqkv: normal([D, 3 * D], 0.02), bqkv: fill(3 * D, 0), wo: normal([D, D], 0.02), bo: fill(D, 0),
      g2: fill(D, 1), b2: fill(D, 0), w1: normal([D, 4 * D], 0.02), c1: fill(4 * D, 0), w2: normal([4 * D, D], 0.02), c2: fill(D, 0),
    })),
    gf: fill(D, 1),
    bf: fill(D, 0),
  };
  const batch = randomBatch(V, B, T);
  const targetWeight = new Float32Array(B * T * V); // (B, T, V): weight at the next token, 0 elsewhere
  for (let i = 0; i < B * T; i++) if (i % T < T - 1) targetWeight[i * V + batch.tokens[i + 1]] = batch.weight[i];
  const causalHost = new Float32Array(T * T);
  for (let i = 0; i < T; i++) for (let j = i + 1; j < T; j++) causalHost[i * T + j] = -1e9;
  // 2-D indices: under jit, the gradient of np.take with 1-D indices fails
  const tokens = np.array(Int32Array.from(batch.tokens), { dtype: np.int32 }).reshape([B, T]);
  const pos = np.array(Int32Array.from({ length: B * T }, (_, i) => i % T), { dtype: np.int32 }).reshape([B, T]);
  const tw = np.array(targetWeight).reshape([B, T, V]);
  const causal = np.array(causalHost).reshape([T, T]);

  const ln = (x: A, g: A, b: A) => {
    const xc = x.ref.sub(np.mean(x, -1, { keepdims: true }));
    const variance = np.mean(np.square(xc.ref), -1, { keepdims: true });
    return xc.div(np.sqrt(variance.add(1e-5))).mul(g).add(b);
  };
  const dense = (x: A, w: A, b: A) => np.matmul(x, w).add(b);
  const gelu = (h: A) => {
    const cube = h.ref.mul(h.ref).mul(h.ref);
    return h.ref.mul(0.5).mul(np.tanh(h.add(cube.mul(0.044715)).mul(GELU_C)).add(1));
  };
  const heads = (x: A) => x.reshape([B, T, H, Dh]).transpose([0, 2, 1, 3]); // (B, H, T, Dh)
  const loss = (p: Params, tok: A, ps: A, weight: A, mask: A): A => {
    let x = np.take(p.wte.ref, tok, 0).add(np.take(p.wpe, ps, 0)); // (B, T, D)
    for (const l of p.layers) {
      const [q, k, v] = np.split(dense(ln(x.ref, l.g1, l.b1), l.wqkv, l.bqkv), 3, 2).map(heads);
      const att = nn.softmax(np.matmul(q, k.transpose([0, 1, 3, 2])).mul(1 / Math.sqrt(Dh)).add(mask.ref), -1);
      const a = np.matmul(att, v).transpose([0, 2, 1, 3]).reshape([B, T, D]);
      x = x.add(dense(a, l.wo, l.bo));
      x = x.ref.add(dense(gelu(dense(ln(x, l.g2, l.b2), l.w1, l.c1)), l.w2, l.c2));
    }
    mask.dispose();
    const logits = np.matmul(ln(x, p.gf, p.bf), p.wte.transpose()); // (B, T, V)
    return np.sum(nn.logSoftmax(logits, -1).mul(weight)).neg();
  };
  const valueAndGrad = jax.jit(jax.valueAndGrad(loss));
  const [lr, b1, b2, eps, wd] = [1e-3, 0.9, 0.999, 1e-8, 0.01];
  const adamw = jax.jit((p: A, g: A, m: A, v: A, c1: A, c2: A): [A, A, A] => {
    const m2 = m.mul(b1).add(g.ref.mul(1 - b1));
    const v2 = v.mul(b2).add(g.ref.mul(g).mul(1 - b2));
    const step = m2.ref.div(c1).div(np.sqrt(v2.ref.div(c2)).add(eps)).add(p.ref.mul(wd));
    return [p.sub(step.mul(lr)), m2, v2];
  });
  const def = tree.flatten(params)[1];
  let m = tree.map((x: A) => np.zerosLike(x.ref), params) as Params;
  let v = tree.map((x: A) => np.zerosLike(x.ref), params) as Params;
  let t = 0;
  const step = async () => {
    t++;
    const [value, grads] = valueAndGrad(tree.ref(params), tokens.ref, pos.ref, tw.ref, causal.ref);
    const [c1, c2] = [np.array(1 - b1 ** t), np.array(1 - b2 ** t)];
    const [pl, gl, ml, vl] = [params, grads as Params, m, v].map((x) => tree.flatten(x)[0] as A[]);
    const out = pl.map((p, i) => adamw(p, gl[i], ml[i], vl[i], c1.ref, c2.ref));
    c1.dispose();
    c2.dispose();
    params = tree.unflatten(def, out.map((o) => o[0])) as Params;
    m = tree.unflatten(def, out.map((o) => o[1])) as Params;
    v = tree.unflatten(def, out.map((o) => o[2])) as Params;
    await value.data();
    await jax.blockUntilReady(params);
  };
  const sec = await timeIt(step, minS);
  for (const x of [params, m, v]) tree.dispose(x);
  for (const x of [tokens, pos, tw, causal]) x.dispose();
  valueAndGrad.dispose();
  adamw.dispose();
  return (B * T) / sec;
}
