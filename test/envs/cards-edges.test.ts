// The card battler's content, pinned whole (issue 21's mutation pass): every card's text as the observation shows
// it, the order of a card's effects, the starter deck and the rewards, each enemy's intents in order as shown (its
// opening, then its loop from any offset), the tiers, and StS's damage rule worked out by hand.
import { describe, expect, it } from 'vitest';
import { intentOf, intentText, type BattleState, type Enemy } from '../../src/envs/games/battle';
import { CARDS, ENEMIES, REWARDS, STARTER_DECK, card, cardEffects, cardText, damage, tierOf } from '../../src/envs/games/cards';

const TEXTS: Record<string, string> = {
  Strike: 'cost 1 deal 6',
  Defend: 'cost 1 block 5',
  Bash: 'cost 2 deal 8 vulnerable 2',
  Slimed: 'cost 1 exhaust',
  'Pommel Strike': 'cost 1 deal 9 draw 1',
  'Twin Strike': 'cost 1 deal 5 x 2',
  'Iron Wave': 'cost 1 deal 5 block 5',
  Clothesline: 'cost 2 deal 12 weak 2',
  Uppercut: 'cost 2 deal 13 vulnerable 1 weak 1',
  'Heavy Blade': 'cost 2 deal 14 strength x 3',
  'Sword Boomerang': 'cost 1 deal 3 x 3',
  Carnage: 'cost 2 deal 20',
  Neutralize: 'cost 0 deal 3 weak 1',
  'Shrug It Off': 'cost 1 block 8 draw 1',
  Backflip: 'cost 1 block 5 draw 2',
  Impervious: 'cost 2 block 30 exhaust',
  Shockwave: 'cost 2 vulnerable 3 weak 3 exhaust',
  'Deadly Poison': 'cost 1 poison 5',
  'Bouncing Flask': 'cost 2 poison 9',
  Catalyst: 'cost 1 double poison exhaust',
  Adrenaline: 'cost 0 energy 1 draw 2 exhaust',
  Bloodletting: 'cost 0 lose 3 hp energy 2',
  Inflame: 'cost 1 strength 2',
  'Noxious Fumes': 'cost 1 poison 2 each turn',
  'Demon Form': 'cost 3 strength 2 each turn',
};

/** Each enemy's intents as shown with no statuses on either side: its opening, then its loop. */
const INTENTS: Record<string, { opening: string[]; loop: string[] }> = {
  'Jaw Worm': { opening: [], loop: ['attack 11', 'attack 7, block 5', 'block 6, strength 3'] },
  Cultist: { opening: ['ritual 3'], loop: ['attack 6'] },
  'Red Louse': { opening: [], loop: ['attack 7', 'attack 7', 'strength 3'] },
  'Acid Slime': { opening: [], loop: ['attack 10, slimed 1 on you', 'attack 7, weak 1 on you', 'attack 10, slimed 1 on you'] },
  'Gremlin Nob': { opening: [], loop: ['attack 14', 'attack 6, vulnerable 2 on you', 'attack 14'] },
  'Blue Slaver': { opening: [], loop: ['attack 12', 'attack 7, weak 1 on you'] },
  Spiker: { opening: [], loop: ['attack 9', 'attack 9', 'block 10, strength 2'] },
  Sentry: { opening: [], loop: ['attack 9', 'attack 4 x 3', 'block 12, slimed 2 on you'] },
  Guardian: { opening: ['block 9'], loop: ['attack 28', 'weak 2 on you, vulnerable 2 on you', 'attack 4 x 4', 'block 9'] },
  'Slime Boss': { opening: ['slimed 3 on you'], loop: ['wait', 'attack 35', 'slimed 3 on you'] },
  Hexaghost: { opening: ['block 12, strength 2'], loop: ['attack 6 x 2', 'attack 5 x 2', 'attack 2 x 6', 'block 12, strength 2'] },
};

/** A state with enemy `kind` at `step` of its fight, its loop started at `offset`, and no statuses anywhere. */
function facing(kind: number, step: number, offset = 0): BattleState {
  const fighter = { hp: 50, maxHp: 50, block: 0, weak: 0, vulnerable: 0, strength: 0 };
  const enemy: Enemy = { ...fighter, kind, step, offset, poison: 0, ritual: 0 };
  return { player: { ...fighter, energy: 3, maxEnergy: 3, fumes: 0, demon: 0 }, enemy } as BattleState;
}

describe('cards', () => {
  it("show each card's cost and effects", () => {
    expect(CARDS.map((c) => c.name)).toEqual(Object.keys(TEXTS));
    for (const c of CARDS) expect(cardText(c), c.name).toBe(TEXTS[c.name]);
  });

  it('list effects in the order they apply', () => {
    const all = { name: 'All', cost: 0, loseHp: 1, damage: 2, hits: 3, heavy: 4, block: 5, vulnerable: 6, weak: 7, poison: 8, catalyst: true, strength: 9, fumes: 10, demon: 11, energy: 12, draw: 13, exhaust: true };
    expect(cardEffects(all)).toEqual([
      'lose 1 hp', 'deal 2 x 3', 'strength x 4', 'block 5', 'vulnerable 6', 'weak 7', 'poison 8', 'double poison',
      'strength 9', 'poison 10 each turn', 'strength 11 each turn', 'energy 12', 'draw 13', 'exhaust',
    ]);
    expect(cardEffects({ name: 'None', cost: 1 })).toEqual([]);
  });

  it('find cards by name and name an unknown one', () => {
    expect(card('Iron Wave')).toBe(CARDS[6]);
    expect(() => card('Joker')).toThrow("unknown card 'Joker'");
  });

  it('start a run with five Strikes, four Defends and a Bash, and reward any card after the first four', () => {
    expect(STARTER_DECK).toEqual(['Strike', 'Strike', 'Strike', 'Strike', 'Strike', 'Defend', 'Defend', 'Defend', 'Defend', 'Bash']);
    expect(REWARDS).toEqual(Object.keys(TEXTS).slice(4));
  });

  it('mark exactly the powers and the cards that exhaust', () => {
    expect(CARDS.filter((c) => c.power).map((c) => c.name)).toEqual(['Inflame', 'Noxious Fumes', 'Demon Form']);
    expect(CARDS.filter((c) => c.exhaust).map((c) => c.name)).toEqual(['Slimed', 'Impervious', 'Shockwave', 'Catalyst', 'Adrenaline']);
  });
});

describe('enemies', () => {
  it('are named and tiered: four first fights, four middle ones, three bosses', () => {
    expect(ENEMIES.map((e) => e.name)).toEqual(Object.keys(INTENTS));
    expect([tierOf(1), tierOf(2), tierOf(3)]).toEqual([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10]]);
  });

  it('show their opening once, then their loop, wrapping, from any offset', () => {
    ENEMIES.forEach((e, kind) => {
      const { opening, loop } = INTENTS[e.name];
      const n = opening.length;
      for (let step = 0; step < n + 2 * loop.length; step++) {
        for (let offset = 0; offset < loop.length; offset++) {
          const want = step < n ? opening[step] : loop[(step - n + offset) % loop.length];
          expect(intentText(facing(kind, step, offset)), `${e.name} step ${step} offset ${offset}`).toBe(want);
        }
      }
    });
  });

  it('carry their intents as objects the fight reads (an empty one waits)', () => {
    const boss = ENEMIES.findIndex((e) => e.name === 'Slime Boss');
    expect(intentOf(facing(boss, 1).enemy)).toEqual({});
    expect(intentOf(facing(boss, 0).enemy)).toEqual({ slimed: 3 });
  });
});

describe('damage', () => {
  it('adds strength, then takes three quarters when weak and half again on a vulnerable target, floored, never below 0', () => {
    expect(damage(6, 0, false, false)).toBe(6);
    expect(damage(6, 2, false, false)).toBe(8);
    expect(damage(6, 0, true, false)).toBe(4); // 4.5
    expect(damage(7, 0, true, false)).toBe(5); // 5.25
    expect(damage(5, 0, false, true)).toBe(7); // 7.5
    expect(damage(6, 0, true, true)).toBe(6); // 6.75
    expect(damage(6, 2, true, true)).toBe(9); // 8 * 0.75 * 1.5
    expect(damage(3, -5, false, false)).toBe(0);
    expect(damage(3, -5, true, true)).toBe(0);
  });
});
