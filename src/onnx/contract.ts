// The contract of a Greenhouse ONNX policy, and its check: inputs input_ids and attention_mask (int64
// (batch, seq)), output logits (float (batch, seq, vocab)), the vocabulary and the model's shape as JSON
// metadata, at most MAX_ONNX_BYTES, and no control flow (Loop, If, Scan: our exports never use them, and a Loop
// of 10^15 iterations passes every other check). A file that breaks it is refused with a message naming what is wrong.
import type { ModelConfig } from '../model/params';
import { SPECIALS } from '../model/tokenizer';
import { DT, onnx, type ValueInfo } from './graph';

export const INPUT_IDS = 'input_ids';
export const ATTENTION_MASK = 'attention_mask';
export const LOGITS = 'logits';
/** Metadata keys: the vocabulary as a JSON array of strings, the ModelConfig as a JSON object. */
export const META_VOCAB = 'greenhouse.vocab';
export const META_CONFIG = 'greenhouse.config';
/** Optional: how the policy's context was built, `{"match": boolean}` (the exact-match marks; absent = true). */
export const META_CONTEXT = 'greenhouse.context';
/** Largest file accepted (the base preset exports to ~40 MiB). */
export const MAX_ONNX_BYTES = 64 * 2 ** 20;

/** What a valid file declares. */
export interface OnnxPolicyInfo {
  config: ModelConfig;
  vocab: string[];
  /** The context marks elements matching the goal (see src/model/context.ts goalMatches). */
  match: boolean;
}

export class OnnxContractError extends Error {}

const CONFIG_KEYS = ['vocab', 'dim', 'layers', 'heads', 'window'] as const;
/** Operators that run subgraphs: refused wherever they appear (the graph or a local function). */
const CONTROL_FLOW = new Set(['Loop', 'If', 'Scan']);

function parseJson(key: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new OnnxContractError(`metadata '${key}' is not valid JSON`);
  }
}

function parseConfig(text: string): ModelConfig {
  const c = parseJson(META_CONFIG, text) as Record<string, unknown> | null;
  if (!c || typeof c !== 'object') throw new OnnxContractError(`metadata '${META_CONFIG}' is not a JSON object`);
  for (const k of CONFIG_KEYS) {
    const v = c[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new OnnxContractError(`metadata '${META_CONFIG}' has no positive integer '${k}'`);
  }
  const pointer = c.pointer ?? 0;
  if (typeof pointer !== 'number' || !Number.isInteger(pointer) || pointer < 0) throw new OnnxContractError(`metadata '${META_CONFIG}' has a 'pointer' that is not a non-negative integer`);
  return { vocab: c.vocab as number, dim: c.dim as number, layers: c.layers as number, heads: c.heads as number, window: c.window as number, pointer };
}

function parseVocab(text: string, size: number): string[] {
  const v = parseJson(META_VOCAB, text);
  if (!Array.isArray(v) || !v.every((w) => typeof w === 'string')) throw new OnnxContractError(`metadata '${META_VOCAB}' is not a JSON array of strings`);
  if (v.length !== size) throw new OnnxContractError(`metadata '${META_VOCAB}' has ${v.length} tokens but the config says vocab ${size}`);
  SPECIALS.forEach((s, i) => {
    if (v[i] !== s) throw new OnnxContractError(`metadata '${META_VOCAB}' is not a Greenhouse vocabulary: token ${i} is '${String(v[i])}', expected '${s}'`);
  });
  return v as string[];
}

function elemType(v: ValueInfo): number | null {
  return v.type?.tensorType?.elemType ?? null;
}

/** A file's size within (0, MAX_ONNX_BYTES], checked before it is read. */
export function checkSize(size: number): void {
  if (size === 0) throw new OnnxContractError('the file is empty');
  if (size > MAX_ONNX_BYTES) throw new OnnxContractError(`the file is ${(size / 2 ** 20).toFixed(1)} MiB, more than the ${MAX_ONNX_BYTES / 2 ** 20} MiB allowed`);
}

/** Checks bytes against the contract; returns what they declare or throws OnnxContractError. */
export function checkContract(bytes: Uint8Array): OnnxPolicyInfo {
  checkSize(bytes.length);
  let model: InstanceType<typeof onnx.ModelProto>;
  try {
    model = onnx.ModelProto.decode(bytes);
  } catch (err) {
    throw new OnnxContractError(`not an ONNX model (protobuf decoding failed: ${err instanceof Error ? err.message : String(err)})`);
  }
  const nodes = model.graph?.node ?? [];
  const graphInputs = model.graph?.input ?? [];
  const graphOutputs = model.graph?.output ?? [];
  if (nodes.length === 0 && graphInputs.length === 0) throw new OnnxContractError('not an ONNX model: it has no graph');
  const flow = [...nodes, ...(model.functions ?? []).flatMap((f) => f.node ?? [])].find((n) => CONTROL_FLOW.has(n.opType ?? ''));
  if (flow) throw new OnnxContractError(`node '${flow.name || flow.opType}' is a ${flow.opType}: control flow (Loop, If, Scan) is not part of a Greenhouse policy, and a loop could run without end`);
  const inits = new Set((model.graph?.initializer ?? []).map((t) => t.name));
  const inputs = graphInputs.filter((i) => !inits.has(i.name));
  for (const name of [INPUT_IDS, ATTENTION_MASK]) {
    const found = inputs.find((i) => i.name === name);
    if (!found) throw new OnnxContractError(`missing input '${name}' (the model has inputs: ${inputs.map((i) => i.name).join(', ') || 'none'})`);
    if (elemType(found) !== DT.INT64) throw new OnnxContractError(`input '${name}' must be int64`);
  }
  const extra = inputs.filter((i) => i.name !== INPUT_IDS && i.name !== ATTENTION_MASK);
  if (extra.length) throw new OnnxContractError(`unexpected input '${extra[0].name}' (only ${INPUT_IDS} and ${ATTENTION_MASK} are fed)`);
  const out = graphOutputs.find((o) => o.name === LOGITS);
  if (!out) throw new OnnxContractError(`missing output '${LOGITS}' (the model has outputs: ${graphOutputs.map((o) => o.name).join(', ') || 'none'})`);
  if (elemType(out) !== DT.FLOAT) throw new OnnxContractError(`output '${LOGITS}' must be float32`);
  const meta = new Map(model.metadataProps.map((p) => [p.key, p.value]));
  const configText = meta.get(META_CONFIG);
  if (configText === undefined || configText === null) throw new OnnxContractError(`no '${META_CONFIG}' metadata (the model's shape)`);
  const vocabText = meta.get(META_VOCAB);
  if (vocabText === undefined || vocabText === null) throw new OnnxContractError(`no '${META_VOCAB}' metadata (the vocabulary)`);
  const config = parseConfig(configText);
  const dims = out.type?.tensorType?.shape?.dim;
  if (dims && dims.length !== 3) throw new OnnxContractError(`output '${LOGITS}' has ${dims.length} dimensions, expected 3 (batch, seq, vocab)`);
  const vocabDim = dims?.[2]?.dimValue;
  if (vocabDim !== undefined && vocabDim !== null && Number(vocabDim) !== config.vocab)
    throw new OnnxContractError(`output '${LOGITS}' has ${Number(vocabDim)} logits per token but the config says vocab ${config.vocab}`);
  return { config, vocab: parseVocab(vocabText, config.vocab), match: parseContext(meta.get(META_CONTEXT)) };
}

function parseContext(text: string | null | undefined): boolean {
  if (text === undefined || text === null) return true;
  const c = parseJson(META_CONTEXT, text) as Record<string, unknown> | null;
  if (!c || typeof c !== 'object' || typeof c.match !== 'boolean') throw new OnnxContractError(`metadata '${META_CONTEXT}' has no boolean 'match'`);
  return c.match;
}
