// The pretrained base policy: behaviour cloning on the train splits of many web families at once, with one vocabulary
// (the union of the web families' structural words; anything else reads as placeholders, so the base can read a
// family it never saw), deterministic on the CPU twin so that one seed rebuilds it bit for bit; and its file ("GHBS", u32 header
// length, JSON header, the parameters as little-endian f32).
import { Rng } from '../core/rng';
import type { EnvSpec } from '../envs/api';
import { ENV_SPECS } from '../envs/registry';
import { createPolicy } from '../model/create';
import { paramTable, type ParamTable } from '../model/params';
import type { PresetName } from '../model/presets';
import { buildTokenizer } from '../model/tokenizer';
import { BC_ROWS, Demonstrations, demonstrate } from './bc';
import { agentIO } from './setup';
import { longestActionTokens, structuralWords, vocabCorpus } from './vocab';

/** Families the base never sees: GRPO from the base is measured on login-user (preset from-base), and
 * login-user-popup is the same login form with a dialog, so a base trained on it would have seen login-user's page. */
export const BASE_HELD_OUT: readonly string[] = ['login-user', 'login-user-popup'];

/** Where the base policy of a model size lives, under the app's public/ folder (served as /base/...). */
export const basePath = (model: PresetName) => `base/${model}.ghbs`;

export interface BasePolicy {
  model: PresetName;
  vocab: string[];
  params: Float32Array;
  /** The families it was trained on, the BC steps, learning rate and seed: what rebuilds it. */
  families: string[];
  steps: number;
  lr: number;
  seed: number;
}

export interface PretrainOptions {
  model: PresetName;
  steps: number;
  lr: number;
  seed: number;
  /** Default: every web family but BASE_HELD_OUT. */
  families?: readonly string[];
  onStep?: (step: number, loss: number) => void;
}

/** The web families a base trains on by default. */
export function baseFamilies(): EnvSpec[] {
  return ENV_SPECS.filter((s) => s.suite === 'web' && !BASE_HELD_OUT.includes(s.id));
}

/**
 * BC on the experts of `families` (train split, default options), each demonstration from a family drawn by seed.
 * The vocabulary also holds the structural words of every other web family (their language, not their episodes), so
 * that a held-out family's fixed labels (Username, Login) stay words of their own rather than placeholders.
 */
export async function pretrainBase(o: PretrainOptions): Promise<BasePolicy> {
  const specs = o.families ? o.families.map((id) => ENV_SPECS.find((s) => s.id === id) ?? fail(`unknown family '${id}'`)) : baseFamilies();
  const web = ENV_SPECS.filter((s) => s.suite === 'web');
  // Stryker disable next-line MethodExpression: structuralWords keeps a word once, so a family listed twice adds nothing
  const tok = buildTokenizer(structuralWords([...specs, ...web.filter((s) => !specs.includes(s))].map(vocabCorpus)));
  const vocab = tok.toJSON();
  const { policy } = await createPolicy({ model: o.model, vocab: vocab.length, seed: o.seed, backend: 'cpu' });
  await policy.setParams(tieCaseTwins(await policy.getParams(), vocab, paramTable(policy.config)));
  const ios = specs.map((spec) => agentIO(vocab, spec, policy.window, longestActionTokens(tok, vocabCorpus(spec).actions), false, false));
  // Stryker disable next-line StringLiteral: a stream's name: another gives another base, as valid and still one per seed
  const root = Rng.fromSeed(o.seed).split('pretrain');
  // Stryker disable next-line StringLiteral: a stream's name: another gives another base, as valid and still one per seed
  const pick = root.split('families');
  // Stryker disable next-line StringLiteral: the same
  const draws = root.split('demos');
  const demos = new Demonstrations((seed) => {
    const k = pick.int(specs.length);
    return demonstrate(specs[k], {}, ios[k], seed, specs[k].maxTurns);
  }, draws);
  const hyper = { objective: 'ce' as const, lr: o.lr, beta: 0, epsLow: 0.2, epsHigh: 0.2, gradClip: 1, weightDecay: 0, temperature: 1 };
  for (let s = 0; s < o.steps; s++) {
    const { loss } = await policy.trainStep(demos.next(BC_ROWS), hyper);
    o.onStep?.(s, loss); // not inside the optional call's arguments: without onStep they would not run
  }
  const params = await policy.getParams();
  policy.dispose();
  return { model: o.model, vocab, params, families: specs.map((s) => s.id), steps: o.steps, lr: o.lr, seed: o.seed };
}

/**
 * The initial parameters with every capitalised word's embedding row copied from its lowercase twin ('Username' from
 * 'username'), when both are vocabulary words. A word the base never reads nor writes gets the same gradient as its
 * twin (through the tied output head), so twins of a family it never saw stay identical: the goal's 'username' and
 * the label 'Username' then match as one word does, and the base's matching of goal words to elements reaches them.
 * Without it their rows are two unrelated random vectors, and a BC start from the base fills login's fields by position.
 */
export function tieCaseTwins(params: Float32Array, vocab: readonly string[], table: ParamTable): Float32Array {
  const wte = table.entries.get('wte');
  if (!wte) throw new Error('pretrain: the parameter table has no token embedding (wte)');
  const D = wte.shape[1];
  const index = new Map(vocab.map((w, i) => [w, i]));
  const out = params.slice();
  // A lowercase word is its own twin: copying its row onto itself changes nothing.
  vocab.forEach((w, i) => {
    const twin = index.get(w.toLowerCase());
    if (twin !== undefined) out.copyWithin(wte.offset + i * D, wte.offset + twin * D, wte.offset + (twin + 1) * D);
  });
  return out;
}

function fail(why: string): never {
  throw new Error(`pretrain: ${why}`);
}

const MAGIC = [0x47, 0x48, 0x42, 0x53]; // "GHBS"

export function encodeBase(b: BasePolicy): Uint8Array {
  const header = new TextEncoder().encode(JSON.stringify({ model: b.model, vocab: b.vocab, families: b.families, steps: b.steps, lr: b.lr, seed: b.seed, params: b.params.length }));
  const start = Math.ceil((8 + header.length) / 4) * 4;
  const bytes = new Uint8Array(start + b.params.byteLength);
  bytes.set(MAGIC, 0);
  new DataView(bytes.buffer).setUint32(4, header.length, true);
  bytes.set(header, 8);
  bytes.set(new Uint8Array(b.params.buffer, b.params.byteOffset, b.params.byteLength), start);
  return bytes;
}

function parseHeader(text: string): Omit<BasePolicy, 'params'> & { params: number } {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`base policy: the header is not JSON (${(e as Error).message})`);
  }
}

/** Reads a base file; throws an Error naming what is wrong. */
export function decodeBase(bytes: Uint8Array): BasePolicy {
  if (bytes.length < 8 || MAGIC.some((m, i) => bytes[i] !== m)) throw new Error('base policy: not a Greenhouse base file');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  if (8 + length > bytes.length) throw new Error('base policy: truncated header');
  const h = parseHeader(new TextDecoder().decode(bytes.subarray(8, 8 + length)));
  const start = Math.ceil((8 + length) / 4) * 4;
  if (start + h.params * 4 !== bytes.length) throw new Error(`base policy: ${bytes.length - start} bytes of parameters, the header says ${h.params} floats`);
  return { ...h, params: new Float32Array(bytes.slice(start).buffer) };
}
