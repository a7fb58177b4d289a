// Edge cases of the card battler's expert (card-expert.ts, issue 21's mutation pass), step by step on hand-made
// runs: the incoming damage, the greedy rule's worth of each kind of card and its pick, the playout and its score,
// the turn search (orders, transpositions, the node cap, a fight won mid-turn), the deeper search of the best few,
// the plan and its tie-break, the reward choice, and expertMove's stored plan.
import { describe, expect, it } from 'vitest';
import { Battle, type BattleState } from '../../src/envs/games/battle';
import { ENEMIES, card } from '../../src/envs/games/cards';
import {
  endScore, expertMove, greedyPick, incoming, leafScores, pickReward, planTurn, playout, signature, transposition, turnLeaves, worth,
  type Leaf,
} from '../../src/envs/games/card-expert';
import { Rng } from '../../src/core/rng';

const kindOf = (name: string) => ENEMIES.findIndex((e) => e.name === name);

/** A one-fight run against `enemy` (100 hp, its loop at `offset`), you at 60/60 hp with 3 energy and `hand`,
 * nothing to draw or discard. */
function battle(hand: string[], enemy = 'Jaw Worm', offset = 0): Battle {
  const kind = kindOf(enemy);
  const s: BattleState = {
    phase: 'fight', fight: 0, lineup: [kind],
    player: { hp: 60, maxHp: 60, block: 0, weak: 0, vulnerable: 0, strength: 0, energy: 3, maxEnergy: 3, fumes: 0, demon: 0 },
    enemy: { kind, step: ENEMIES[kind].opening?.length ?? 0, offset, hp: 100, maxHp: 100, block: 0, weak: 0, vulnerable: 0, strength: 0, poison: 0, ritual: 0 },
    deck: [...hand], draw: [], hand: [...hand], discard: [], exhaust: [], offer: [],
  };
  return new Battle(s, new Rng('card-expert-edges'));
}

/** Jaw Worm at 12 hp, you with Defend, Strike, Strike and 2 energy: the greedy rule plays Defend first (it ties
 * Strike at 6 and comes first), then a Strike, and ends the turn; two Strikes would have won the fight at once. */
function defendFirst(hp = 60): Battle {
  const b = battle(['Defend', 'Strike', 'Strike']);
  Object.assign(b.s.player, { energy: 2, hp });
  b.s.enemy.hp = 12;
  return b;
}

describe('card expert: the greedy rule', () => {
  it("counts the intent's hits, less your block, never below 0", () => {
    const b = battle([]);
    expect(incoming(b.s)).toBe(11); // Jaw Worm: attack 11
    b.s.player.block = 4;
    expect(incoming(b.s)).toBe(7);
    b.s.player.block = 20;
    expect(incoming(b.s)).toBe(0);
    const sentry = battle([], 'Sentry', 1); // attack 4 x 3
    expect(incoming(sentry.s)).toBe(12);
    sentry.s.player.block = 5;
    expect(incoming(sentry.s)).toBe(7);
    expect(incoming(battle([], 'Jaw Worm', 2).s)).toBe(0); // strength 3, block 6
  });

  it('rates damage past block, draws at 3 and energy at 4, per energy the card costs', () => {
    const b = battle([]);
    const s = b.s;
    expect(worth(card('Strike'), s, 11)).toBe(6);
    expect(worth(card('Carnage'), s, 11)).toBe(10); // 20 for 2 energy
    expect(worth(card('Twin Strike'), s, 11)).toBe(10); // 5 x 2
    expect(worth(card('Pommel Strike'), s, 11)).toBe(12); // 9 and a draw
    expect(worth({ ...card('Defend'), energy: 1 }, s, 0)).toBe(4); // no card has energy at a cost above 0
    s.enemy.block = 4;
    expect(worth(card('Strike'), s, 11)).toBe(2);
    s.enemy.block = 20;
    expect(worth(card('Pommel Strike'), s, 11)).toBe(3); // the draw alone
  });

  it('rates a lethal hit at 1000, counting the enemy block, and a free card that gives energy or draws at 500', () => {
    const s = battle([]).s;
    s.enemy.hp = 6;
    expect(worth(card('Strike'), s, 11)).toBe(1000);
    Object.assign(s.enemy, { hp: 7, block: 0 });
    expect(worth(card('Strike'), s, 11)).toBe(6);
    Object.assign(s.enemy, { hp: 2, block: 4 });
    expect(worth(card('Strike'), s, 11)).toBe(1000);
    Object.assign(s.enemy, { hp: 7, block: 4 });
    expect(worth(card('Strike'), s, 11)).toBe(2);
    Object.assign(s.enemy, { hp: 0, block: 0 });
    expect(worth(card('Defend'), s, 11)).toBe(6); // no damage is never lethal
    Object.assign(s.enemy, { hp: 100, block: 0 });
    expect(worth(card('Adrenaline'), s, 11)).toBe(500);
    expect(worth(card('Bloodletting'), s, 11)).toBe(500); // energy without a draw
    expect(worth(card('Neutralize'), s, 11)).toBe(8); // free, but neither: 3 and weak on an attacker
  });

  it('rates block up to the incoming damage at 1.2 a point', () => {
    const s = battle([]).s;
    expect(worth(card('Defend'), s, 11)).toBe(6);
    expect(worth(card('Defend'), s, 3)).toBeCloseTo(3.6, 12);
    expect(worth(card('Defend'), s, 0)).toBe(0);
  });

  it('adds 8 for a first vulnerable, 5 for a first weak on an attacking enemy, 1.5 a poison, 12 for strength, 10 for fumes', () => {
    const s = battle([]).s;
    expect(worth(card('Bash'), s, 11)).toBe(8); // (8 + 8) / 2
    s.enemy.vulnerable = 1;
    expect(worth(card('Bash'), s, 11)).toBe(6); // 12 / 2, nothing for vulnerable
    s.enemy.vulnerable = 0;
    s.enemy.weak = 1;
    expect(worth(card('Neutralize'), s, 11)).toBe(3);
    expect(worth(card('Neutralize'), battle([], 'Jaw Worm', 2).s, 0)).toBe(3); // the enemy does not attack
    expect(worth(card('Deadly Poison'), s, 11)).toBe(7.5);
    expect(worth(card('Bouncing Flask'), s, 11)).toBe(6.75);
    expect(worth(card('Catalyst'), s, 11)).toBe(0);
    s.enemy.poison = 4;
    expect(worth(card('Catalyst'), s, 11)).toBe(6);
    expect(worth(card('Inflame'), s, 11)).toBe(12);
    expect(worth(card('Demon Form'), s, 11)).toBe(4);
    expect(worth(card('Noxious Fumes'), s, 11)).toBe(10);
  });

  it('takes off lost hp, enrage for a non-attack, thorns for each hit, and rates Slimed at 0.5', () => {
    const s = battle([]).s;
    expect(worth({ ...card('Strike'), loseHp: 2 }, s, 11)).toBe(4);
    expect(worth(card('Slimed'), s, 11)).toBe(0.5);
    const nob = battle([], 'Gremlin Nob').s; // enrage 2
    expect(worth(card('Defend'), nob, 14)).toBe(0);
    expect(worth(card('Strike'), nob, 14)).toBe(6);
    const spiker = battle([], 'Spiker').s; // thorns 3
    expect(worth(card('Strike'), spiker, 9)).toBe(3);
    expect(worth(card('Twin Strike'), spiker, 9)).toBe(4);
    expect(worth(card('Defend'), spiker, 9)).toBe(6);
  });

  it('picks the best card you can pay for, the first of equals, and 0 (end the turn) when none is worth anything', () => {
    expect(greedyPick(battle([]).s)).toBe(0);
    const b = battle(['Bash', 'Strike']);
    b.s.player.energy = 1;
    expect(greedyPick(b.s)).toBe(2);
    b.s.player.energy = 2;
    expect(greedyPick(b.s)).toBe(1);
    expect(greedyPick(battle(['Strike', 'Strike']).s)).toBe(1);
    expect(greedyPick(battle(['Strike', 'Carnage']).s)).toBe(2);
    expect(greedyPick(battle(['Defend'], 'Jaw Worm', 2).s)).toBe(0); // nothing to block
    const blocked = battle(['Defend', 'Strike']);
    blocked.s.player.block = 8; // 3 incoming: Defend is worth 3.6
    expect(greedyPick(blocked.s)).toBe(2);
  });
});

describe('card expert: playouts and their scores', () => {
  it('scores a fight by the hp kept, and a lost run below -1000 by the enemy hp left', () => {
    const b = battle([]);
    b.s.player.hp = 42;
    expect(endScore(b.s)).toBe(42);
    Object.assign(b.s, { phase: 'lost' });
    b.s.enemy.hp = 30;
    expect(endScore(b.s)).toBe(-1030);
  });

  it('plays the fight to its end with the greedy rule', () => {
    const won = battle(['Strike', 'Strike']);
    won.s.enemy.hp = 12;
    expect(playout(won)).toBe(60);
    expect(won.s.phase).toBe('won');
    const lost = battle([]);
    lost.s.player.hp = 5;
    expect(playout(lost)).toBe(-1100);
    expect(playout(defendFirst())).toBe(54); // Defend and Strike, 11 - 5 taken, then the last Strike
  });

  it('stops after 400 actions', () => {
    // No cards and a million hp against Jaw Worm (attack 11, attack 7, strength 3): 400 enemy turns deal
    // (11 + 7) + (17 + 13) + ... over 133 loops, 18 * 133 + 6 * (0 + 1 + ... + 132), and 11 + 3 * 133 on the last.
    const b = battle([]);
    b.s.player.hp = 1_000_000;
    expect(playout(b)).toBe(1_000_000 - (18 * 133 + 6 * 8778) - (11 + 3 * 133));
    expect(b.s.enemy.step).toBe(400);
  });
});

describe('card expert: the turn search', () => {
  it('names two orders of plays that end alike by one key (the hand as a multiset), and every other difference apart', () => {
    const a = battle(['Strike', 'Defend']).s;
    expect(transposition(a)).toBe(transposition(battle(['Defend', 'Strike']).s));
    const changes: ((s: BattleState) => void)[] = [
      (s) => (s.phase = 'lost'), (s) => s.hand.push('Bash'), (s) => (s.draw = ['Strike']),
      (s) => s.player.energy--, (s) => s.player.hp--, (s) => s.player.block++, (s) => s.player.strength++, (s) => s.player.fumes++, (s) => s.player.demon++,
      (s) => s.enemy.hp--, (s) => s.enemy.block++, (s) => s.enemy.poison++, (s) => s.enemy.weak++, (s) => s.enemy.vulnerable++, (s) => s.enemy.strength++,
    ];
    const keys = changes.map((change) => {
      const s = battle(['Strike', 'Defend']).s;
      change(s);
      return transposition(s);
    });
    expect(new Set([transposition(a), ...keys]).size).toBe(changes.length + 1);
    expect(a.hand).toEqual(['Strike', 'Defend']); // read, not sorted in place
  });

  it("keeps a plan's place by the state in order: hand order, fight, the enemy's turn and the piles count", () => {
    const a = battle(['Strike', 'Defend']).s;
    const changes: ((s: BattleState) => void)[] = [
      (s) => (s.hand = ['Defend', 'Strike']), (s) => (s.phase = 'lost'), (s) => s.fight++, (s) => s.player.energy--, (s) => s.player.hp--,
      (s) => s.player.block++, (s) => s.enemy.hp--, (s) => s.enemy.block++, (s) => s.enemy.step++, (s) => (s.draw = ['Strike']), (s) => (s.discard = ['Strike']),
    ];
    const keys = changes.map((change) => {
      const s = battle(['Strike', 'Defend']).s;
      change(s);
      return signature(s);
    });
    expect(signature(a)).toBe(signature(battle(['Strike', 'Defend']).s));
    expect(new Set([signature(a), ...keys]).size).toBe(changes.length + 1);
  });

  it('tries each affordable card once per name, each order once per end state, each followed by end()', () => {
    const paths = (b: Battle) => turnLeaves(b).map((l) => l.path);
    const oneEnergy = battle(['Strike', 'Strike']);
    oneEnergy.s.player.energy = 1;
    expect(paths(oneEnergy)).toEqual([['end()'], ['play(1)', 'end()']]);
    const two = battle(['Strike', 'Defend']);
    two.s.player.energy = 2;
    const leaves = turnLeaves(two);
    // Defend then Strike ends as Strike then Defend did: left out.
    expect(leaves.map((l) => l.path)).toEqual([['end()'], ['play(1)', 'end()'], ['play(1)', 'play(1)', 'end()'], ['play(2)', 'end()']]);
    // Strike, end(): Jaw Worm hits 11, and the next turn draws both cards back from the discard pile.
    expect(leaves[1].after.s).toMatchObject({ discard: [], draw: [], player: { hp: 49 }, enemy: { hp: 94, step: 1 } });
    expect(leaves[1].after.s.hand.slice().sort()).toEqual(['Defend', 'Strike']);
    expect(two.s).toMatchObject({ hand: ['Strike', 'Defend'], player: { energy: 2 }, enemy: { hp: 100 } }); // the root untouched
  });

  it('never tries a card it cannot pay for', () => {
    const b = battle(['Bash', 'Strike']);
    b.s.player.energy = 1;
    expect(turnLeaves(b).map((l) => l.path)).toEqual([['end()'], ['play(2)', 'end()']]);
  });

  it('ends a path where the fight ends, without end()', () => {
    const b = battle(['Strike']);
    b.s.enemy.hp = 6;
    const leaves = turnLeaves(b);
    expect(leaves.map((l) => l.path)).toEqual([['end()'], ['play(1)']]);
    expect(leaves[1].after.s.phase).toBe('won');
  });

  it('stops at 600 distinct states: 601 leaves from ten different cards and energy for all', () => {
    const b = battle(['Strike', 'Defend', 'Bash', 'Twin Strike', 'Iron Wave', 'Clothesline', 'Uppercut', 'Heavy Blade', 'Sword Boomerang', 'Carnage']);
    b.s.player.energy = 99;
    b.s.enemy.hp = 10_000;
    expect(turnLeaves(b)).toHaveLength(601);
  });
});

describe('card expert: scores searched deeper and the plan', () => {
  const leaf = (after: Battle): Leaf => ({ path: [], after });

  it('scores each live leaf by a playout and an ended one by its end; searched one turn deeper, the best five live ones', () => {
    const won = battle([]);
    Object.assign(won.s, { phase: 'won' });
    // Greedy: 54 from defendFirst (60 found one turn deeper), 44 from hp 50 (50 deeper).
    const leaves = [leaf(won), leaf(defendFirst(50)), leaf(defendFirst(50)), ...[1, 2, 3, 4, 5].map(() => leaf(defendFirst()))];
    expect(leafScores(leaves, 1)).toEqual([60, 44, 44, 54, 54, 54, 54, 54]);
    expect(leafScores(leaves, 2)).toEqual([60, 44, 44, 60, 60, 60, 60, 60]);
    expect(leafScores([...leaves, leaf(defendFirst())], 2)).toEqual([60, 44, 44, 60, 60, 60, 60, 60, 54]);
  });

  it('plays the best order, two Strikes that win at once rather than a Defend first', () => {
    expect(planTurn(defendFirst())).toEqual(['play(2)', 'play(2)']);
    const lethal = battle(['Strike']);
    lethal.s.enemy.hp = 6;
    expect(planTurn(lethal)).toEqual(['play(1)']);
  });

  it('keeps the best plan over a shorter, worse one found after it', () => {
    // Defend, Strike: Jaw Worm at 6 and 54 hp kept, as the next Strike wins. Strike alone (49 kept) comes later in the
    // search, and Defend alone or nothing leave 12 hp to take at most 52 or 47 through the next turn.
    const b = battle(['Defend', 'Strike']);
    b.s.player.energy = 2;
    b.s.enemy.hp = 12;
    expect(planTurn(b)).toEqual(['play(1)', 'play(1)', 'end()']);
  });

  it('takes the first of two equal plans of one length', () => {
    const b = battle(['Strike', 'Carnage']); // both win at once at 5 hp, with 2 and 1 energy left
    b.s.enemy.hp = 5;
    expect(planTurn(b)).toEqual(['play(1)']);
  });

  it('takes the shorter of two equal plans', () => {
    // With 3 energy, Defend, Strike, Strike also wins at 60, and is searched first.
    const b = defendFirst();
    b.s.player.energy = 3;
    expect(planTurn(b)).toEqual(['play(2)', 'play(2)']);
  });
});

describe('card expert: rewards and the stored plan', () => {
  /** At the reward after a first fight, the next one against Jaw Worm, a deck of five Strikes. */
  function reward(offer: string[]): Battle {
    const b = battle([]);
    const worm = kindOf('Jaw Worm');
    Object.assign(b.s, { phase: 'reward', lineup: [worm, worm], deck: ['Strike', 'Strike', 'Strike', 'Strike', 'Strike'], offer });
    return b;
  }

  it('picks the choice whose playouts keep the most hp, the first of equals, any of the offer', () => {
    expect(pickReward(reward(['Carnage', 'Slimed', 'Slimed']))).toBe(1);
    expect(pickReward(reward(['Slimed', 'Slimed', 'Carnage']))).toBe(3);
    expect(pickReward(reward(['Carnage', 'Carnage', 'Carnage']))).toBe(1);
    const b = reward(['Slimed', 'Carnage', 'Slimed']);
    const state = b.rng.getState();
    expect(expertMove(b)).toBe('pick(2)');
    expect(b.s).toMatchObject({ phase: 'reward', fight: 0, deck: ['Strike', 'Strike', 'Strike', 'Strike', 'Strike'] });
    expect(b.rng.getState()).toEqual(state);
  });

  it('ends the turn once the run is over', () => {
    const b = battle(['Strike']);
    Object.assign(b.s, { phase: 'won' });
    expect(expertMove(b)).toBe('end()');
    Object.assign(b.s, { phase: 'lost' });
    expect(expertMove(b)).toBe('end()');
  });

  it('follows its plan, and plans again when the state is not the one the plan expected', () => {
    const b = defendFirst();
    expect(expertMove(b)).toBe('play(2)');
    b.play(2);
    expect(expertMove(b)).toBe('play(2)');
    const other = defendFirst();
    expect(expertMove(other)).toBe('play(2)');
    other.s.hand = ['Strike', 'Defend'];
    other.s.enemy.hp = 6;
    expect(expertMove(other)).toBe('play(1)');
  });

  it('keeps its plan while the state reads as the plan expected, strength being no part of that', () => {
    const b = defendFirst();
    expect(expertMove(b)).toBe('play(2)');
    b.play(2);
    b.s.player.strength = -10; // a Strike now deals 0: every line loses with Jaw Worm at 6 hp, all scored alike
    expect(expertMove(b.clone())).toBe('end()'); // a copy has no stored plan: the shortest of equal plans
    expect(expertMove(b)).toBe('play(2)');
  });
});
