// Batched generation's bookkeeping that any policy shares, whatever computes its logits: checking the prompts,
// the grammar's mask of allowed next tokens, and taking the sampled tokens into the rows still generating.
import type { GenerateOptions, Generation } from './policy-api';
import { END } from './tokenizer';

export interface GenerationStart {
  out: Generation; // empty rows to fill
  lens: Int32Array; // (N) prompt lengths
  Tc: number; // longest prompt + maxNewTokens, at most the window: no row grows past it
  done: Uint8Array; // (N) rows that stopped generating
}

/** Checks the prompts (none empty, each leaving room in the window) and sets up their generation. */
export function beginGeneration(prompts: readonly (readonly number[])[], window: number, maxNewTokens: number): GenerationStart {
  const out: Generation = { tokens: prompts.map(() => []), logp: prompts.map(() => []), entropy: prompts.map(() => []) };
  const lens = Int32Array.from(prompts, (p) => p.length);
  if (lens.some((l) => l < 1)) throw new Error('generate: every prompt needs at least one token');
  const maxLen = lens.reduce((m, l) => Math.max(m, l), 0);
  if (maxLen >= window) throw new Error(`generate: a prompt of ${maxLen} tokens leaves no room in the window of ${window}`);
  return { out, lens, Tc: Math.min(window, maxLen + maxNewTokens), done: new Uint8Array(prompts.length) };
}

/** mask (N, V): 1 where row n may take the token next (every token for rows done or without a grammar). */
export function fillAllowedMask(mask: Float32Array, allowed: NonNullable<GenerateOptions['allowed']>, out: Generation, done: Uint8Array, V: number): void {
  for (let n = 0; n < done.length; n++) {
    const ok = done[n] ? null : allowed(n, out.tokens[n]);
    if (!ok) mask.fill(1, n * V, n * V + V);
    else {
      mask.fill(0, n * V, n * V + V);
      // Stryker disable next-line EqualityOperator: ok[ok.length] is undefined, and mask[NaN] = 1 writes nothing to a typed array
      for (let i = 0; i < ok.length; i++) mask[n * V + ok[i]] = 1;
    }
  }
}

/**
 * Step s's sampled tokens (N), log-probabilities and sampling entropies into the live rows of `out`; a row is done
 * at END or when its prompt (lens[n] tokens) plus what it generated fills Tc. Returns how many rows still generate.
 */
export function acceptStep(out: Generation, tok: Int32Array, lp: Float32Array, ent: Float32Array, done: Uint8Array, lens: Int32Array, s: number, Tc: number): number {
  let live = 0;
  for (let n = 0; n < done.length; n++) {
    if (done[n]) continue;
    out.tokens[n].push(tok[n]);
    out.logp[n].push(lp[n]);
    out.entropy[n].push(ent[n]);
    if (tok[n] === END || lens[n] + s + 1 >= Tc) done[n] = 1;
    else live++;
  }
  return live;
}
