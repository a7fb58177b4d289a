// The env server's request bodies as valibot schemas, built on the config table's own field schemas (env, seed,
// difficulty, maxTurns, reward, truncation), so a request is checked exactly as a share link is. parseBody()
// turns the first problem into a RequestError naming the field (`ops[3].action`), for a 4xx.

import * as v from 'valibot';
import { fieldSchema } from '../core/config';
import type { Config } from '../core/config-table';

/** A request the server refuses: the HTTP status, the field at fault (dot path) and what was wrong. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Longest action text a step may carry, in characters (the env parsers refuse far shorter ones anyway). */
export const MAX_ACTION_CHARS = 2000;
/** Most operations in one batch request. */
export const MAX_BATCH_OPS = 4096;
/** Most env options in one request. */
const MAX_OPTIONS = 32;

const field = <K extends keyof Config>(key: K) => fieldSchema(key) as v.GenericSchema<unknown, Config[K]>;

export const FORMATS = ['greenhouse', 'browsergym'] as const;
export type Format = (typeof FORMATS)[number];

const optionValue = v.union([v.pipe(v.number(), v.finite()), v.string(), v.boolean()], 'a number, a string or true/false');

/** What a reset may set; what it leaves out keeps the session's value. */
const resetEntries = {
  seed: v.optional(field('seed')),
  split: v.optional(v.picklist(['train', 'test'], 'train or test')),
  level: v.optional(field('difficulty')),
  options: v.optional(
    v.pipe(
      v.record(v.pipe(v.string(), v.maxLength(64, 'an option name of at most 64 characters')), optionValue, 'an object of option names to values'),
      v.check((o) => Object.keys(o).length <= MAX_OPTIONS, `at most ${MAX_OPTIONS} options`),
    ),
  ),
};

export const CreateBody = v.strictObject(
  {
    env: field('env'),
    format: v.optional(v.picklist(FORMATS, `one of: ${FORMATS.join(', ')}`)),
    maxTurns: v.optional(field('maxTurns')),
    reward: v.optional(field('reward')),
    truncation: v.optional(field('truncation')),
    ...resetEntries,
  },
  'an object with env and optionally seed, split, level, options, format, maxTurns, reward, truncation',
);
export type CreateRequest = v.InferOutput<typeof CreateBody>;

export const ResetBody = v.strictObject(resetEntries, 'an object with optionally seed, split, level, options');
export type ResetRequest = v.InferOutput<typeof ResetBody>;

const action = v.pipe(v.string('a string such as "click(3)"'), v.maxLength(MAX_ACTION_CHARS, `a string of at most ${MAX_ACTION_CHARS} characters`));

export const StepBody = v.strictObject({ action }, 'an object with one action string');

const sessionId = v.pipe(v.string('a session id (a string)'), v.maxLength(64, 'a session id (at most 64 characters)'));

/** One operation of a batch on one session: a step (`action`) or, when it has `reset`, a reset. */
export const BatchStepOp = v.strictObject({ session: sessionId, action }, 'an object with session and action (a step) or reset (a reset)');
export const BatchResetOp = v.strictObject({ session: sessionId, reset: ResetBody }, 'an object with session and reset (an object)');
export type BatchOpRequest = v.InferOutput<typeof BatchStepOp> | v.InferOutput<typeof BatchResetOp>;

/** A batch operation checked against the variant its keys choose (so the error names the field at fault). */
export function parseBatchOp(op: unknown, where: string): BatchOpRequest {
  const isReset = typeof op === 'object' && op !== null && Object.hasOwn(op, 'reset');
  return isReset ? parseBody(BatchResetOp, op, where) : parseBody(BatchStepOp, op, where);
}

export const BatchBody = v.strictObject(
  { ops: v.pipe(v.array(v.unknown(), 'a list of operations'), v.maxLength(MAX_BATCH_OPS, `a list of at most ${MAX_BATCH_OPS} operations`)) },
  'an object with ops, a list of operations',
);

/** The body as the schema's output, or a RequestError(400) naming the first field at fault. */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown, prefix = ''): v.InferOutput<S> {
  const r = v.safeParse(schema, body, { abortEarly: true });
  if (r.success) return r.output;
  const issue = r.issues[0];
  const path = v.getDotPath(issue);
  const where = prefix && path ? `${prefix}.${path}` : prefix || path || 'body';
  if (issue.expected === 'never') throw new RequestError(400, where, `is not a field here (expected ${issue.message})`);
  if (issue.received === 'undefined' && path) throw new RequestError(400, where, 'is required');
  throw new RequestError(400, where, `must be ${issue.message}`);
}
