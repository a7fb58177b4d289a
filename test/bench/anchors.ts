// The interleaved comparison of the reference training step with the strongest peers (jax-js, tfjs): contenders run
// A B C, A B C, ... over rounds in one process, so a loaded machine slows all of them alike, and each ratio is the
// median of per-round ratios. Shared by the Node CLI and the Chromium bench page.

/** One measurement of tokens/s on the reference step (about a second), or null when this contender cannot run here. */
export type Contender = () => Promise<number | null>;

/** Each contender's tokens/s per round, in the order run (a contender that cannot run is dropped after its first try). */
export async function interleave(contenders: Record<string, Contender>, rounds: number, log: (line: string) => void = () => {}): Promise<Record<string, number[]>> {
  const runs: Record<string, number[]> = {};
  const live = new Set(Object.keys(contenders));
  for (let r = 0; r < rounds; r++)
    for (const [name, measure] of Object.entries(contenders)) {
      if (!live.has(name)) continue;
      let got: number | null;
      try {
        got = await measure();
      } catch (e) {
        log(`${name}: failed: ${e instanceof Error ? e.message : String(e)}`);
        got = null;
      }
      if (got === null) {
        live.delete(name);
        continue;
      }
      (runs[name] ??= []).push(got);
      log(`round ${r + 1}: ${name}: ${got.toFixed(0)} tokens/s`);
    }
  return runs;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

export interface RatioRow {
  where: string; // 'node', 'chromium', 'chromium (cross-origin isolated)'
  ours: string;
  oursTokensPerS: number;
  peer: string;
  peerTokensPerS: number;
  /** Median over rounds of ours / peer measured in the same round. */
  ratio: number;
}

/** Rows for each [ours, peer] pair that both ran. */
export function ratioRows(where: string, runs: Record<string, number[]>, pairs: readonly [string, string][]): RatioRow[] {
  const rows: RatioRow[] = [];
  for (const [ours, peer] of pairs) {
    const a = runs[ours];
    const b = runs[peer];
    if (!a || !b) continue;
    const per = a.slice(0, b.length).map((x, i) => x / b[i]);
    rows.push({ where, ours, oursTokensPerS: median(a), peer, peerTokensPerS: median(b), ratio: median(per) });
  }
  return rows;
}
