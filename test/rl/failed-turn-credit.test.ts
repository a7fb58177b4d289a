// failedTurnCredit: the advantage a turn the env refused (lastActionError, a wasted turn) trains with. By hand on the
// pure rule, then through the trainer on the scripted stand-ins (PressOne: click(2) is refused, click(1) wins), row
// by row in the batch the policy is given, and the config's message for a bad value.
import { describe, expect, it } from 'vitest';
import { validateConfig, formatErrors } from '../../src/core/config';
import { FAILED_TURN_PENALTY, turnAdvantage, type FailedTurnCredit } from '../../src/rl/advantages';
import { Trainer } from '../../src/rl/trainer';
import { config, parts } from './scripted';

describe('turnAdvantage, by hand', () => {
  // [episode advantage, refused, credit, expected]
  const cases: [number, boolean, FailedTurnCredit, number][] = [
    [1.5, true, 'outcome', 1.5], // today's rule: every turn its episode's advantage
    [-0.7, true, 'outcome', -0.7],
    [1.5, true, 'nonpositive', 0], // won despite the wasted turn: not pushed up
    [-0.7, true, 'nonpositive', -0.7], // lost: pushed down as before
    [0, true, 'nonpositive', 0],
    [1.5, true, 'penalty', -0.2], // min(1.5, 0) - 0.2
    [-0.7, true, 'penalty', -0.9],
    [0, true, 'penalty', -0.2], // a group with no spread still pushes a refused turn down
    [1.5, false, 'nonpositive', 1.5], // a turn the env took keeps its episode's advantage in every mode
    [-0.7, false, 'penalty', -0.7],
  ];
  for (const [a, refused, credit, want] of cases) {
    it(`${credit}: A ${a}, ${refused ? 'refused' : 'taken'} -> ${want}`, () => expect(turnAdvantage(a, refused, credit)).toBeCloseTo(want, 12));
  }

  it('the penalty is 0.2, and an episode left out of the loss keeps 0 on its refused turns', () => {
    expect(FAILED_TURN_PENALTY).toBe(0.2);
    expect(turnAdvantage(0, true, 'penalty', false)).toBe(0);
    expect(turnAdvantage(0, true, 'nonpositive', false)).toBe(0);
  });
});

/** Three updates' rows as [episode advantage, refused, row advantage, masked], in batch order (beta > 0 keeps every row).
 * Seed 3's first update has a won episode with a refused turn (click(2), then click(1)) in a group with a spread. */
async function rowsOf(credit: FailedTurnCredit, over = {}): Promise<[number, boolean, number, boolean][]> {
  const p = parts();
  const trainer = await Trainer.create(config({ seed: 3, failedTurnCredit: credit, beta: 0.01, ...over }), p);
  const out: [number, boolean, number, boolean][] = [];
  for (let u = 0; u < 3; u++) {
    const r = await trainer.step();
    const { batch } = p.policy.batches[u];
    const rows = r.episodes.flatMap((e) => e.turns.map((t) => [e.advantage, t.error !== undefined, e.masked] as const));
    expect(batch.rows).toBe(rows.length);
    rows.forEach(([a, refused, masked], n) => out.push([a, refused, batch.advantage[n], masked]));
  }
  return out;
}

describe('failedTurnCredit through the trainer', () => {
  it('outcome (the default): every row carries its episode advantage', async () => {
    expect(validateConfig({}).ok && (validateConfig({}) as { config: { failedTurnCredit: string } }).config.failedTurnCredit).toBe('outcome');
    for (const [a, , row] of await rowsOf('outcome')) expect(row).toBeCloseTo(a, 6);
  });

  it('nonpositive: a refused turn of a won episode gets 0, of a lost one its advantage; taken turns unchanged', async () => {
    const rows = await rowsOf('nonpositive');
    expect(rows.some(([a, refused]) => refused && a > 0)).toBe(true); // the case that changes is in the batch
    for (const [a, refused, row] of rows) expect(row).toBeCloseTo(refused ? Math.min(a, 0) : a, 6);
  });

  it('penalty: a refused turn gets min(A, 0) - 0.2, even in a group with no spread', async () => {
    const rows = await rowsOf('penalty');
    expect(rows.some(([a, refused]) => refused && a === 0)).toBe(true);
    for (const [a, refused, row] of rows) expect(row).toBeCloseTo(refused ? Math.min(a, 0) - 0.2 : a, 6);
  });

  it('penalty with truncation mask: the refused turns of a masked episode stay at 0', async () => {
    const rows = await rowsOf('penalty', { truncation: 'mask' });
    const masked = rows.filter(([, refused, , m]) => refused && m);
    expect(masked.length).toBeGreaterThan(0);
    for (const [, , row] of masked) expect(row).toBe(0);
  });

  it('a bad value is refused with the key and the allowed values', () => {
    const r = validateConfig({ failedTurnCredit: 'zero' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatErrors(r.errors)).toBe("failedTurnCredit='zero': must be one of: outcome, nonpositive, penalty");
  });
});
