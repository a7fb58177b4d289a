// The card battler: its text, each mechanic (damage, block, weak, vulnerable, strength, poison, powers, exhaust,
// thorns, enrage, ritual, rewards), intents that land exactly as shown, runs split by lineup and deck, and how its
// baselines and expert fare on test seeds.

import { describe, expect, it } from 'vitest';
import { CardBattler, cardBattlerSpec } from '../../src/envs/games/card-battler';
import { legalActions } from '../../src/envs/games/battle';
import { CARDS, ENEMIES, REWARDS } from '../../src/envs/games/cards';
import { playBaseline } from '../../src/envs/baselines';
import { expertRollout } from '../../src/envs/harness';
import { Rng } from '../../src/core/rng';

/** A run mid-fight with a chosen hand against `enemy` (100 hp, its loop at `offset`), 60 hp and 3 energy. */
function battler(hand: string[], enemy = 'Jaw Worm', offset = 0): CardBattler {
  const g = new CardBattler();
  g.reset({ seed: 0 });
  const kind = ENEMIES.findIndex((e) => e.name === enemy);
  Object.assign(g.s.enemy, { kind, step: ENEMIES[kind].opening?.length ?? 0, offset, hp: 100, maxHp: 100, block: 0, weak: 0, vulnerable: 0, strength: 0, poison: 0, ritual: 0 });
  Object.assign(g.s.player, { hp: 60, maxHp: 60, energy: 3, block: 0, weak: 0, vulnerable: 0, strength: 0, fumes: 0, demon: 0 });
  g.s.hand = hand;
  g.s.draw = ['Defend', 'Defend', 'Defend', 'Defend', 'Defend'];
  g.s.discard = [];
  return g;
}

const named = (name: string) => ENEMIES.findIndex((e) => e.name === name);

describe('card battler text', () => {
  it('shows the hand as elements 1..n, then End turn, the enemy, its intent apart from its statuses, you, the piles', () => {
    const g = battler(['Strike', 'Bash']);
    g.s.enemy.weak = 1;
    g.s.enemy.poison = 3;
    expect(g.clone().step('look()').obs.text).toBe(
      [
        "[1] card 'Strike' value='cost 1 deal 6'",
        "[2] card 'Bash' value='cost 2 deal 8 vulnerable 2'",
        "[3] button 'End turn'",
        "[4] enemy 'Jaw Worm' value='hp 100 weak 1 poison 3'",
        "[5] intent 'attack 8'", // floor(11 * 0.75): the intent is what will land
        "[6] player 'You' value='hp 60/60 energy 3/3'",
        "[7] text 'fight 1 of 3, draw 5 discard 0'",
        "[8] error 'could not parse action 'look()': unknown verb 'look' (expected play, end, pick)'", // the wasted turn's message
      ].join('\n'),
    );
  });

  it('names the run in the goal: its enemies by tier and the two cards its deck adds', () => {
    const g = new CardBattler();
    for (let seed = 0; seed < 20; seed++) {
      g.reset({ seed });
      const m = g.goal.match(/^Win 3 fights: (.+), (.+), (.+)\. Your deck adds (.+) and (.+)\.$/);
      expect(m, g.goal).not.toBeNull();
      expect([1, 2, 3].map((i) => ENEMIES[named(m![i])].tier)).toEqual([1, 2, 3]);
      expect(g.s.deck.slice(-2)).toEqual([m![4], m![5]]);
      expect(g.s.lineup.map((k) => ENEMIES[k].name)).toEqual([m![1], m![2], m![3]]);
    }
  });

  it('draws test runs only from the test split: no lineup-and-deck pair of 2,000 test seeds comes up in 2,000 train seeds', () => {
    const g = new CardBattler();
    const goals = (split: 'train' | 'test') => new Set(Array.from({ length: 2000 }, (_, seed) => (g.reset({ seed, split }), g.goal)));
    const train = goals('train');
    const test = goals('test');
    expect([...test].filter((x) => train.has(x))).toEqual([]);
    expect(test.size).toBeGreaterThan(500);
  });
});

describe('card battler mechanics', () => {
  it('applies vulnerable (x1.5), weak (x0.75), strength (x3 for Heavy Blade) and multi-hits through block', () => {
    const g = battler(['Bash', 'Strike']);
    g.step('play(1)');
    expect(g.s.enemy).toMatchObject({ hp: 92, vulnerable: 2 });
    g.step('play(1)');
    expect(g.s.enemy.hp).toBe(83); // floor(6 * 1.5)
    const w = battler(['Strike']);
    w.s.player.weak = 1;
    w.step('play(1)');
    expect(w.s.enemy.hp).toBe(96); // floor(6 * 0.75)
    const h = battler(['Inflame', 'Heavy Blade']);
    h.step('play(1)');
    h.step('play(1)');
    expect(h.s.enemy.hp).toBe(100 - (14 + 3 * 2));
    const t = battler(['Twin Strike']);
    t.s.enemy.block = 7;
    t.step('play(1)');
    expect(t.s.enemy).toMatchObject({ hp: 97, block: 0 }); // 5 into 7 block, then 5 into 2 block: 3 through
  });

  it('poisons: the enemy loses its poison at the start of its turn, through block, then poison falls by 1', () => {
    const g = battler(['Deadly Poison', 'Catalyst', 'Noxious Fumes']);
    g.s.enemy.block = 50;
    g.step('play(1)');
    g.step('play(1)'); // Catalyst doubles it to 10
    g.step('play(1)'); // and 2 more at the start of each of your turns
    expect(g.s.enemy.poison).toBe(10);
    expect(g.s.exhaust).toEqual(['Catalyst', 'Noxious Fumes']);
    g.step('end()');
    expect(g.s.enemy.hp).toBe(90);
    expect(g.s.enemy.poison).toBe(9 + 2);
  });

  it('carries out the enemy intent at the end of the turn; weak and vulnerable tick at the end of the round', () => {
    const g = battler(['Defend', 'Neutralize']);
    g.s.player.vulnerable = 1;
    g.step('play(2)');
    expect(g.clone().step('look()').obs.text).toContain("intent 'attack 12'"); // 11 * 0.75 * 1.5
    g.step('play(1)');
    g.step('end()');
    expect(g.s.player.hp).toBe(60 - (12 - 5));
    expect(g.s.enemy.weak).toBe(0);
    expect(g.s.player).toMatchObject({ vulnerable: 0, block: 0, energy: 3 });
    expect(g.s.hand).toHaveLength(5);
    // Its next intent (attack 7, block 5) then its buff (strength 3, block 6).
    g.step('end()');
    expect(g.s.player.hp).toBe(53 - 7);
    expect(g.s.enemy.block).toBe(5);
    g.step('end()');
    expect(g.s.enemy).toMatchObject({ strength: 3, block: 6 });
    expect(g.clone().step('look()').obs.text).toContain("intent 'attack 14'");
  });

  it('keeps the debuffs an enemy applies through your next turn', () => {
    const g = battler([], 'Guardian', 1); // its loop at vent: weak 2 and vulnerable 2 on you
    expect(g.clone().step('look()').obs.text).toContain("intent 'weak 2 on you, vulnerable 2 on you'");
    g.step('end()');
    expect(g.s.player).toMatchObject({ weak: 2, vulnerable: 2 });
    expect(g.clone().step('look()').obs.text).toContain("intent 'attack 6 x 4'"); // 4 * 1.5 per hit
    g.step('end()');
    expect(g.s.player).toMatchObject({ hp: 60 - 24, weak: 1, vulnerable: 1 });
  });

  it('hurts you for each hit on a thorny enemy, enrages an enemy at non-attacks, and grows a ritual enemy', () => {
    const t = battler(['Sword Boomerang'], 'Spiker');
    expect(t.step('play(1)').obs.text).toContain("enemy 'Spiker' value='hp 91 thorns 3'");
    expect(t.s.player.hp).toBe(60 - 3 * 3);
    const n = battler(['Defend', 'Strike'], 'Gremlin Nob');
    n.step('play(2)');
    expect(n.s.enemy.strength).toBe(0);
    n.step('play(1)');
    expect(n.s.enemy.strength).toBe(2);
    const c = battler([], 'Cultist');
    c.s.enemy.step = 0; // its opening: ritual 3
    c.step('end()');
    expect(c.s.enemy).toMatchObject({ ritual: 3, strength: 0 });
    c.step('end()');
    expect(c.s.player.hp).toBe(60 - 6);
    expect(c.s.enemy.strength).toBe(3);
  });

  it('draws, reshuffles the discard pile, gains energy, refuses what it cannot pay, and costs hp for Bloodletting', () => {
    const g = battler(['Adrenaline', 'Pommel Strike', 'Bash', 'Bash', 'Bloodletting']);
    g.s.draw = ['Strike'];
    g.s.discard = ['Defend', 'Defend'];
    g.step('play(1)'); // energy +1, draw 2: one from the pile, one after reshuffling the discard
    expect(g.s.player.energy).toBe(4);
    expect(g.s.hand).toHaveLength(6);
    expect(g.s.draw.length + g.s.discard.length).toBe(1);
    g.step('play(1)'); // Pommel Strike: 9 damage, draw 1
    expect(g.s.enemy.hp).toBe(91);
    g.step('play(1)');
    expect(g.step('play(1)').info.lastActionError).toBe('play(1): Bash costs 2 but you have 1 energy');
    g.step('play(2)');
    expect(g.s.player).toMatchObject({ hp: 57, energy: 3 });
    expect(g.step('play(12)').info.lastActionError).toMatch(/no card 12 in hand/);
  });

  it('offers three cards after a won fight; pick(k) adds one and starts the next fight with a fresh draw pile', () => {
    const g = battler(['Strike', 'Inflame']);
    g.s.enemy.hp = 3;
    g.step('play(2)');
    const deck = g.s.deck.length;
    const r = g.step('play(1)');
    expect(g.s.phase).toBe('reward');
    expect(r.obs.elements.filter((e) => e.role === 'reward')).toHaveLength(3);
    expect(r.obs.text).toMatch(/won fight 1 of 3, next [\w ]+: pick a card/);
    expect(g.step('play(1)').info.lastActionError).toBe('play(1): no fight now; pick a reward card with pick(k)');
    expect(g.step('end()').info.lastActionError).toBe('end(): no fight now; pick a reward card with pick(k)');
    expect(g.step('pick(4)').info.lastActionError).toBe('pick(4): no choice 4 (there are 3)');
    const chosen = g.s.offer[1];
    expect(g.step('pick(2)').terminated).toBe(false);
    expect(g.s.deck).toEqual(expect.arrayContaining([chosen]));
    expect(g.s.deck).toHaveLength(deck + 1);
    expect(g.s).toMatchObject({ phase: 'fight', fight: 1, exhaust: [] });
    expect(g.s.player.strength).toBe(0); // powers last one fight
    expect(g.s.draw.length + g.s.hand.length).toBe(deck + 1);
    expect(g.step('pick(1)').info.lastActionError).toBe('pick(1): no reward to pick now; play a card or end the turn');
  });

  it('ends the run lost at 0 hp, and won after the last fight', () => {
    const l = battler([]);
    l.s.player.hp = 3;
    expect(l.step('end()')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    const w = battler(['Strike']);
    w.s.fight = 2;
    w.s.enemy.hp = 1;
    expect(w.step('play(1)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
  });

  it('has Slay the Spire-sized content: 20+ cards, 10+ enemies in three tiers', () => {
    expect(CARDS.length).toBeGreaterThanOrEqual(20);
    expect(REWARDS.length).toBeGreaterThanOrEqual(18);
    expect(new Set(ENEMIES.map((e) => e.tier))).toEqual(new Set([1, 2, 3]));
    expect(ENEMIES.length).toBeGreaterThanOrEqual(10);
  });
});

describe('card battler intents', () => {
  it('deal exactly the damage they show, before block, over 300 runs of random play', () => {
    let checked = 0;
    let vulnerable = 0;
    let weakened = 0;
    for (let seed = 0; seed < 300; seed++) {
      const env = new CardBattler();
      let obs = env.reset({ seed, options: { fights: 4, hp: 120 } }).obs;
      const rng = Rng.fromSeed(seed).split('intents');
      for (let t = 0; t < env.maxTurns; t++) {
        const action = rng.pick(legalActions(env.s));
        if (action === 'end()') {
          const shown = obs.elements.find((e) => e.role === 'intent')?.name ?? '';
          const m = shown.match(/^attack (\d+)(?: x (\d+))?/);
          const probe = env.clone();
          probe.s.player.block = 0;
          const hp = probe.s.player.hp;
          probe.step('end()');
          const poisoned = probe.s.phase === 'reward' || probe.s.phase === 'won'; // the enemy died before acting
          if (m && !poisoned) {
            expect(hp - probe.s.player.hp, `seed ${seed}: '${shown}'`).toBe(Math.min(hp, Number(m[1]) * Number(m[2] ?? 1)));
            checked++;
            if (env.s.player.vulnerable) vulnerable++;
            if (env.s.enemy.weak) weakened++;
          }
        }
        const r = env.step(action);
        if (r.terminated || r.truncated) break;
        obs = r.obs;
      }
    }
    expect(checked).toBeGreaterThan(2000);
    expect(vulnerable).toBeGreaterThan(100);
    expect(weakened).toBeGreaterThan(100);
  });
});

describe('card battler baselines on test seeds', () => {
  const seeds = Array.from({ length: 200 }, (_, i) => i);

  it('loses to the first-affordable-card rule at least 4 runs in 5 (200 test seeds; the CLI plays 1,000)', () => {
    const wins = seeds.filter((seed) => playBaseline(cardBattlerSpec, 'first-element', seed, { split: 'test' }).success).length;
    expect(wins / seeds.length).toBeLessThanOrEqual(0.2);
  });

  it('takes dozens of decisions a run when the expert plays, a few at each of its turns', () => {
    const runs = seeds.slice(0, 20).map((seed) => expertRollout(cardBattlerSpec, seed, undefined, 'test'));
    const turns = runs.reduce((n, r) => n + r.turns, 0) / runs.length;
    expect(turns).toBeGreaterThan(30);
    expect(turns).toBeLessThan(80);
    expect(runs.filter((r) => r.success).length).toBeGreaterThanOrEqual(16);
  });
});
