// The bench's reference transformer written in jax-js (jit + valueAndGrad, AdamW by hand): the peer our WebGPU
// training step is compared with on the same adapter. Same shapes and loss as test/bench/tfjs-model.ts.
import { defaultDevice, init, jit, nn, numpy as np, tree, valueAndGrad, type Array as JaxArray } from '@jax-js/jax';
import { randomBatch, timeIt, type SizeSpec } from '../../test/bench/measure';

type Layer = { g1: JaxArray; b1: JaxArray; wqkv: JaxArray; bqkv: JaxArray; wo: JaxArray; bo: JaxArray; g2: JaxArray; b2: JaxArray; w1: JaxArray; c1: JaxArray; w2: JaxArray; c2: JaxArray };
type Params = { wte: JaxArray; wpe: JaxArray; layers: Layer[]; gf: JaxArray; bf: JaxArray };
type Data = { tokens: JaxArray; pos: JaxArray; onehot: JaxArray; weight: JaxArray; causal: JaxArray };

/** Tokens per second of one jax-js training step on `device`, or null with the reason logged when it cannot run. */
export async function jaxTokensPerS(device: 'webgpu' | 'wasm', s: SizeSpec, log: (s: string) => void, minS = 1): Promise<number | null> {
  // jax-js reads navigator.userAgent when it loads its WebGPU backend; Node 20's stand-in navigator has none.
  const nav = globalThis.navigator as { userAgent?: string } | undefined;
  if (nav && nav.userAgent === undefined) Object.defineProperty(nav, 'userAgent', { value: `Node.js/${process.version}` });
  const have = await init(device);
  if (!have.includes(device)) return log(`jax-js ${device} unavailable`), null;
  defaultDevice(device);
  const { vocab: V, dim: D, layers: L, heads: H, window: W } = s.model;
  const [B, T] = [s.rows, s.width];
  const Dh = D / H;
  let seed = 1;
  const normal = (shape: number[], std: number) => np.array(Float32Array.from({ length: shape.reduce((a, b) => a * b) }, () => std * gauss(seed++))).reshape(shape);
  const params: Params = {
    wte: normal([V, D], 0.02),
    wpe: normal([W, D], 0.01),
    layers: Array.from({ length: L }, () => ({
      g1: np.ones([D]), b1: np.zeros([D]), wqkv: normal([D, 3 * D], 0.02), bqkv: np.zeros([3 * D]), wo: normal([D, D], 0.02), bo: np.zeros([D]),
      g2: np.ones([D]), b2: np.zeros([D]), w1: normal([D, 4 * D], 0.02), c1: np.zeros([4 * D]), w2: normal([4 * D, D], 0.02), c2: np.zeros([D]),
    })),
    gf: np.ones([D]),
    bf: np.zeros([D]),
  };
  const batch = randomBatch(V, B, T);
  const targets = new Int32Array(B * T);
  for (let i = 0; i < B * T; i++) targets[i] = i % T < T - 1 ? batch.tokens[i + 1] : 0;
  const causal = new Float32Array(T * T);
  for (let i = 0; i < T; i++) for (let j = i + 1; j < T; j++) causal[i * T + j] = -1e9;
  const data: Data = {
    tokens: np.array(batch.tokens, { dtype: np.int32 }).reshape([B, T]), // 2-D indices: take's gradient needs them under jit
    pos: np.array(Int32Array.from({ length: B * T }, (_, i) => i % T), { dtype: np.int32 }).reshape([B, T]),
    onehot: nn.oneHot(np.array(targets, { dtype: np.int32 }), V),
    weight: np.array(batch.weight).reshape([B * T, 1]),
    causal: np.array(causal).reshape([T, T]),
  };
  const ln = (x: JaxArray, g: JaxArray, b: JaxArray) => {
    const xc = x.ref.sub(np.mean(x, -1, { keepdims: true }));
    const rstd = np.reciprocal(np.sqrt(np.mean(xc.ref.mul(xc.ref), -1, { keepdims: true }).add(1e-5)));
    return xc.mul(rstd).mul(g).add(b);
  };
  const heads = (x: JaxArray) => x.reshape([B, T, H, Dh]).transpose([0, 2, 1, 3]); // (B, H, T, Dh)
  const loss = (p: Params, d: Data) => {
    let x = np.take(p.wte.ref, d.tokens, 0).add(np.take(p.wpe, d.pos, 0)).reshape([B * T, D]);
    for (const l of p.layers) {
      const qkv = np.matmul(ln(x.ref, l.g1, l.b1), l.wqkv).add(l.bqkv).reshape([B * T, 3, D]);
      const [q, k, v] = [0, 1, 2].map((i) => heads(qkv.ref.slice([], i))); // (B, H, T, Dh) each
      qkv.dispose();
      const att = nn.softmax(np.matmul(q, k.transpose([0, 1, 3, 2])).mul(1 / Math.sqrt(Dh)).add(d.causal.ref), -1);
      const a = np.matmul(att, v).transpose([0, 2, 1, 3]).reshape([B * T, D]);
      x = x.add(np.matmul(a, l.wo).add(l.bo));
      const f = nn.gelu(np.matmul(ln(x.ref, l.g2, l.b2), l.w1).add(l.c1));
      x = x.add(np.matmul(f, l.w2).add(l.c2));
    }
    const logits = np.matmul(ln(x, p.gf, p.bf), p.wte.transpose());
    d.causal.dispose();
    return nn.logSoftmax(logits, -1).mul(d.onehot).mul(d.weight).sum().neg();
  };
  const [b1, b2, lr, wd, eps] = [0.9, 0.999, 1e-3, 0.01, 1e-8];
  const step = jit((p: Params, m: Params, v: Params, d: Data, c: JaxArray) => {
    const [l, g] = valueAndGrad(loss)(tree.ref(p), d);
    const gl = tree.leaves(g) as JaxArray[];
    const ml = (tree.leaves(m) as JaxArray[]).map((x, i) => x.mul(b1).add(gl[i].ref.mul(1 - b1)));
    const vl = (tree.leaves(v) as JaxArray[]).map((x, i) => x.mul(b2).add(gl[i].ref.mul(gl[i].ref).mul(1 - b2)));
    gl.forEach((x) => x.dispose());
    // c = [1 / (1 - b1^t), 1 / (1 - b2^t)]
    const pl = (tree.leaves(p) as JaxArray[]).map((x, i) => {
      const upd = ml[i].ref.mul(c.ref.slice(0)).div(np.sqrt(vl[i].ref.mul(c.ref.slice(1))).add(eps));
      return x.ref.sub(upd.add(x.mul(wd)).mul(lr));
    });
    c.dispose();
    const def = tree.structure(p);
    return { p: tree.unflatten(def, pl) as Params, m: tree.unflatten(def, ml) as Params, v: tree.unflatten(def, vl) as Params, l };
  });
  let state = { p: params, m: tree.map((x: JaxArray) => np.zerosLike(x.ref), params) as Params, v: tree.map((x: JaxArray) => np.zerosLike(x.ref), params) as Params };
  let t = 0;
  const sec = await timeIt(async () => {
    t++;
    const c = np.array(new Float32Array([1 / (1 - b1 ** t), 1 / (1 - b2 ** t)]));
    const out = step(state.p, state.m, state.v, tree.ref(data), c);
    state = { p: out.p, m: out.m, v: out.v };
    await out.l.data();
  }, minS);
  tree.dispose(state);
  tree.dispose(data);
  return (B * T) / sec;
}

/** A standard normal from a seed (Box-Muller over two hashed uniforms): the anchor's weights, independent of ours. */
function gauss(i: number): number {
  const u = (k: number) => ((Math.imul(k ^ (k >>> 16), 0x45d9f3b) >>> 0) + 1) / 4294967297;
  return Math.sqrt(-2 * Math.log(u(2 * i + 1))) * Math.cos(2 * Math.PI * u(2 * i + 2));
}
