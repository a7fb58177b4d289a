// The card battler's expert, a planner. In a fight it tries every order of plays the hand allows (energy, draws),
// carries out the enemy's shown intent after each, searches the next turn for the most promising few, and scores the
// end states by finishing the fight with a quick greedy rule on a copy; it plays the best plan's first card. It reads
// the hidden draw pile, as an expert may. At a reward it plays the next fight out a few times with each choice
// (fresh shuffles, not the real ones) and picks the card that keeps the most hp.
// Its steps are exported for test/envs/card-expert-edges.test.ts.

import { Rng } from '../../core/rng';
import { Battle, cardHit, intentHit, intentOf, type BattleState } from './battle';
import { ENEMIES, card, type CardDef } from './cards';

/** Turns searched ahead; end states of the first turn expanded into the second; plays orders tried per turn. */
const DEPTH = 2;
const WIDTH = 5;
const MAX_NODES = 600;
/** Sampled playouts of the next fight per reward choice. */
const PICK_PLAYOUTS = 8;

/** The incoming damage of the enemy's intent, after the player's block. */
export function incoming(s: BattleState): number {
  const i = intentOf(s.enemy);
  return Math.max(0, intentHit(s) * (i.hits ?? 1) - s.player.block);
}

/** What a card is worth now to the greedy rule, per energy it costs. */
export function worth(c: CardDef, s: BattleState, need: number): number {
  const e = s.enemy;
  const def = ENEMIES[e.kind];
  const dmg = cardHit(s, c.name) * (c.hits ?? 1);
  if (dmg > 0 && dmg >= e.hp + e.block) return 1000; // lethal
  if (c.cost === 0 && (c.energy || c.draw)) return 500;
  let v = Math.max(0, dmg - e.block) + (c.draw ?? 0) * 3 + (c.energy ?? 0) * 4;
  if (c.block) v += Math.min(c.block, need) * 1.2;
  if (c.vulnerable && e.vulnerable === 0) v += 8;
  if (c.weak && e.weak === 0 && intentOf(e).attack) v += 5;
  if (c.poison) v += c.poison * 1.5;
  if (c.catalyst) v += e.poison * 1.5;
  if (c.strength || c.demon) v += 12;
  if (c.fumes) v += 10;
  if (c.loseHp) v -= c.loseHp;
  if (def.enrage && !c.damage) v -= def.enrage * 3;
  if (def.thorns && c.damage) v -= def.thorns * (c.hits ?? 1);
  if (c.name === 'Slimed') v = 0.5;
  return v / Math.max(1, c.cost);
}

/** The greedy rule's card: the best worth above zero among those it can pay for; 0 means end the turn. */
export function greedyPick(s: BattleState): number {
  const need = incoming(s);
  let best = 0;
  let bestWorth = 0;
  for (let k = 1; k <= s.hand.length; k++) {
    const c = card(s.hand[k - 1]);
    if (c.cost > s.player.energy) continue;
    const w = worth(c, s, need);
    if (w > bestWorth) [best, bestWorth] = [k, w];
  }
  return best;
}

/** A fight that is over: the hp kept; a lost run scores below any won fight, less so the closer it came. */
export function endScore(s: BattleState): number {
  return s.phase === 'lost' ? -1000 - s.enemy.hp : s.player.hp;
}

/** Plays the fight to its end with the greedy rule (changing b) and scores the end. Plays and end() never move on to
 * the next fight (only pick does), so the fight ends when the phase leaves 'fight'. */
export function playout(b: Battle): number {
  const s = b.s;
  for (let guard = 0; guard < 400 && s.phase === 'fight'; guard++) {
    const k = greedyPick(s);
    if (k === 0) b.endTurn();
    else b.play(k);
  }
  return endScore(s);
}

/** What makes two orders of plays equivalent at the end of them (the hand as a multiset). */
export function transposition(s: BattleState): string {
  const p = s.player;
  const e = s.enemy;
  // Stryker disable next-line StringLiteral: names start with a capital and a capital inside one follows a space, so the hand reads apart without commas too
  const hand = s.hand.slice().sort().join(',');
  return `${s.phase}|${hand}|${p.energy}|${p.hp}|${p.block}|${p.strength}|${p.fumes}|${p.demon}|${e.hp}|${e.block}|${e.poison}|${e.weak}|${e.vulnerable}|${e.strength}|${s.draw.length}`;
}

export interface Leaf {
  path: string[];
  after: Battle; // the state once the turn is over (the enemy has acted), or once the fight ended
}

/** Every distinct way to play out this turn: orders of plays the energy allows, each followed by end(). */
export function turnLeaves(root: Battle): Leaf[] {
  const seen = new Set<string>();
  const out: Leaf[] = [];
  const visit = (b: Battle, path: string[]): void => {
    const s = b.s;
    if (s.phase !== 'fight') {
      out.push({ path, after: b });
      return;
    }
    const ended = b.clone();
    ended.endTurn();
    out.push({ path: [...path, 'end()'], after: ended });
    const tried = new Set<string>();
    for (let k = 1; k <= s.hand.length && seen.size < MAX_NODES; k++) {
      const name = s.hand[k - 1];
      if (tried.has(name) || card(name).cost > s.player.energy) continue;
      tried.add(name);
      const next = b.clone();
      next.play(k);
      const key = transposition(next.s);
      if (seen.has(key)) continue;
      seen.add(key);
      visit(next, [...path, `play(${k})`]);
    }
  };
  visit(root.clone(), []);
  return out;
}

/** Scores of turn end states: a greedy playout each, then the best WIDTH searched one turn deeper. */
export function leafScores(leaves: Leaf[], depth: number): number[] {
  const live = (l: Leaf) => l.after.s.phase === 'fight';
  const scores = leaves.map((l) => (live(l) ? playout(l.after.clone()) : endScore(l.after.s)));
  if (depth <= 1) return scores;
  const order = leaves.map((_, i) => i).filter((i) => live(leaves[i])).sort((a, b) => scores[b] - scores[a]);
  for (const i of order.slice(0, WIDTH)) scores[i] = Math.max(...leafScores(turnLeaves(leaves[i].after), depth - 1));
  return scores;
}

/** The best sequence of plays for this turn, ending with end() unless the fight ends first; ties go to shorter. */
export function planTurn(root: Battle): string[] {
  const leaves = turnLeaves(root);
  const scores = leafScores(leaves, DEPTH);
  let best = 0;
  // Stryker disable next-line EqualityOperator: one past the end, scores[i] is undefined, neither above nor equal to a score
  for (let i = 1; i < leaves.length; i++) {
    if (scores[i] > scores[best] || (scores[i] === scores[best] && leaves[i].path.length < leaves[best].path.length)) best = i;
  }
  return leaves[best].path;
}

/** The reward choice whose sampled playouts of the next fight keep the most hp on average. */
export function pickReward(b: Battle): number {
  let best = 1;
  let bestScore = -Infinity;
  for (let k = 1; k <= b.s.offer.length; k++) {
    let score = 0;
    for (let m = 0; m < PICK_PLAYOUTS; m++) {
      const sim = b.clone();
      sim.rng = new Rng(`${b.rng.key}/pick/${b.s.fight}/${m}`); // the same fresh shuffles for every choice
      sim.pick(k);
      score += playout(sim);
    }
    if (score > bestScore) [best, bestScore] = [k, score];
  }
  return best;
}

/** A state in the middle of a turn, to check a stored plan still applies. */
export function signature(s: BattleState): string {
  const p = s.player;
  const e = s.enemy;
  // Stryker disable next-line StringLiteral: names start with a capital and a capital inside one follows a space, so the hand reads apart without commas too
  const hand = s.hand.join(',');
  return `${s.phase}|${s.fight}|${hand}|${p.energy}|${p.hp}|${p.block}|${e.hp}|${e.block}|${e.step}|${s.draw.length}|${s.discard.length}`;
}

/** The rest of this turn's plan for a run, with the state expected before each action. */
const plans = new WeakMap<Battle, { at: string[]; actions: string[] }>();

/** The expert's next action for a run in progress. */
export function expertMove(b: Battle): string {
  const s = b.s;
  if (s.phase === 'reward') return `pick(${pickReward(b)})`;
  if (s.phase !== 'fight') return 'end()';
  let plan = plans.get(b);
  if (!plan || plan.at[0] !== signature(s)) {
    const actions = planTurn(b);
    const at: string[] = [];
    const sim = b.clone();
    for (const a of actions) {
      at.push(signature(sim.s));
      // Stryker disable next-line StringLiteral: end() is a plan's last action, so nothing reads the state after it
      if (a === 'end()') sim.endTurn();
      else sim.play(Number(a.slice(5, -1)));
    }
    plan = { at, actions };
    plans.set(b, plan);
  }
  plan.at.shift();
  return plan.actions.shift() as string;
}
