// Fuzzing the files Greenhouse reads: checkpoints (bits flipped, cut, and — signed again so the CRC passes — a
// header or tensor values changed) and skill library files (characters changed, JSON values replaced, nesting,
// a byte order mark). Each case is judged: accepted (and then it must round-trip), refused with a message,
// crashed (any other exception), or hung (over the time limit). Used by `npm run fuzz` and a Node test sample.
import fc from 'fast-check';
import { CheckpointError, decodeCheckpoint, encodeCheckpoint } from '../../src/rl/checkpoint';
import { ExportTooLargeError, exportLibrary, parseLibrary } from '../../src/skills/io';
import { skillTree, treeRows } from '../../src/skills/library';
import { resign, withHeader } from '../rl/checkpoint-forge';

export type FileVerdict = 'accepted' | 'refused' | 'crashed' | 'hung';
export interface FileOutcome {
  verdict: FileVerdict;
  detail?: string;
}

/** One case may take this long before it counts as hung (it is synchronous: it is timed, not interrupted). */
const CASE_MS = 2000;

function judged(run: () => FileVerdict): FileOutcome {
  const t0 = performance.now();
  let outcome: FileOutcome;
  try {
    outcome = { verdict: run() };
  } catch (err) {
    outcome = { verdict: 'crashed', detail: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  const ms = performance.now() - t0;
  return ms > CASE_MS ? { verdict: 'hung', detail: `${ms.toFixed(0)} ms` } : outcome;
}

/** A path into a JSON value and a replacement there (or a deletion, or a new key). */
type Edit = { at: number[]; kind: 'set' | 'delete' | 'add'; value: unknown; key: string };
const editArb: fc.Arbitrary<Edit> = fc.record({
  at: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
  kind: fc.constantFrom('set', 'set', 'delete', 'add'),
  value: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(-5, 'x', 1e308, -1e308, 1.5, null, '__proto__', [], {}, 2 ** 53)),
  key: fc.constantFrom('__proto__', 'constructor', 'extra', '$f32', 'arrayLengths'),
});

/** Applies an edit to a JSON value, walking object keys and array items by the path's numbers. */
function applyEdit(root: unknown, e: Edit): unknown {
  let node = root as Record<string, unknown>;
  for (let depth = 0; depth < e.at.length - 1; depth++) {
    const keys = node && typeof node === 'object' ? Object.keys(node) : [];
    if (keys.length === 0) break;
    const next = node[keys[e.at[depth] % keys.length]];
    if (!next || typeof next !== 'object') break;
    node = next as Record<string, unknown>;
  }
  const keys = Object.keys(node);
  const key = keys.length > 0 ? keys[e.at[e.at.length - 1] % keys.length] : e.key;
  const value = structuredClone(e.value); // generated values are shared between cases
  if (e.kind === 'add') Object.defineProperty(node, e.key, { value, enumerable: true, configurable: true, writable: true });
  else if (e.kind === 'delete') delete node[key];
  else node[key] = value;
  return root;
}

/** Mutations of a checkpoint file; about half signed again so they reach the content checks. */
export function checkpointMutationArb(good: Uint8Array): fc.Arbitrary<Uint8Array> {
  const flips = fc.array(fc.tuple(fc.nat(good.length - 1), fc.nat(7)), { minLength: 1, maxLength: 8 }).map((bits) => {
    const out = good.slice();
    for (const [at, bit] of bits) out[at] ^= 1 << bit;
    return out;
  });
  const cut = fc.nat(good.length - 1).map((n) => good.slice(0, n));
  const header = editArb.map((e) => withHeader(good, (h) => applyEdit(h, e)));
  const values = fc.tuple(fc.nat(), fc.constantFrom(NaN, Infinity, -Infinity, 3e38, -1, 0)).map(([i, x]) => {
    const out = good.slice();
    const floats = new Float32Array(out.buffer, Math.ceil(out.length / 2 / 4) * 4, Math.floor((out.length / 2 - 8) / 4));
    floats[i % floats.length] = x;
    return resign(out);
  });
  return fc.oneof(flips, cut, flips.map(resign), header, header, values);
}

/** Decodes one mutated checkpoint; an accepted one must encode again (everything read can be written). */
export function judgeCheckpoint(bytes: Uint8Array): FileOutcome {
  return judged(() => {
    let decoded;
    try {
      decoded = decodeCheckpoint(bytes);
    } catch (err) {
      if (err instanceof CheckpointError && err.message.length > 'checkpoint: '.length) return 'refused';
      throw err;
    }
    encodeCheckpoint(decoded);
    return 'accepted';
  });
}

/** Mutations of a skill library file: characters, JSON values, nesting, a byte order mark. */
export function skillFileMutationArb(good: string): fc.Arbitrary<string> {
  const chars = fc.array(fc.tuple(fc.nat(good.length), fc.nat(3), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 6 }).map((edits) => {
    let text = good;
    for (const [at, kind, junk] of edits) {
      const i = at % (text.length + 1);
      text = kind === 0 ? text.slice(0, i) + junk + text.slice(i) : kind === 1 ? text.slice(0, i) + text.slice(i + 1) : kind === 2 ? text.slice(0, i) : text.slice(0, i) + junk + text.slice(i + junk.length);
    }
    return text;
  });
  const json = fc.array(editArb, { minLength: 1, maxLength: 4 }).map((edits) => JSON.stringify(edits.reduce((v, e) => applyEdit(v, e), JSON.parse(good) as unknown)));
  const nested = fc.integer({ min: 1, max: 100_000 }).map((n) => good.replace('"skills":[', `"skills":[${'['.repeat(n)}${']'.repeat(n)},`));
  const bom = fc.constant(`\uFEFF${good}`);
  return fc.oneof(chars, json, json, nested, bom);
}

/** Parses one mutated skill file; an accepted one must draw as a tree and export to a file that imports the same. */
export function judgeSkillFile(text: string): FileOutcome {
  return judged(() => {
    const r = parseLibrary(text);
    if (!r.ok) return r.error.length > 0 ? 'refused' : 'crashed';
    treeRows(skillTree(r.skills));
    let again: string;
    try {
      again = exportLibrary(r.skills);
    } catch (err) {
      if (err instanceof ExportTooLargeError) return 'accepted'; // refused at export, never written unreadable
      throw err;
    }
    const back = parseLibrary(again);
    if (!back.ok || JSON.stringify(back.skills) !== JSON.stringify(r.skills)) throw new Error(`an accepted file does not round-trip: ${back.ok ? 'its skills changed' : back.error}`);
    return 'accepted';
  });
}
