// The learning bench's judges on made-up curves: a target is met only when every seed reaches it in time with BC
// alone low enough, comparisons report their per-seed effects (censored when a run never gets there).
import { describe, expect, it } from 'vitest';
import { parseLearningArgs, runConfig } from '../../cli/bench-learning';
import { SCENARIOS, scenariosFor } from '../../cli/learning-targets';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import type { Curve } from '../../src/rl/curve';

/** A curve from (seconds, eval success) points, the first one right after BC at update 0, then one per 5 updates. */
function curve(seed: number, points: [number, number][], extra: Partial<Curve> = {}): Curve {
  const evals = points.map(([seconds, s], i) => ({ update: 5 * i, seconds, wall: seconds, metrics: { 'eval/success': s, 'eval/success_sampled': s, 'eval/return': s, 'perf/eval_ms': 1 } }));
  const n = evals.at(-1)!.update;
  return { config: { ...DEFAULT_CONFIG, seed }, note: 'cpu', bcSeconds: points[0][0], evals, success: Array(n).fill(0.5), turns: Array(n).fill(1), fracZeroStd: Array(n).fill(0.5), seconds: points.at(-1)![0], ...extra };
}
const scenario = (name: string) => SCENARIOS.find((s) => s.name.startsWith(name))!;

describe('learning bench judges', () => {
  it('a reach target needs every seed in time and BC alone low enough', () => {
    const s = scenario('login');
    const judge = (byKey: Record<string, Curve[]>) => s.judge((k) => byKey[k] ?? []);
    const good = [curve(1, [[10, 0.3], [100, 0.92]]), curve(2, [[10, 0.4], [200, 0.95]])];
    expect(judge({ login: good }).met).toBe(true);
    expect(judge({ login: [good[0], curve(2, [[10, 0.3], [400, 0.95]])] }).met).toBe(false); // too late: 400 s > 300 s
    const bcTooGood = judge({ login: [good[0], curve(2, [[10, 0.55], [50, 0.95]])] });
    expect(bcTooGood.met).toBe(false);
    expect(bcTooGood.lines[1]).toMatch(/BC alone 0\.55; reached 0\.9 at 50 s/);
    expect(judge({}).met).toBe(false); // nothing ran
  });

  it('the generalist needs BC alone at most 0.65 and reports what RL adds by its budget\'s end', () => {
    const s = scenario('generalist');
    expect(s.claim).toMatch(/>= 0\.8 within 1200 s of one core, BC alone <= 0\.65$/);
    const judge = (cs: Curve[]) => s.judge((k) => (k === 'generalist' ? cs : []));
    const v = judge([curve(1, [[5, 0.6], [300, 0.85], [1300, 0.95]]), curve(2, [[5, 0.5], [900, 0.8]])]);
    expect(v.met).toBe(true);
    expect(v.effect!.values.map((x) => x.toFixed(2))).toEqual(['0.25', '0.30']); // seed 1 at 1200 s: its 0.85, not the 0.95 after
    const bcHigh = judge([curve(1, [[5, 0.7], [300, 0.9]])]);
    expect(bcHigh.met).toBe(false);
    expect(bcHigh.lines[0]).toBe('seed 1: BC alone 0.70; reached 0.8 at 300 s (update 5); BC alone above 0.65');
  });

  it('bc-vs-zero compares eval success at the shorter run\'s end, per seed', () => {
    const v = scenario('bc-vs-zero').judge((k) =>
      k.endsWith('/bc') ? [curve(1, [[20, 0.4], [100, 0.8], [300, 0.9]])] : [curve(1, [[1, 0], [150, 0.1]])],
    );
    expect(v.effect!.values).toEqual([0.8 - 0.1]); // at 150 s: BC+RL's last eval by then is 0.8
    expect(v.lines[0]).toBe('seed 1: at 150 s, BC+RL 0.80 vs R1-Zero 0.10 (eval difference 0.70)'); // not its 0.90 at 300 s
    expect(v.met).toBe(true);
  });

  it('outcome-vs-process counts updates to 0.5, censoring a run that never gets there', () => {
    const v = scenario('outcome-vs-process').judge((k) =>
      k.endsWith('/outcome') ? [curve(1, [[1, 0], [2, 0.2], [3, 0.3]])] : [curve(1, [[1, 0], [2, 0.6], [3, 0.7]])],
    );
    expect(v.effect!.values).toEqual([11 - 5]); // outcome: not by update 10, so 11; process at update 5
    expect(v.met).toBe(true);
    expect(v.lines[0]).toMatch(/outcome >10, process 5/);
  });

  it('from-base counts updates to 0.9 per seed; the base run must get there, and sooner', () => {
    const reaches = curve(1, [[5, 0.5], [20, 0.92], [30, 0.95]]); // 0.9 at update 5
    const later = curve(1, [[3, 0.3], [20, 0.6], [40, 0.91]]); // at update 10
    const never = curve(1, [[3, 0.3], [20, 0.6], [40, 0.7]]);
    const judge = (base: Curve, scratch: Curve) => scenario('from-base').judge((k) => (k.endsWith('/base') ? [base] : [scratch]));
    const v = judge(reaches, later);
    expect(v.met).toBe(true);
    expect(v.effect!.values).toEqual([10 - 5]);
    expect(v.lines[0]).toBe('seed 1: updates to 0.9 eval: from the base 5 (20 s), from scratch 10 (40 s); BC alone 0.50 vs 0.30');
    expect(judge(reaches, never).effect!.values).toEqual([11 - 5]); // censored: scratch not by update 10
    expect(judge(later, reaches).met).toBe(false);
    expect(judge(never, never).met).toBe(false); // neither gets there: no claim
  });

  it('group-size needs both a higher frac_zero_std and a smaller gain per update at G=2', () => {
    const g2 = curve(1, [[1, 0.1], [50, 0.2]], { fracZeroStd: [0.8, 0.8, 0.8, 0.8, 0.8] });
    const g16 = curve(1, [[1, 0.1], [80, 0.6]], { fracZeroStd: [0.2, 0.2, 0.2, 0.2, 0.2] });
    const v = scenario('group-size').judge((k) => (k.endsWith('G2') ? [g2] : [g16]));
    expect(v.met).toBe(true);
    expect(v.effect!.values[0]).toBeCloseTo(0.6, 9);
    expect(scenario('group-size').judge((k) => (k.endsWith('G2') ? [g16] : [g2])).met).toBe(false);
  });

  it('skills-vs-plain compares the last eval success per seed and reports turns', () => {
    const skills = curve(1, [[1, 0], [5, 0.4], [9, 0.6]], { turns: [4, 3, 2, 1.5, 1, 1, 1, 1, 1, 1] });
    const plain = curve(1, [[1, 0], [5, 0], [9, 0]], { turns: Array(10).fill(3.5) });
    const v = scenario('skills-vs-plain').judge((k) => (k.endsWith('/skills') ? [skills] : [plain]));
    expect(v.met).toBe(true);
    expect(v.effect!.values).toEqual([0.6]);
    expect(v.lines[0]).toBe('seed 1: after 10 updates, with skills 0.60 vs plain 0.00; turns per episode (last 3 updates) 1.00 vs 3.50');
    expect(scenario('skills-vs-plain').judge((k) => (k.endsWith('/skills') ? [plain] : [skills])).met).toBe(false);
  });

  it('flags and presets: a bad one is named; runs are CPU with 200 test tasks', () => {
    expect(parseLearningArgs(['--learning'])).toEqual({ presets: [], seeds: [1, 2, 3], scale: 1, json: false });
    expect(parseLearningArgs(['--learning', '--preset', 'login,group-size']).presets).toEqual(['login', 'group-size']);
    expect(() => parseLearningArgs(['--learning', '--seeds', '3-1'])).toThrow(/the range 3-1 is empty/);
    expect(() => parseLearningArgs(['--learning', '--fast'])).toThrow(/unknown flag '--fast'/);
    expect(() => scenariosFor(['login', 'nope'])).toThrow(/--preset 'nope': no learning target uses it/);
    expect(scenariosFor(['login']).map((s) => s.name)).toEqual(['login', 'stages']);
    for (const s of SCENARIOS) for (const r of s.runs) expect(runConfig(r, 2)).toMatchObject({ seed: 2, backend: 'cpu', evalTasks: 200 });
  });
});
