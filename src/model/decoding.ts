// One step of batched generation that any policy shares, whatever computes its logits: the grammar's mask of
// allowed next tokens, and taking the sampled tokens into the rows still generating.
import type { GenerateOptions, Generation } from './policy-api';
import { END } from './tokenizer';

/** mask (N, V): 1 where row n may take the token next (every token for rows done or without a grammar). */
export function fillAllowedMask(mask: Float32Array, allowed: NonNullable<GenerateOptions['allowed']>, out: Generation, done: Uint8Array, V: number): void {
  for (let n = 0; n < done.length; n++) {
    const ok = done[n] ? null : allowed(n, out.tokens[n]);
    if (!ok) mask.fill(1, n * V, n * V + V);
    else {
      mask.fill(0, n * V, n * V + V);
      for (let i = 0; i < ok.length; i++) mask[n * V + ok[i]] = 1;
    }
  }
}

/**
 * Step s's sampled tokens (N) and log-probabilities into the live rows of `out`; a row is done at END or when
 * its prompt (lens[n] tokens) plus what it generated fills Tc. Returns how many rows still generate.
 */
export function acceptStep(out: Generation, tok: Int32Array, lp: Float32Array, done: Uint8Array, lens: Int32Array, s: number, Tc: number): number {
  let live = 0;
  for (let n = 0; n < done.length; n++) {
    if (done[n]) continue;
    out.tokens[n].push(tok[n]);
    out.logp[n].push(lp[n]);
    if (tok[n] === END || lens[n] + s + 1 >= Tc) done[n] = 1;
    else live++;
  }
  return live;
}
