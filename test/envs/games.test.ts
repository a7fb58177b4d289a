// Game mechanics: the card battler's effects (damage, block, vulnerable, weak, draw, energy, fights) and the
// grid world's keys, doors, boxes, switches and gates.

import { describe, expect, it } from 'vitest';
import { CardBattler } from '../../src/envs/games/card-battler';
import { BOX, DOOR, EXIT, FLOOR, GATE, GridWorld, KEY, SWITCH, WALL, solve } from '../../src/envs/games/grid-world';
import { CARDS, ENEMIES } from '../../src/envs/games/cards';
import { plainObservation } from '../../src/envs/observation';

/** A battler mid-fight with a chosen hand against a Slime (intent: attack 8) with 100 hp. */
function battler(hand: string[]): CardBattler {
  const g = new CardBattler();
  g.reset({ seed: 0 });
  Object.assign(g.s.enemy, { kind: ENEMIES.findIndex((e) => e.name === 'Slime'), step: 0, hp: 100, maxHp: 100, block: 0, weak: 0, vulnerable: 0, strength: 0 });
  Object.assign(g.s.player, { energy: 3, block: 0, weak: 0, vulnerable: 0, strength: 0 });
  g.s.hand = hand;
  return g;
}

describe('card battler', () => {
  it('shows the hand as elements 1..n and the enemy intent', () => {
    const g = battler(['Strike', 'Defend']);
    const text = g.clone().step('play(9)').obs.text;
    expect(text).toMatch(/^\[1\] card 'Strike' value='cost 1 deal 6'\n\[2\] card 'Defend' value='cost 1 block 5'\n\[3\] button 'End turn'/);
    expect(text).toContain("enemy 'Slime' value='hp 100/100 block 0 intent attack 8'");
  });

  it('applies vulnerable (x1.5) and weak (x0.75) to damage', () => {
    const g = battler(['Bash', 'Strike']);
    g.step('play(1)');
    expect(g.s.enemy).toMatchObject({ hp: 92, vulnerable: 2 });
    g.step('play(1)');
    expect(g.s.enemy.hp).toBe(83); // floor(6 * 1.5)
    const w = battler(['Strike']);
    w.s.player.weak = 1;
    w.step('play(1)');
    expect(w.s.enemy.hp).toBe(96); // floor(6 * 0.75)
  });

  it('blocks the enemy attack, weakens it, and ticks debuffs down at end of turn', () => {
    const g = battler(['Defend', 'Neutralize']);
    g.step('play(2)');
    expect(g.s.enemy.weak).toBe(1);
    expect(g.clone().step('x').obs.text).toContain('intent attack 6'); // floor(8 * 0.75)
    g.step('play(1)');
    const hp = g.s.player.hp;
    g.step('end()');
    expect(g.s.player.hp).toBe(hp - 1); // 6 against 5 block
    expect(g.s.enemy.weak).toBe(0);
    expect(g.s.player.block).toBe(0);
    expect(g.s.hand).toHaveLength(5);
    expect(g.s.player.energy).toBe(3);
  });

  it('draws, reshuffles the discard pile, gains energy, refuses what it cannot pay', () => {
    const g = battler(['Adrenaline', 'Pommel', 'Bash', 'Bash']);
    g.s.draw = ['Strike'];
    g.s.discard = ['Defend', 'Defend'];
    g.step('play(1)'); // energy +1, draw 2: one from the pile, one after reshuffling the discard
    expect(g.s.player.energy).toBe(4);
    expect(g.s.hand).toHaveLength(5);
    expect(g.s.draw.length + g.s.discard.length).toBe(2);
    g.step('play(1)'); // Pommel: 9 damage, draw 1
    expect(g.s.enemy.hp).toBe(91);
    g.step('play(1)');
    expect(g.s.player.energy).toBe(1);
    const r = g.step('play(1)');
    expect(r.info.lastActionError).toBe('play(1): Bash costs 2 but you have 1 energy');
    expect(g.step('play(12)').info.lastActionError).toMatch(/no card 12 in hand/);
  });

  it('moves to the next fight with a reward card, and loses at 0 hp', () => {
    const g = battler(['Strike']);
    g.s.enemy.hp = 3;
    const deck = g.s.deck.length;
    const r = g.step('play(1)');
    expect(g.s.fight).toBe(1);
    expect(g.s.deck).toHaveLength(deck + 1);
    expect(r.obs.text).toMatch(/fight 2 of 3 .*won, found \w+/);
    expect(r.terminated).toBe(false);
    const l = battler([]);
    l.s.player.hp = 3;
    expect(l.step('end()')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('uses at least ten cards and three enemy types', () => {
    expect(CARDS.length).toBeGreaterThanOrEqual(10);
    expect(ENEMIES.length).toBeGreaterThanOrEqual(3);
  });
});

/** A grid world with a hand-made level: rows of symbols (A agent, B box, K key, D door, S switch, G gate, E exit). */
function grid(rows: string[]): GridWorld {
  const g = new GridWorld();
  g.reset({ seed: 0 });
  const codes: Record<string, number> = { '.': FLOOR, '#': WALL, D: DOOR, K: KEY, E: EXIT, S: SWITCH, G: GATE, B: FLOOR | BOX, A: FLOOR };
  const w = rows[0].length;
  const cells = new Uint8Array(w * rows.length);
  const switches: number[] = [];
  let agent = 0;
  rows.join('').split('').forEach((c, i) => {
    cells[i] = codes[c];
    if (c === 'A') agent = i;
    if (c === 'S') switches.push(i);
  });
  g.layout = { w, h: rows.length, switches };
  g.state = { cells, agent, keys: 0, won: false };
  return g;
}

describe('grid world', () => {
  it('pushes boxes, and not into walls', () => {
    const g = grid(['A.B.#']);
    const before = g.step('move(left)');
    expect(before.info.lastActionError).toBe('move(left): a wall is in the way');
    g.step('move(right)');
    const r = g.step('move(right)');
    expect(r.obs.text).toBe("[1] row '. . A B #'\n[2] status 'keys 0'");
    expect(g.step('move(right)').info.lastActionError).toBe('move(right): the box cannot move there');
    expect(before.obs.text).toBe("[1] row 'A . B . #'\n[2] status 'keys 0'"); // an old observation is a snapshot
  });

  it('opens a door with a key, and not without', () => {
    expect(grid(['AD.E']).step('move(right)').info.lastActionError).toBe('move(right): the door is locked and you have no key');
    const g = grid(['AKDE']);
    expect(g.step('move(right)').obs.text).toContain("status 'keys 1'");
    const opened = g.step('move(right)');
    expect(opened.obs.text).toBe("[1] row '. . A E'\n[2] status 'keys 0'");
    expect(g.step('move(right)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
  });

  it('opens the gate while a box holds the switch down', () => {
    const g = grid(['ABS##', '...GE']);
    const closed = g.clone();
    closed.step('move(down)');
    closed.step('move(right)');
    closed.step('move(right)');
    expect(closed.step('move(right)').info.lastActionError).toBe('move(right): the gate is closed until every switch holds a box');
    const pushed = g.step('move(right)');
    expect(pushed.obs.text).toContain("row '. A B # #'\n[2] row '. . . O E'");
    expect(pushed.info.progress).toBeGreaterThan(0);
    for (const a of ['move(down)', 'move(right)', 'move(right)']) g.step(a);
    expect(g.step('move(right)')).toMatchObject({ terminated: true, reward: 1 });
  });

  it('accepts spelled-out forms of move and rejects other directions', () => {
    const g = grid(['A..E']);
    expect(g.step('move( "right" )').info.lastActionError).toBeUndefined();
    expect(g.step('move(sideways)').info.lastActionError).toBe('move(sideways): direction must be up, down, left or right');
  });

  it('solve() finds the shortest plan, and null when a box is stuck', () => {
    const g = grid(['AKD.E']);
    expect(solve(g.layout, g.state)).toEqual([3, 3, 3, 3]);
    const stuck = grid(['#S#', '.B.', 'A..', '..G', '##E']);
    stuck.state.cells[1 * 3 + 1] = FLOOR;
    stuck.state.cells[0 * 3 + 0] = FLOOR | BOX; // the box sits in a corner: the switch can never be pressed
    expect(solve(stuck.layout, stuck.state)).toBeNull();
  });

  it('shares the cells between plain moves and copies them only on change', () => {
    const g = grid(['A.......']);
    const cells = g.state.cells;
    g.step('move(right)');
    expect(g.state.cells).toBe(cells); // plain moves share the cells (copy on write only when they change)
  });
});

describe('plainObservation', () => {
  it('survives structured cloning where a lazy observation would lose its text', () => {
    const obs = new GridWorld().reset({ seed: 0 }).obs;
    const copy = structuredClone(plainObservation(obs));
    expect(copy.text).toBe(obs.text);
    expect(copy.elements).toEqual(obs.elements);
  });
});
