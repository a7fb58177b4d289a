// config.skipRefused: decoding never offers again an action the env refused since its last accepted action. A
// refused action leaves the env's state as it was, so in that state it would be refused again: greedy decoding
// could otherwise repeat it until the turn limit. The filter works on the grammar's allowed-token function.

import { END } from '../model/tokenizer';

/** Which tokens may come next after `generated`, or null where any token may (as GenerateOptions.allowed gives). */
export type AllowedNext = (generated: readonly number[]) => ArrayLike<number> | null;

/** The texts of the episode's actions refused since its last accepted one, oldest first. */
export function refusedSinceAccepted(turns: readonly { text: string; error?: string }[]): string[] {
  const out: string[] = [];
  for (let i = turns.length - 1; i >= 0 && turns[i].error !== undefined; i--) out.unshift(turns[i].text);
  return out;
}

/**
 * `allowed` without the tokens that can only lead into a refused action. A token is dropped when every well-formed
 * way on from it ends as one of `refused` (each an action's tokens, END included). Where dropping would leave
 * nothing (every action was refused), `allowed`'s own tokens stay: the env then refuses once more and says why.
 */
export function avoidRefused(allowed: AllowedNext, refused: readonly (readonly number[])[]): AllowedNext {
  if (refused.length === 0) return allowed;
  // Stryker disable next-line ConditionalExpression: past r's end r[i] is undefined, which no token equals: the length test only saves work
  const along = (p: readonly number[]) => refused.some((r) => r.length >= p.length && p.every((t, i) => r[i] === t));
  // Every completion of p is refused: p is a refused action (it ended), or each allowed next token leads only there.
  const deadEnd = (p: readonly number[]): boolean => {
    if (!along(p)) return false;
    if (p[p.length - 1] === END) return true; // p is itself one of `refused`: along() matched its END
    const next = allowed(p);
    return next !== null && next.length > 0 && Array.prototype.every.call(next, (t: number) => deadEnd([...p, t]));
  };
  return (generated) => {
    const next = allowed(generated);
    if (next === null) return null;
    const kept = Array.prototype.filter.call(next, (t: number) => !deadEnd([...generated, t])) as number[];
    return kept.length > 0 ? kept : next;
  };
}
