// Export and import of skill libraries as JSON: validated with valibot, bounded in size, count, tree depth and
// values; a bad file is rejected with a message naming what was wrong, and nothing is changed. Exports are compact
// and refused past the import's limits, so every export imports again.

import * as v from 'valibot';
import { MAX_USES, mergeLibraries, treeDepth } from './library';
import type { Skill } from './types';

export const LIBRARY_FORMAT = 'greenhouse-skills';
export const LIBRARY_VERSION = 1;
export const MAX_LIBRARY_BYTES = 1 << 20;
export const MAX_SKILLS = 5000;
export const MAX_STEPS = 32;
/** Longest chain of skills by parents (discovery extends a skill by at least one step, so it stays under MAX_STEPS). */
export const MAX_TREE_DEPTH = 64;

// The schemas are built on each call rather than once at load: building them is cheap next to parsing a file, and a
// mutation-testing run (whose test runner does not reload modules) then reaches every rule.
const label = (max: number) => v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters`));
const count = () =>
  v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'), v.maxValue(MAX_USES, `must be at most ${MAX_USES}`));
/** Milliseconds since 1970 that a Date can hold. */
const time = () => v.pipe(v.number(), v.minValue(0, 'must be a time after 1970'), v.maxValue(8.64e15, 'must be a time a Date can hold'));

const textRefSchema = () =>
  v.variant('kind', [
    v.strictObject({ kind: v.literal('literal'), value: label(200) }),
    v.strictObject({ kind: v.literal('goal'), anchor: label(80), words: v.pipe(count(), v.minValue(1, 'must be at least 1'), v.maxValue(4, 'must be at most 4')) }),
  ]);

const argSchema = () =>
  v.variant('kind', [
    v.strictObject({ kind: v.literal('ref'), role: label(40), name: textRefSchema() }),
    v.strictObject({ kind: v.literal('text'), text: textRefSchema() }),
    v.strictObject({ kind: v.literal('int'), value: v.pipe(v.number(), v.integer('must be a whole number')) }),
    v.strictObject({ kind: v.literal('dir'), value: label(20) }),
  ]);

const stepSchema = () =>
  v.strictObject({
    verb: v.pipe(v.string(), v.regex(/^[a-z][a-z_-]{0,19}$/, 'must be a lower-case verb such as click')),
    args: v.pipe(v.array(argSchema()), v.maxLength(4, 'must have at most 4 arguments')),
  });

/** One stored skill, as a library file or a checkpoint holds it. */
export function skillRecordSchema() {
  return v.pipe(
    v.strictObject({
      id: label(64),
      name: v.pipe(label(200), v.nonEmpty('must not be empty')),
      description: label(2000),
      family: v.pipe(label(64), v.nonEmpty('must not be empty')),
      precondition: v.strictObject({ cluster: label(400) }),
      steps: v.pipe(v.array(stepSchema()), v.minLength(1, 'must have at least one step'), v.maxLength(MAX_STEPS, `must have at most ${MAX_STEPS} steps`)),
      fitness: v.pipe(v.number(), v.minValue(0, 'must be from 0 to 1'), v.maxValue(1, 'must be from 0 to 1')),
      uses: count(),
      successes: count(),
      consistent: v.optional(count()),
      parents: v.pipe(v.array(label(64)), v.maxLength(8, 'must have at most 8 parents')),
      agent: label(64),
      createdAt: time(),
    }),
    v.check((s) => s.successes <= s.uses, 'successes must not exceed uses'),
    v.check((s) => (s.consistent ?? 0) <= s.uses, 'consistent must not exceed uses'),
  );
}

const fileSchema = () =>
  v.strictObject({
    format: v.literal(LIBRARY_FORMAT, `must be '${LIBRARY_FORMAT}'`),
    version: v.literal(LIBRARY_VERSION, `must be ${LIBRARY_VERSION}`),
    exportedAt: label(40),
    skills: v.pipe(v.array(v.unknown()), v.maxLength(MAX_SKILLS, `must hold at most ${MAX_SKILLS} skills`), v.array(skillRecordSchema())),
  });

/** An export that could not be imported again (too many skills, too many bytes); nothing was written. */
export class ExportTooLargeError extends Error {}

/** The library as a compact JSON file; ExportTooLargeError when the import's limits would refuse it. */
export function exportLibrary(skills: readonly Skill[], now = new Date()): string {
  if (skills.length > MAX_SKILLS) throw new ExportTooLargeError(`the library holds ${skills.length} skills; a file may hold at most ${MAX_SKILLS}: export one family at a time`);
  const text = JSON.stringify({ format: LIBRARY_FORMAT, version: LIBRARY_VERSION, exportedAt: now.toISOString(), skills });
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_LIBRARY_BYTES) throw new ExportTooLargeError(`the library is ${bytes} bytes as JSON; a file may be at most ${MAX_LIBRARY_BYTES} bytes (1 MiB): export one family at a time`);
  return text;
}

export type ImportResult = { ok: true; skills: Skill[] } | { ok: false; error: string };

/** Refuses a library whose chain of parents is deeper than MAX_TREE_DEPTH; null when it is within. */
export function depthError(skills: readonly Skill[]): string | null {
  const depth = treeDepth(skills);
  return depth > MAX_TREE_DEPTH ? `its skills form a chain ${depth} deep by parents; at most ${MAX_TREE_DEPTH} levels are allowed` : null;
}

/**
 * Reads a library file (a UTF-8 byte order mark is allowed): the skills (ids recomputed from content, duplicates
 * combined), or one message on what was wrong.
 */
export function parseLibrary(text: string): ImportResult {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_LIBRARY_BYTES) return { ok: false, error: `the file is ${bytes} bytes; a skill library may be at most ${MAX_LIBRARY_BYTES} bytes (1 MiB)` };
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { ok: false, error: `the file is not JSON: ${(e as Error).message}` };
  }
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: abortEarly only saves work; the message names issues[0] either way
  const r = v.safeParse(fileSchema(), data, { abortEarly: true });
  if (!r.success) {
    const issue = r.issues[0];
    const path = v.getDotPath(issue);
    return { ok: false, error: `not a valid skill library: ${path ? `${path} ` : ''}${issue.message}` };
  }
  const skills = mergeLibraries([r.output.skills]);
  const deep = depthError(skills);
  return deep ? { ok: false, error: `not a valid skill library: ${deep}` } : { ok: true, skills };
}
