// skipRefused's filter on a hand-written grammar: actions are `v n END` with v in {1, 2} and n in {10, 11}, and
// `3 END` (a verb without argument). A token is dropped only when every way on from it is a refused action.
// Also the refusal of config.skipRefused and config.fitArgs without the grammar or in a team.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/core/config';
import { getEnvSpec } from '../../src/envs/registry';
import { buildTokenizer, END } from '../../src/model/tokenizer';
import { agentIO } from '../../src/rl/setup';
import { avoidRefused, refusedSinceAccepted, type AllowedNext } from '../../src/rl/refused';

const grammar: AllowedNext = (g) => {
  if (g.length === 0) return [1, 2, 3];
  if (g[0] === 3) return g.length === 1 ? [END] : [];
  if (g.length === 1) return [10, 11];
  return g.length === 2 ? [END] : [];
};
const sorted = (a: ArrayLike<number> | null) => (a === null ? null : Array.from(a).sort((x, y) => x - y));

describe('avoidRefused', () => {
  it('with nothing refused, is the grammar itself', () => {
    expect(avoidRefused(grammar, [])).toBe(grammar);
  });

  it('drops the argument of a refused action, and its verb only once every argument is refused', () => {
    const one = avoidRefused(grammar, [[1, 10, END]]);
    expect(sorted(one([]))).toEqual([1, 2, 3]);
    expect(sorted(one([1]))).toEqual([11]);
    expect(sorted(one([2]))).toEqual([10, 11]);
    const both = avoidRefused(grammar, [[1, 10, END], [1, 11, END]]);
    expect(sorted(both([]))).toEqual([2, 3]);
  });

  it('drops a verb without arguments, and a refused action on a path the grammar forces', () => {
    const f = avoidRefused(grammar, [[3, END]]);
    expect(sorted(f([]))).toEqual([1, 2]);
    // after `1 10` only END is well formed: refused, so nothing is left and the grammar's own END stays
    expect(sorted(avoidRefused(grammar, [[1, 10, END]])([1, 10]))).toEqual([END]);
  });

  it('keeps the grammar where every action is refused (the env then says why once more)', () => {
    const all = [1, 2].flatMap((v) => [10, 11].map((n) => [v, n, END])).concat([[3, END]]);
    expect(sorted(avoidRefused(grammar, all)([]))).toEqual([1, 2, 3]);
  });

  it('passes an unconstrained step (null) through', () => {
    expect(avoidRefused(() => null, [[1, END]])([])).toBeNull();
  });

  it('keeps a token whose way on is open (null) or offers nothing: neither is known to end refused', () => {
    // verb 4 takes free text (any token after it), verb 5 leads nowhere; both are on a refused action's path
    const open: AllowedNext = (g) => (g.length === 0 ? [4, 5] : g[0] === 4 ? null : []);
    const f = avoidRefused(open, [[4, 7, END], [5, 9, END]]);
    expect(sorted(f([]))).toEqual([4, 5]);
  });
});

describe('refusedSinceAccepted', () => {
  it("lists the refused actions after the last accepted one, oldest first", () => {
    const turns = [{ text: 'a' , error: 'no' }, { text: 'b' }, { text: 'c', error: 'no' }, { text: 'd', error: 'no' }];
    expect(refusedSinceAccepted(turns)).toEqual(['c', 'd']);
    expect(refusedSinceAccepted(turns.slice(0, 2))).toEqual([]);
    expect(refusedSinceAccepted(turns.slice(0, 1))).toEqual(['a']);
    expect(refusedSinceAccepted([])).toEqual([]);
  });
});

describe('the card battler under its grammar (targets and skipRefused together)', () => {
  it("offers play of the hand's affordable cards and end in a fight; a refused play is not offered, and its error shows", () => {
    const spec = getEnvSpec('card-battler');
    const vocab = buildTokenizer(['play', 'end', 'pick', '(', ')', ',', '"']).toJSON();
    const io = agentIO(vocab, spec, 512, 5, false, false);
    const env = spec.create();
    let { obs } = env.reset({ seed: 4, options: { fights: 1 } });
    const offered = (refused: string[]) => {
      const context = io.prompt(env.goal, obs, []);
      const allowed = avoidRefused(io.allowed(env.goal, obs, context), refused.map((a) => io.encodeAction(a, context)));
      const verbs = sorted(allowed([]))!.map((t) => vocab[t]);
      const ids = verbs.includes('play') ? sorted(allowed(io.encodeAction('play(1)', context).slice(0, 2)))!.map((t) => vocab[t]) : [];
      return { verbs, ids };
    };
    const enabledIds = () => obs.elements.filter((e) => e.role === 'card' && !e.state?.disabled).map((e) => String(e.id)).sort();
    expect(offered([])).toEqual({ verbs: ['end', 'play'].sort(), ids: enabledIds() });
    // play the first affordable card until one in hand cannot be afforded: it is no longer offered
    while (obs.elements.every((e) => e.role !== 'card' || !e.state?.disabled)) obs = env.step(`play(${enabledIds()[0]})`).obs;
    expect(enabledIds().length).toBeLessThan(obs.elements.filter((e) => e.role === 'card').length);
    expect(offered([])).toEqual(enabledIds().length > 0 ? { verbs: ['end', 'play'].sort(), ids: enabledIds() } : { verbs: ['end'], ids: [] });
    // an affordable card the env refused (as if it had) is not offered again under skipRefused
    const [kept, ...rest] = enabledIds();
    if (rest.length > 0) expect(offered([`play(${kept})`]).ids).toEqual(rest);
    // forced: a play the env refuses shows its error as the last element
    const disabled = obs.elements.find((e) => e.role === 'card' && e.state?.disabled)!;
    obs = env.step(`play(${disabled.id})`).obs;
    expect(obs.elements.at(-1)?.role).toBe('error');
  });
});

describe.each(['skipRefused', 'fitArgs'] as const)('config.%s', (key) => {
  it('is refused without the grammar or in a team, naming the key', () => {
    const error = (over: Record<string, unknown>) => {
      const v = validateConfig({ [key]: true, ...over });
      return v.ok ? undefined : v.errors.find((e) => e.key === key)?.message;
    };
    expect(error({})).toBeUndefined();
    expect(error({ grammar: false })).toMatch(/needs grammar = true and workflow = single/);
    expect(error({ workflow: 'debate' })).toMatch(/needs grammar = true and workflow = single/);
    expect(validateConfig({ [key]: false, grammar: false }).ok).toBe(true);
  });
});
