// What a checkpoint's decoded content must be before a run may continue from it (or before it is written):
// the config through the config table's schema, a non-negative integer update, a Greenhouse vocabulary, parameter
// and AdamW arrays of one length with finite values (second moments not negative), RNG states of four u32, pending
// episodes whose tokens exist in the vocabulary (and the level they were played at), the curriculum's state, and skills
// as the skill-file schema allows them.
import * as v from 'valibot';
import { formatErrors, validateConfig } from '../core/config';
import type { Config } from '../core/config-table';
import { SPECIALS } from '../model/tokenizer';
import { skillRecordSchema } from '../skills/io';
import type { Checkpoint } from './checkpoint';

/** Every refusal of a checkpoint: the message names what was wrong. */
export class CheckpointError extends Error {
  constructor(message: string) {
    super(`checkpoint: ${message}`);
    this.name = 'CheckpointError';
  }
}

/** Config keys every checkpoint ever written holds; one without them was not written by Greenhouse. */
const REQUIRED_CONFIG_KEYS = ['env', 'model', 'seed', 'updates'] as const;
const MAX_VOCAB = 100_000;
const MAX_TOKEN_TEXT = 200;

const u32 = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff));
const RngStateSchema = v.tuple([u32, u32, u32, u32]);
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const f32 = v.instance(Float32Array);

const TurnSchema = v.strictObject({
  prompt: v.array(count),
  action: v.array(count),
  logp: v.array(v.pipe(v.number(), v.finite())),
  entropy: v.optional(v.array(v.pipe(v.number(), v.finite(), v.minValue(0)))),
  text: v.string(),
  error: v.optional(v.string()),
  progress: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
});

const EpisodeSchema = v.strictObject({
  task: count,
  member: count,
  seed: u32,
  goal: v.string(),
  turns: v.array(TurnSchema),
  success: v.boolean(),
  progress: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
  truncated: v.boolean(),
  envReturn: v.optional(v.pipe(v.number(), v.finite())),
});

/** The checkpoint without its config (checked by the config table's own schema). */
const ContentSchema = v.object({
  update: v.pipe(v.number('update must be a number'), v.integer('update must be a whole number'), v.minValue(0, 'update must not be negative')),
  vocab: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(MAX_TOKEN_TEXT))),
    v.minLength(SPECIALS.length),
    v.maxLength(MAX_VOCAB),
    v.check((words) => new Set(words).size === words.length, 'vocab has a token twice'),
  ),
  policy: v.strictObject({ params: f32, adamM: f32, adamV: f32, step: count, rng: v.optional(RngStateSchema) }),
  reference: f32,
  rng: v.strictObject({ tasks: RngStateSchema, sample: RngStateSchema }),
  pending: v.nullable(v.array(EpisodeSchema)),
  pendingLevel: v.optional(count),
  curriculum: v.optional(v.strictObject({ level: count, recent: v.array(v.pipe(v.number(), v.minValue(0), v.maxValue(1))) })),
  // Built when a checkpoint is checked, not at load (see skillRecordSchema).
  skills: v.optional(v.lazy(() => v.array(skillRecordSchema()))),
});

/** The config a checkpoint holds, with a key it predates at its default (f16 at false: such runs ran f32). */
function checkedConfig(raw: unknown): Config {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new CheckpointError('it holds no config');
  const missing = REQUIRED_CONFIG_KEYS.filter((k) => !(k in raw));
  if (missing.length > 0) throw new CheckpointError(`its config has no ${missing.join(', ')}`);
  const checked = validateConfig({ f16: false, ...(raw as Record<string, unknown>) });
  if (!checked.ok) throw new CheckpointError(`its config is invalid: ${formatErrors(checked.errors).replace(/\n/g, '; ')}`);
  return checked.config;
}

/** The index and value of the first non-finite element, or null. */
function firstNonFinite(a: Float32Array): [number, number] | null {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return [i, a[i]];
  return null;
}

function checkArrays(c: v.InferOutput<typeof ContentSchema>): void {
  const arrays = { 'policy.params': c.policy.params, 'policy.adamM': c.policy.adamM, 'policy.adamV': c.policy.adamV, reference: c.reference };
  const n = c.policy.params.length;
  if (n === 0) throw new CheckpointError('policy.params is empty');
  for (const [name, a] of Object.entries(arrays)) {
    if (a.length !== n) throw new CheckpointError(`${name} has ${a.length} values but policy.params has ${n}`);
    const bad = firstNonFinite(a);
    if (bad) throw new CheckpointError(`${name}[${bad[0]}] is ${bad[1]}: non-finite parameters are never loaded or saved`);
  }
  const negative = c.policy.adamV.findIndex((x) => x < 0);
  if (negative >= 0) throw new CheckpointError(`policy.adamV[${negative}] is negative: AdamW's second moments cannot be`);
}

function checkTokens(c: v.InferOutput<typeof ContentSchema>): void {
  const specials = c.vocab.slice(0, SPECIALS.length);
  if (specials.join(' ') !== SPECIALS.join(' ')) {
    throw new CheckpointError(`its vocabulary starts ${specials.join(' ')}, this version's ${SPECIALS.join(' ')}: it was saved by an older Greenhouse; train it again`);
  }
  const size = c.vocab.length;
  for (const e of c.pending ?? []) {
    for (const t of e.turns) {
      if (t.prompt.some((id) => id >= size) || t.action.some((id) => id >= size)) throw new CheckpointError(`a pending episode holds a token id outside the vocabulary of ${size}`);
    }
  }
}

/** The checkpoint as a run may use it, or a CheckpointError naming the first thing wrong. */
export function checkCheckpoint(raw: Record<string, unknown>, version: number): Checkpoint {
  const config = checkedConfig(raw.config);
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: only the first issue is read, and valibot lists it first either way
  const parsed = v.safeParse(ContentSchema, raw, { abortEarly: true });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue);
    // Stryker disable next-line ConditionalExpression: the checkpoint is an object, so every issue lies in a field of it and has a path
    throw new CheckpointError(`${path ? `${path}: ` : ''}${issue.message}`);
  }
  const c = parsed.output;
  checkArrays(c);
  checkTokens(c);
  return { version, config, ...c } as Checkpoint;
}
