// Demonstrated mistakes (config.bcMistakes) on the real card-battler: which actions the env refuses in a state (read
// off the page by hand), the verb-first pick, the episode that alternates a refused action with the expert's
// recovery, and Demonstrations never serving a refused turn as a cross-entropy target.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/core/config';
import { Rng } from '../../src/core/rng';
import type { Observation } from '../../src/envs/api';
import { cardBattlerSpec } from '../../src/envs/games/card-battler';
import { Demonstrations, demonstrate, expertDemonstrator } from '../../src/rl/bc';
import { pickMistake, refusedActions } from '../../src/rl/mistakes';
import type { AgentIO } from '../../src/rl/rollout';
import { END } from '../../src/model/tokenizer';
import { CLICK1, CLICK2, IO } from './scripted';

const FIGHTS_2 = { fights: 2 };
/** Elements 1-5 the hand, 6 End turn, 7 enemy, 8 intent, 9 you, 10 the piles (train seed 3's first turn). */
const PLAYS_OF_NON_CARDS = ['play(6)', 'play(7)', 'play(8)', 'play(9)', 'play(10)'];
const PICKS_IN_A_FIGHT = Array.from({ length: 10 }, (_, i) => `pick(${i + 1})`);

function freshRun() {
  const env = cardBattlerSpec.create();
  const { obs } = env.reset({ seed: 3, options: FIGHTS_2, split: 'train' });
  return { env, obs };
}

describe('refusedActions', () => {
  it('lists plays of what is not a card and every pick during a fight; end() and affordable cards are accepted', () => {
    const { env, obs } = freshRun();
    expect(obs.elements.map((e) => e.role)).toEqual(['card', 'card', 'card', 'card', 'card', 'button', 'enemy', 'intent', 'player', 'text']);
    expect(refusedActions(cardBattlerSpec, env, obs)).toEqual([...PLAYS_OF_NON_CARDS, ...PICKS_IN_A_FIGHT]);
  });

  it('adds the cards energy no longer pays for, and leaves the env as it was', () => {
    const { env } = freshRun();
    env.step('play(1)'); // Strike, cost 1: energy 2
    env.step('play(3)'); // Noxious Fumes (the hand has shifted), cost 1: energy 1
    const { obs } = env.step('play(1)'); // Strike: energy 0, two Defends left
    expect(obs.elements.map((e) => (e.state?.disabled ? 'disabled' : e.role))).toEqual(['disabled', 'disabled', 'button', 'enemy', 'intent', 'player', 'text']);
    const everyPlay = Array.from({ length: 7 }, (_, i) => `play(${i + 1})`);
    const everyPick = Array.from({ length: 7 }, (_, i) => `pick(${i + 1})`);
    expect(refusedActions(cardBattlerSpec, env, obs)).toEqual([...everyPlay, ...everyPick]);
    expect(env.step('end()').info.lastActionError).toBeUndefined(); // no refused action reached the env itself
  });
});

describe('pickMistake', () => {
  it('draws a verb uniformly, then one of its actions, from the rng it is given', () => {
    const refused = ['play(6)', 'pick(1)', 'pick(2)', 'pick(3)'];
    const rng = Rng.fromSeed(7);
    const twin = Rng.fromSeed(7);
    for (let i = 0; i < 20; i++) {
      const verb = twin.pick(['play', 'pick']);
      expect(pickMistake(refused, rng)).toBe(twin.pick(refused.filter((a) => a.startsWith(`${verb}(`))));
    }
  });
});

describe('demonstrate with mistakes', () => {
  it('at share 1 alternates a refused action (its error recorded) with the expert, and the next page shows the error', () => {
    const pages: Observation[] = [];
    const io: AgentIO = { ...IO, prompt: (goal, obs, past) => (pages.push(obs), IO.prompt(goal, obs, past)) };
    const e = demonstrate(cardBattlerSpec, FIGHTS_2, io, 3, 7, { mistakes: 1 });
    expect(e.turns).toHaveLength(7);
    const refused = e.turns.map((t) => t.error !== undefined);
    // turns 0, 2, 4 err; 6 is the last turn allowed, so the expert takes it
    expect(refused).toEqual([true, false, true, false, true, false, false]);
    for (const i of [1, 3, 5]) expect(pages[i].elements.at(-1)?.role).toBe('error');
    expect(pages[2].elements.at(-1)?.role).not.toBe('error');
    const expert = demonstrate(cardBattlerSpec, FIGHTS_2, IO, 3, 3);
    expect(e.turns[1].text).toBe(expert.turns[0].text); // a refused turn leaves the state as it was
  });

  it('at share 0 is the plain expert, and the same seed gives the same mistakes', () => {
    expect(demonstrate(cardBattlerSpec, FIGHTS_2, IO, 5, 12, { mistakes: 0 })).toEqual(demonstrate(cardBattlerSpec, FIGHTS_2, IO, 5, 12));
    const a = demonstrate(cardBattlerSpec, FIGHTS_2, IO, 5, 12, { mistakes: 0.3 });
    expect(a).toEqual(demonstrate(cardBattlerSpec, FIGHTS_2, IO, 5, 12, { mistakes: 0.3 }));
    expect(a.turns.some((t) => t.error !== undefined)).toBe(true);
  });

  it('Demonstrations serves the expert turns of the budget and never a refused one', () => {
    const seed = Rng.fromSeed(1).nextU32(); // the budget's one episode plays the first seed its stream draws
    const expertTexts = demonstrate(cardBattlerSpec, FIGHTS_2, IO, seed, 3).turns.map((t) => t.text);
    // the refused actions of a first fight's opening (plays of non-cards, picks) are never an expert's
    const io: AgentIO = { ...IO, encodeAction: (a) => [expertTexts.includes(a) ? CLICK1 : CLICK2, END] };
    expect(demonstrate(cardBattlerSpec, FIGHTS_2, io, seed, 6, { mistakes: 1 }).turns.map((t) => t.action[0])).toEqual([CLICK2, CLICK1, CLICK2, CLICK1, CLICK2, CLICK1]);
    const demos = new Demonstrations(expertDemonstrator(cardBattlerSpec, FIGHTS_2, io, 6, undefined, 1), Rng.fromSeed(1), 1);
    const served = demos.next(9); // three epochs of the episode's 3 expert turns
    const firstActionTokens = Array.from({ length: served.rows }, (_, n) => served.tokens[n * served.width + served.lengths[n] - 2]);
    expect(firstActionTokens).toEqual(Array(9).fill(CLICK1));
  });
});

describe('bcMistakes in the config', () => {
  it('defaults to 0 and is bounded to a share', () => {
    const ok = validateConfig({ bcMistakes: 0.1 });
    expect(ok.ok && ok.config.bcMistakes).toBe(0.1);
    const bad = validateConfig({ bcMistakes: 1.5 });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.map((e) => e.key)).toEqual(['bcMistakes']);
  });
});
