// Seeds for evaluation that discovery never used: discovery trains on seed, seed+1, ... (one per episode,
// fewer than a million), evaluation starts a million higher.

export const UNSEEN_OFFSET = 1_000_000;

/** `n` environment seeds disjoint from the training seeds of a discovery run started with `seed`. */
export function unseenSeeds(seed: number, n: number): number[] {
  return Array.from({ length: n }, (_, j) => seed + UNSEEN_OFFSET + j);
}
