// Edge cases of the card battler's rules (battle.ts, issue 21's mutation pass), on hand-set fights: a fight's start
// and each turn's, drawing up to the hand limit, where each played card goes, every effect added to what is there,
// multi-hits that stop at a dead enemy, deaths at exactly 0 hp, poison that kills before the enemy acts, debuffs
// that tick, the heal and offer after a won fight, clones, and the legal actions.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { Battle, HAND_LIMIT, cardHit, intentHit, legalActions, type BattleState } from '../../src/envs/games/battle';
import { ENEMIES, REWARDS, STARTER_DECK } from '../../src/envs/games/cards';

const kindOf = (name: string) => ENEMIES.findIndex((e) => e.name === name);

/** A fight against `enemy` (100 hp, at `step` of its fight, loop offset 0), you at 60/60 hp with 3 energy, a hand of
 * `hand`, five Defends to draw and an empty discard pile; the run has `fights` fights. */
function fight(hand: string[], enemy = 'Jaw Worm', step?: number, fights = 3): Battle {
  const kind = kindOf(enemy);
  const fighter = { hp: 100, maxHp: 100, block: 0, weak: 0, vulnerable: 0, strength: 0 };
  const s: BattleState = {
    phase: 'fight', fight: 0, lineup: [kind, kindOf('Blue Slaver'), kindOf('Guardian'), kindOf('Hexaghost')].slice(0, fights),
    player: { ...fighter, hp: 60, maxHp: 60, energy: 3, maxEnergy: 3, fumes: 0, demon: 0 },
    enemy: { ...fighter, kind, step: step ?? ENEMIES[kind].opening?.length ?? 0, offset: 0, poison: 0, ritual: 0 },
    deck: [...STARTER_DECK], draw: ['Defend', 'Defend', 'Defend', 'Defend', 'Defend'], hand: [...hand], discard: [], exhaust: [], offer: [],
  };
  return new Battle(s, Rng.fromSeed(1));
}

describe('a fight starts', () => {
  it("with the enemy's hp in its range, its loop at any offset unless it has an opening, and a hand of five", () => {
    const hps = new Set<number>();
    const offsets = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const b = Battle.start(Rng.fromSeed(seed), [kindOf('Jaw Worm'), kindOf('Cultist')], [...STARTER_DECK], 70);
      hps.add(b.s.enemy.hp);
      offsets.add(b.s.enemy.offset);
      expect(b.s.enemy.maxHp).toBe(b.s.enemy.hp);
      const opening = Battle.start(Rng.fromSeed(seed), [kindOf('Cultist')], [...STARTER_DECK], 70);
      expect(opening.s.enemy.offset).toBe(0);
    }
    expect([...hps].sort()).toEqual([40, 41, 42, 43, 44]);
    expect([...offsets].sort()).toEqual([0, 1, 2]);
    const b = Battle.start(Rng.fromSeed(3), [kindOf('Jaw Worm')], [...STARTER_DECK], 70);
    expect(b.s).toMatchObject({ phase: 'fight', fight: 0, discard: [], exhaust: [], offer: [] });
    expect(b.s.player).toEqual({ hp: 70, maxHp: 70, block: 0, weak: 0, vulnerable: 0, strength: 0, energy: 3, maxEnergy: 3, fumes: 0, demon: 0 });
    expect(b.s.enemy).toMatchObject({ kind: kindOf('Jaw Worm'), step: 0, block: 0, weak: 0, vulnerable: 0, strength: 0, poison: 0, ritual: 0 });
    expect(b.s.hand).toHaveLength(5);
    expect([...b.s.hand, ...b.s.draw].sort()).toEqual([...STARTER_DECK].sort());
  });

  it("clears your block, debuffs, strength and powers for the next fight, after the heal", () => {
    const b = fight(['Strike'], 'Jaw Worm', undefined, 2);
    Object.assign(b.s.player, { hp: 30, block: 7, weak: 2, vulnerable: 1, strength: 4, fumes: 2, demon: 2 });
    b.s.enemy.hp = 2;
    b.play(1);
    expect(b.s.player.hp).toBe(42); // 30 + 20% of 60
    expect(b.pick(1)).toBeUndefined();
    expect(b.s.player).toMatchObject({ hp: 42, block: 0, weak: 0, vulnerable: 0, strength: 0, fumes: 0, demon: 0, energy: 3 });
    expect(b.s.enemy).toMatchObject({ kind: kindOf('Blue Slaver'), step: 0, poison: 0 });
    expect(b.s).toMatchObject({ phase: 'fight', fight: 1, discard: [], exhaust: [] });
  });
});

describe('a turn', () => {
  it('starts with no block, full energy, the powers applied and five cards drawn', () => {
    const b = fight(['Noxious Fumes', 'Demon Form']);
    b.s.player.energy = 4;
    b.play(1);
    b.play(1);
    b.s.player.block = 9;
    b.s.enemy.poison = 1;
    b.endTurn(); // poison 1 hits, falls to 0; then Jaw Worm attacks for 11 through 9 block
    expect(b.s.player).toMatchObject({ hp: 58, block: 0, energy: 3, strength: 2, demon: 2, fumes: 2 });
    expect(b.s.enemy.poison).toBe(2);
    expect(b.s.hand).toHaveLength(5);
  });

  it('draws up to the hand limit, reshuffles the discard pile, and stops when both piles are empty', () => {
    const full = fight(['Backflip', 'Strike', 'Strike', 'Strike', 'Strike', 'Strike', 'Strike', 'Strike', 'Strike', 'Strike']);
    full.play(1);
    expect(full.s.hand).toHaveLength(HAND_LIMIT);
    expect(full.s.draw).toHaveLength(4);
    const dry = fight(['Backflip']);
    dry.s.draw = [];
    dry.play(1);
    expect(dry.s.hand).toEqual(['Backflip']); // the only card, reshuffled from the discard pile
    expect([dry.s.draw, dry.s.discard]).toEqual([[], []]);
    const empty = fight(['Backflip']);
    empty.s.draw = [];
    empty.s.discard = [];
    empty.s.exhaust = [];
    empty.play(1);
    expect(empty.s.hand).toEqual(['Backflip']);
    const gone = fight(['Adrenaline']); // exhausted, so nothing is left to draw
    gone.s.draw = [];
    gone.play(1);
    expect(gone.s.hand).toEqual([]);
    const one = fight(['Pommel Strike']);
    one.s.draw = ['Bash'];
    one.s.discard = ['Carnage'];
    one.play(1); // draws the Bash; Carnage stays in the discard pile
    expect(one.s.hand).toEqual(['Bash']);
    expect(one.s.discard).toEqual(['Carnage', 'Pommel Strike']);
  });
});

describe('playing a card', () => {
  it('names a card not in hand, a card too dear and a play outside a fight, and changes nothing then', () => {
    const b = fight(['Bash', 'Strike']);
    b.s.player.energy = 1;
    expect(b.play(3)).toBe('play(3): no card 3 in hand (hand has 2)');
    expect(b.play(0)).toBe('play(0): no card 0 in hand (hand has 2)');
    expect(b.play(1)).toBe('play(1): Bash costs 2 but you have 1 energy');
    expect(b.s.hand).toEqual(['Bash', 'Strike']);
    expect(b.s.player.energy).toBe(1);
    b.s.player.energy = 2;
    expect(b.play(1)).toBeUndefined(); // it costs exactly what you have
    expect(b.s.player.energy).toBe(0);
  });

  it('sends attacks and skills to the discard pile, and exhausting cards and powers to the exhaust pile', () => {
    const b = fight(['Strike', 'Defend', 'Slimed', 'Inflame', 'Demon Form', 'Adrenaline']);
    b.s.player.energy = 10;
    for (let k = 0; k < 6; k++) b.play(1);
    expect(b.s.discard).toEqual(['Strike', 'Defend']);
    expect(b.s.exhaust).toEqual(['Slimed', 'Inflame', 'Demon Form', 'Adrenaline']);
  });

  it('adds each effect to what is already there', () => {
    const b = fight(['Uppercut', 'Defend', 'Deadly Poison', 'Inflame', 'Noxious Fumes', 'Demon Form', 'Adrenaline']);
    b.s.player.energy = 20;
    Object.assign(b.s.player, { block: 2, strength: 1, fumes: 1, demon: 1 });
    Object.assign(b.s.enemy, { weak: 1, vulnerable: 1, poison: 1 });
    for (let k = 0; k < 7; k++) b.play(1);
    expect(b.s.enemy).toMatchObject({ weak: 2, vulnerable: 2, poison: 6 });
    expect(b.s.enemy.hp).toBe(100 - 21); // (13 + 1) * 1.5
    expect(b.s.player).toMatchObject({ block: 7, strength: 3, fumes: 3, demon: 3, energy: 20 - 2 - 1 - 1 - 1 - 1 - 3 - 0 + 1 });
  });

  it('enrages an enemy at each card you play that is not an attack, and doubles poison with Catalyst', () => {
    const b = fight(['Defend', 'Strike', 'Deadly Poison', 'Catalyst'], 'Gremlin Nob');
    b.s.player.energy = 10;
    b.s.enemy.strength = 1;
    b.play(1);
    expect(b.s.enemy.strength).toBe(3);
    b.play(1);
    expect(b.s.enemy.strength).toBe(3);
    b.play(1);
    b.play(1);
    expect(b.s.enemy).toMatchObject({ strength: 7, poison: 10 });
    const calm = fight(['Defend']);
    calm.play(1);
    expect(calm.s.enemy.strength).toBe(0);
  });

  it('stops a multi-hit card at a dead enemy, and takes thorns for each hit landed', () => {
    const b = fight(['Sword Boomerang'], 'Spiker');
    b.s.enemy.hp = 5; // 3, then 3 more kills it: two hits, not three
    b.s.player.hp = 30;
    b.play(1);
    expect(b.s.player.hp).toBe(30 - 2 * 3 + 12); // and the won fight's heal
    expect(b.s.phase).toBe('reward');
    const exact = fight(['Sword Boomerang'], 'Spiker');
    exact.s.enemy.hp = 6; // two hits leave it at exactly 0: no third hit, no third thorns
    exact.s.player.hp = 30;
    exact.play(1);
    expect(exact.s.player.hp).toBe(30 - 2 * 3 + 12);
  });

  it('refuses a play outside a fight: at a reward, and after a lost run with cards still in hand', () => {
    const won = fight(['Strike']);
    won.s.enemy.hp = 1;
    won.play(1);
    expect(won.play(1)).toBe('play(1): no fight now; pick a reward card with pick(k)');
    const lost = fight(['Bloodletting', 'Strike']);
    lost.s.player.hp = 3;
    lost.play(1);
    expect(lost.play(1)).toBe('play(1): no fight now; pick a reward card with pick(k)');
    expect(lost.s.enemy.hp).toBe(100);
  });

  it('loses you the run at exactly 0 hp, before a dead enemy would count', () => {
    const b = fight(['Bloodletting']);
    b.s.player.hp = 3;
    b.play(1);
    expect(b.s.phase).toBe('lost');
    expect(b.s.player.hp).toBe(0);
    const thorns = fight(['Strike'], 'Spiker');
    thorns.s.player.hp = 3;
    thorns.s.enemy.hp = 6;
    thorns.play(1);
    expect(thorns.s.phase).toBe('lost');
  });

  it('wins the fight at exactly 0 enemy hp, the hp shown as 0 after overkill', () => {
    const b = fight(['Strike', 'Defend']);
    b.s.enemy.hp = 6;
    b.play(1);
    expect(b.s.phase).toBe('reward');
    expect(b.s.hand).toEqual([]);
    const over = fight(['Carnage']);
    over.s.enemy.hp = 5;
    over.play(1);
    expect(over.s.enemy.hp).toBe(0);
  });
});

describe('a won fight', () => {
  it('offers three different reward cards and heals a fifth of your maximum, rounded, up to it', () => {
    const b = fight(['Strike']);
    b.s.enemy.hp = 1;
    Object.assign(b.s.player, { hp: 20, maxHp: 63 });
    b.play(1);
    expect(b.s.player.hp).toBe(20 + 13); // 12.6
    expect(b.s.offer).toHaveLength(3);
    expect(new Set(b.s.offer).size).toBe(3);
    for (const name of b.s.offer) expect(REWARDS).toContain(name);
    const near = fight(['Strike']);
    near.s.enemy.hp = 1;
    near.s.player.hp = 55;
    near.play(1);
    expect(near.s.player.hp).toBe(60);
  });

  it('ends the run won after the last fight, with no offer', () => {
    const b = fight(['Strike'], 'Jaw Worm', undefined, 1);
    b.s.enemy.hp = 1;
    b.play(1);
    expect(b.s).toMatchObject({ phase: 'won', offer: [] });
    expect(b.endTurn()).toBe('end(): no fight now; pick a reward card with pick(k)');
    expect(b.pick(1)).toBe('pick(1): no reward to pick now; play a card or end the turn');
  });

  it('takes the picked card into the deck; a missing choice changes nothing', () => {
    const b = fight(['Strike']);
    b.s.enemy.hp = 1;
    b.play(1);
    const offer = [...b.s.offer];
    expect(b.pick(0)).toBe('pick(0): no choice 0 (there are 3)');
    expect(b.s.phase).toBe('reward');
    b.pick(3);
    expect(b.s.deck).toEqual([...STARTER_DECK, offer[2]]);
    expect(b.s.offer).toEqual([]);
  });
});

describe("the enemy's turn", () => {
  it('discards your hand, and poison that kills ends the fight before the enemy acts', () => {
    const b = fight(['Strike', 'Defend']);
    Object.assign(b.s.enemy, { hp: 3, poison: 3 });
    b.endTurn();
    expect(b.s.phase).toBe('reward');
    expect(b.s.player.hp).toBe(60);
    expect(b.s.enemy.hp).toBe(0);
    const c = fight(['Strike', 'Defend']);
    Object.assign(c.s.enemy, { hp: 10, poison: 3 });
    c.endTurn();
    expect(c.s.enemy).toMatchObject({ hp: 7, poison: 2 });
    expect(c.s.discard).toEqual(['Strike', 'Defend']);
  });

  it('drops its old block, then carries out its intent: each hit, block, strength and Slimed cards', () => {
    const b = fight([], 'Sentry', 1); // attack 4 x 3
    b.s.enemy.block = 4;
    b.s.player.block = 5;
    b.endTurn();
    expect(b.s.player.hp).toBe(60 - 7);
    expect(b.s.enemy.block).toBe(0);
    b.endTurn(); // block 12, slimed 2
    expect(b.s.enemy.block).toBe(12);
    expect(b.s.player.hp).toBe(53);
    expect([...b.s.hand, ...b.s.draw, ...b.s.discard].filter((c) => c === 'Slimed')).toHaveLength(2);
    const h = fight([], 'Hexaghost', 0); // its opening: strength 2, block 12
    h.s.enemy.strength = 1;
    h.endTurn();
    expect(h.s.enemy).toMatchObject({ strength: 3, block: 12 });
    expect(h.s.player.hp).toBe(60);
  });

  it('ticks weak and vulnerable down on both sides, except what it has just applied', () => {
    const b = fight([], 'Blue Slaver', 2); // attack 12, then attack 7 with weak 1
    Object.assign(b.s.player, { weak: 2, vulnerable: 2 });
    Object.assign(b.s.enemy, { weak: 2, vulnerable: 3 });
    b.endTurn(); // attack 12 * 0.75 = 9, * 1.5 on you = 13
    expect(b.s.player).toMatchObject({ hp: 60 - 13, weak: 1, vulnerable: 1 });
    expect(b.s.enemy).toMatchObject({ weak: 1, vulnerable: 2, step: 3 });
    b.endTurn(); // attack 7 * 0.75 * 1.5 = 7; your weak ticks to 0, then 1 more
    expect(b.s.player).toMatchObject({ hp: 47 - 7, weak: 1, vulnerable: 0 });
    expect(b.s.enemy).toMatchObject({ weak: 0, vulnerable: 1 });
  });

  it('puts the vulnerable it applies on you', () => {
    const b = fight([], 'Gremlin Nob', 1); // attack 6, vulnerable 2
    b.endTurn();
    expect(b.s.player).toMatchObject({ hp: 54, vulnerable: 2 });
  });

  it('leaves debuffs at 0 where there are none', () => {
    const b = fight([], 'Jaw Worm', 2); // block 6, strength 3: no attack, no debuff
    b.endTurn();
    expect(b.s.player).toMatchObject({ hp: 60, weak: 0, vulnerable: 0 });
    expect(b.s.enemy).toMatchObject({ weak: 0, vulnerable: 0, strength: 3, block: 6, poison: 0, hp: 100 });
  });

  it('grows a ritual enemy by its ritual at the end of each of its later turns', () => {
    const b = fight([], 'Cultist', 0); // its opening: ritual 3
    b.s.enemy.strength = 1;
    b.endTurn();
    expect(b.s.enemy).toMatchObject({ ritual: 3, strength: 1 });
    b.endTurn(); // attack 6 with strength 1, then 3 more strength
    expect(b.s.player.hp).toBe(60 - 7);
    expect(b.s.enemy).toMatchObject({ ritual: 3, strength: 4 });
  });

  it('kills you at exactly 0 hp', () => {
    const b = fight([]);
    b.s.player.hp = 11;
    b.endTurn();
    expect(b.s).toMatchObject({ phase: 'lost', player: { hp: 0 } });
  });
});

describe('hits as shown', () => {
  it("weigh a card's strength by its heavy factor, and deal nothing for a card without damage", () => {
    const b = fight([]);
    b.s.player.strength = 2;
    expect(cardHit(b.s, 'Heavy Blade')).toBe(20);
    expect(cardHit(b.s, 'Strike')).toBe(8);
    expect(cardHit(b.s, 'Defend')).toBe(0);
    b.s.enemy.vulnerable = 1;
    expect(cardHit(b.s, 'Strike')).toBe(12);
    b.s.player.weak = 1;
    expect(cardHit(b.s, 'Strike')).toBe(9);
  });

  it("weigh the enemy's attack by its strength, its weakness and your vulnerability; a non-attack hits for 0", () => {
    const b = fight([], 'Jaw Worm', 0); // attack 11
    b.s.enemy.strength = 1;
    expect(intentHit(b.s)).toBe(12);
    b.s.enemy.weak = 1;
    expect(intentHit(b.s)).toBe(9);
    b.s.player.vulnerable = 1;
    expect(intentHit(b.s)).toBe(13);
    expect(intentHit(fight([], 'Jaw Worm', 2).s)).toBe(0);
  });
});

describe('clone and legal actions', () => {
  it('clone copies the state and the random stream, and shares nothing that changes', () => {
    const b = Battle.start(Rng.fromSeed(5), [kindOf('Jaw Worm'), kindOf('Spiker')], [...STARTER_DECK], 60);
    const c = b.clone();
    expect(c.s).toEqual(b.s);
    expect(c.rng.getState()).toEqual(b.rng.getState());
    c.s.player.hp = 1;
    c.s.enemy.hp = 1;
    c.s.hand.push('Carnage');
    for (const pile of ['deck', 'draw', 'discard', 'exhaust', 'offer'] as const) c.s[pile].push('X');
    expect(b.s.player.hp).toBe(60);
    expect(b.s.enemy.hp).not.toBe(1);
    expect(b.s.hand).not.toContain('Carnage');
    for (const pile of ['deck', 'draw', 'discard', 'exhaust', 'offer'] as const) expect(b.s[pile]).not.toContain('X');
    expect(c.rng.nextU32()).toBe(b.rng.nextU32());
  });

  it('lists the affordable plays in hand order and end() in a fight, the picks at a reward, nothing after the run', () => {
    const b = fight(['Bash', 'Strike', 'Carnage', 'Neutralize']);
    b.s.player.energy = 1;
    expect(legalActions(b.s)).toEqual(['play(2)', 'play(4)', 'end()']);
    b.s.player.energy = 2;
    expect(legalActions(b.s)).toEqual(['play(1)', 'play(2)', 'play(3)', 'play(4)', 'end()']);
    b.s.hand = [];
    expect(legalActions(b.s)).toEqual(['end()']);
    b.s.phase = 'reward';
    b.s.offer = ['Carnage', 'Backflip', 'Catalyst'];
    expect(legalActions(b.s)).toEqual(['pick(1)', 'pick(2)', 'pick(3)']);
    b.s.phase = 'won';
    expect(legalActions(b.s)).toEqual([]);
    b.s.phase = 'lost';
    expect(legalActions(b.s)).toEqual([]);
  });
});
