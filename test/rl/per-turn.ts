// Shared by the per-turn credit tests (adv step-bonus, turn-gain): an episode record from its turns' progress, and the
// first update of the scripted trainer (PressOne: click(2) is refused at progress 0.4, click(1) wins) row by row.
import type { Config } from '../../src/core/config-table';
import type { EpisodeRecord } from '../../src/rl/rollout';
import { Trainer } from '../../src/rl/trainer';
import { config, parts } from './scripted';

/** An episode whose turns end at these progress values. */
export function played(progress: (number | undefined)[], success: boolean, member = 0, task = 0): EpisodeRecord {
  const turns = progress.map((p) => ({ prompt: [], action: [], logp: [], entropy: [], text: '', progress: p }));
  return { task, member, seed: 1, goal: '', turns, success, progress: progress.at(-1) ?? 0, truncated: false, envReturn: 0 };
}

/** The first update (reward outcome): the rows' advantages, each row's episode advantage and the episodes as records. */
export async function firstUpdate(adv: Config['adv']) {
  const p = parts();
  const trainer = await Trainer.create(config({ seed: 3, adv, beta: 0.01 }), p);
  const r = await trainer.step();
  const { batch } = p.policy.batches[0];
  const records = r.episodes.map((e) => played(e.turns.map((t) => (t.error ? 0.4 : 1)), e.success, e.member));
  return { rows: Array.from(batch.advantage), episodeAdv: r.episodes.flatMap((e) => e.turns.map(() => e.advantage)), records };
}
