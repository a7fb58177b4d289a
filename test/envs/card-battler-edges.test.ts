// Edge cases of the card battler as an Env (card-battler.ts, issue 21's mutation pass): its actions, options and
// levels, the run drawn for each number of fights, the goal's words, every status and power as the observation
// shows it, the reward screen, progress, the turn limit, clones and the spec.
import { describe, expect, it } from 'vitest';
import { CARD_ACTIONS, CardBattler, cardBattlerSpec } from '../../src/envs/games/card-battler';
import { ENEMIES, REWARDS, cardText, card } from '../../src/envs/games/cards';

const kindOf = (name: string) => ENEMIES.findIndex((e) => e.name === name);

/** A run at its first fight against `enemy` (100 hp, loop offset 0, past its opening), you at 60/60 hp and 3
 * energy with `hand`, five Defends to draw. */
function battler(hand: string[], enemy = 'Jaw Worm', options?: { fights: number }): CardBattler {
  const g = new CardBattler();
  g.reset({ seed: 0, options });
  const kind = kindOf(enemy);
  Object.assign(g.s.enemy, { kind, step: ENEMIES[kind].opening?.length ?? 0, offset: 0, hp: 100, maxHp: 100, block: 0, weak: 0, vulnerable: 0, strength: 0, poison: 0, ritual: 0 });
  Object.assign(g.s.player, { hp: 60, maxHp: 60, energy: 3, block: 0, weak: 0, vulnerable: 0, strength: 0, fumes: 0, demon: 0 });
  g.s.hand = hand;
  g.s.draw = ['Defend', 'Defend', 'Defend', 'Defend', 'Defend'];
  g.s.discard = [];
  return g;
}

const element = (g: CardBattler, role: string) => g.clone().step('look()').obs.elements.find((e) => e.role === role);

describe('card battler: actions, options and levels', () => {
  it('plays a card, ends the turn and picks a reward, each aimed at its own kind of element', () => {
    expect(CARD_ACTIONS).toEqual([
      { verb: 'play', args: ['int'], target: 'card' },
      { verb: 'end', args: [], target: 'button' },
      { verb: 'pick', args: ['int'], target: 'reward' },
    ]);
    expect(cardBattlerSpec.actions).toBe(CARD_ACTIONS);
  });

  it('takes fights in 1..4 (3 by default) and hp in 50..120 (60), each documented, and levels of 1 to 4 fights', () => {
    expect(cardBattlerSpec.options.map(({ name, kind, default: d, min, max }) => ({ name, kind, d, min, max }))).toEqual([
      { name: 'fights', kind: 'int', d: 3, min: 1, max: 4 },
      { name: 'hp', kind: 'int', d: 60, min: 50, max: 120 },
    ]);
    for (const o of cardBattlerSpec.options) expect(o.doc.length, o.name).toBeGreaterThan(10);
    expect(cardBattlerSpec.levels).toEqual([1, 2, 3, 4].map((fights) => ({ fights, hp: 60 })));
    expect(() => new CardBattler().reset({ seed: 0, options: { fights: 5 } })).toThrow(/fights/);
  });

  it('describes itself as a game with an expert that wins most runs, and serves only its own env', () => {
    expect(cardBattlerSpec).toMatchObject({ id: 'card-battler', suite: 'game', family: 'card-battler', maxTurns: 200, miniwob: null, expertFloor: 0.8 });
    expect(cardBattlerSpec.description).toMatch(/Slay the Spire/);
    expect(cardBattlerSpec.create()).toBeInstanceOf(CardBattler);
    expect(() => cardBattlerSpec.expert({} as never)).toThrow('card-battler expert: not a card-battler environment');
    const g = new CardBattler();
    g.reset({ seed: 2 });
    expect(g.step(cardBattlerSpec.expert(g)).info.lastActionError).toBeUndefined();
  });
});

describe('card battler: the run', () => {
  it('draws one enemy a fight by tier: 1; 1, 2; 1, 2, 3; 1, 2, 2, 3 (the two middle ones different)', () => {
    const tiers = [[1], [1, 2], [1, 2, 3], [1, 2, 2, 3]];
    const g = new CardBattler();
    for (let fights = 1; fights <= 4; fights++) {
      for (let seed = 0; seed < 30; seed++) {
        g.reset({ seed, options: { fights } });
        expect(g.s.lineup.map((k) => ENEMIES[k].tier), `${fights} fights, seed ${seed}`).toEqual(tiers[fights - 1]);
        expect(new Set(g.s.lineup).size).toBe(fights);
      }
    }
  });

  it("adds two different reward cards to the starter deck, in name order, as the goal says, with the run's hp", () => {
    const g = new CardBattler();
    for (let seed = 0; seed < 30; seed++) {
      g.reset({ seed, options: { hp: 77 } });
      const bonus = g.s.deck.slice(10);
      expect(bonus).toHaveLength(2);
      expect(bonus[0] < bonus[1], bonus.join()).toBe(true);
      for (const name of bonus) expect(REWARDS).toContain(name);
      expect(g.goal.endsWith(`Your deck adds ${bonus[0]} and ${bonus[1]}.`)).toBe(true);
      expect(g.s.player).toMatchObject({ hp: 77, maxHp: 77 });
    }
  });

  it('says fight for one and fights for more in the goal', () => {
    const g = new CardBattler();
    g.reset({ seed: 1, options: { fights: 1 } });
    expect(g.goal).toBe(`Win 1 fight: ${ENEMIES[g.s.lineup[0]].name}. Your deck adds ${g.s.deck[10]} and ${g.s.deck[11]}.`);
    g.reset({ seed: 1, options: { fights: 2 } });
    expect(g.goal).toMatch(/^Win 2 fights: [\w ]+, [\w ]+\. /);
  });
});

describe('card battler: the observation', () => {
  it("shows each of the enemy's statuses and powers only when not zero, in a fixed order", () => {
    const g = battler([], 'Spiker');
    expect(element(g, 'enemy')?.value).toBe('hp 100 thorns 3');
    Object.assign(g.s.enemy, { weak: 1, vulnerable: 2, strength: 3, block: 4, poison: 5, ritual: 6, hp: -3 });
    expect(element(g, 'enemy')?.value).toBe('hp 0 weak 1 vulnerable 2 strength 3 block 4 poison 5 ritual 6 thorns 3');
    expect(element(battler([], 'Gremlin Nob'), 'enemy')?.value).toBe('hp 100 enrage 2');
    expect(element(battler([]), 'enemy')).toMatchObject({ name: 'Jaw Worm', value: 'hp 100' });
    expect(element(battler([]), 'button')).toEqual({ id: 1, role: 'button', name: 'End turn' });
  });

  it('shows your statuses, powers and energy, and the piles', () => {
    const g = battler(['Strike']);
    Object.assign(g.s.player, { weak: 1, vulnerable: 2, strength: 3, block: 4, fumes: 5, demon: 6, energy: 2 });
    expect(element(g, 'player')).toMatchObject({ name: 'You', value: 'hp 60/60 weak 1 vulnerable 2 strength 3 block 4 poison each turn 5 strength each turn 6 energy 2/3' });
    g.s.discard = ['Bash', 'Bash'];
    expect(element(g, 'text')?.name).toBe('fight 1 of 3, draw 5 discard 2');
  });

  it('greys out the cards you cannot pay for', () => {
    const g = battler(['Strike', 'Bash', 'Neutralize']);
    g.s.player.energy = 1;
    const cards = g.clone().step('look()').obs.elements.filter((e) => e.role === 'card');
    expect(cards.map((e) => [e.name, e.value, e.state?.disabled])).toEqual([
      ['Strike', 'cost 1 deal 6', false],
      ['Bash', 'cost 2 deal 8 vulnerable 2', true],
      ['Neutralize', 'cost 0 deal 3 weak 1', false],
    ]);
  });

  it('shows the reward cards as choices 1..3 with their texts, you, and the next enemy', () => {
    const g = battler(['Strike'], 'Jaw Worm', { fights: 2 });
    g.s.enemy.hp = 1;
    const r = g.step('play(1)');
    const next = ENEMIES[g.s.lineup[1]].name;
    expect(r.obs.elements).toEqual([
      ...g.s.offer.map((name, i) => ({ id: i + 1, role: 'reward', name, value: cardText(card(name)) })),
      { id: 4, role: 'player', name: 'You', value: 'hp 60/60' },
      { id: 5, role: 'text', name: `won fight 1 of 2, next ${next}: pick a card` },
    ]);
  });

  it('shows no intent once the run is lost', () => {
    const g = battler([]);
    g.s.player.hp = 1;
    const r = g.step('end()');
    expect(r).toMatchObject({ terminated: true, truncated: false, reward: 0 });
    expect(r.obs.elements.map((e) => e.role)).toEqual(['button', 'enemy', 'player', 'text']);
  });
});

describe('card battler: progress, turns and clones', () => {
  it('counts 0.9 of a run for its fights, each by the share of the enemy hp gone, and 1 for a won run', () => {
    const g = battler(['Strike'], 'Jaw Worm', { fights: 2 });
    expect(g.clone().step('look()').info.progress).toBe(0);
    g.s.enemy.hp = 40;
    expect(g.clone().step('look()').info.progress).toBeCloseTo((0.9 * 0.6) / 2, 12);
    g.s.enemy.hp = -20;
    expect(g.clone().step('look()').info.progress).toBeCloseTo(0.45, 12);
    g.s.enemy.hp = 1;
    expect(g.step('play(1)').info.progress).toBeCloseTo(0.45, 12); // at the reward: the first fight whole
    g.step('pick(1)');
    g.s.enemy.hp = g.s.enemy.maxHp / 2;
    expect(g.clone().step('look()').info.progress).toBeCloseTo(0.9 * 1.5 / 2, 12);
  });

  it('ends at the turn limit, truncated, and then refuses every action', () => {
    const g = battler(['Defend']);
    g.turn = 199;
    g.s.player.hp = 1000;
    const last = g.step('play(1)');
    expect(last).toMatchObject({ terminated: false, truncated: true, info: { turn: 200 } });
    expect(last.info.lastActionError).toBeUndefined();
    const after = g.step('end()');
    expect(after).toMatchObject({ truncated: true, info: { turn: 200, lastActionError: 'the episode is over; call reset()' } });
    expect(g.s.hand).toEqual([]); // Defend was played; end() was refused
  });

  it('refuses actions after a won or lost run, without spending a turn', () => {
    const won = battler(['Strike'], 'Jaw Worm', { fights: 1 });
    won.s.enemy.hp = 1;
    expect(won.step('play(1)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    const again = won.step('end()');
    expect(again).toMatchObject({ terminated: true, reward: 1, info: { turn: 1, lastActionError: 'the episode is over; call reset()' } });
    const lost = battler([]);
    lost.s.player.hp = 1;
    lost.step('end()');
    expect(lost.step('end()').info).toMatchObject({ turn: 1, success: false, lastActionError: 'the episode is over; call reset()' });
  });

  it('clone copies the goal, the turn and the run, and shares nothing', () => {
    const g = battler(['Strike', 'Defend']);
    g.step('play(1)');
    const c = g.clone();
    expect([c.goal, c.turn, c.s]).toEqual([g.goal, g.turn, g.s]);
    c.step('play(1)');
    expect(g.s.hand).toEqual(['Defend']);
    expect(c.turn).toBe(2);
    expect(g.turn).toBe(1);
  });

  it('is truncated only at the turn limit and only when not won there', () => {
    expect(battler(['Strike']).step('play(1)')).toMatchObject({ terminated: false, truncated: false });
    const g = battler(['Strike'], 'Jaw Worm', { fights: 1 });
    g.turn = 199;
    g.s.enemy.hp = 1;
    expect(g.step('play(1)')).toMatchObject({ terminated: true, truncated: false, reward: 1, info: { turn: 200 } });
  });

  it('names no error in the info of a reset or of an action that worked', () => {
    const g = new CardBattler();
    expect('lastActionError' in g.reset({ seed: 3 }).info).toBe(false);
    expect('lastActionError' in g.step('end()').info).toBe(false);
  });

  it('is card-battler with an empty goal before its first reset', () => {
    const g = new CardBattler();
    expect([g.id, g.goal]).toEqual(['card-battler', '']);
  });

  it('starts each reset at turn 0', () => {
    const g = battler(['Strike']);
    g.step('play(1)');
    expect(g.reset({ seed: 4 }).info).toEqual({ success: false, progress: 0, turn: 0 });
  });
});
