// The card battler's rules, apart from the Env wrapper so the expert can search on cheap copies: a run of fights
// against a lineup of enemies, energy, draw/discard/exhaust piles, block, strength, weak, vulnerable, poison, powers,
// enemy intents that are carried out exactly as shown, and a card reward between fights.

import { Rng } from '../../core/rng';
import { ENEMIES, REWARDS, card, damage, type Intent } from './cards';

export interface Fighter {
  hp: number;
  maxHp: number;
  block: number;
  weak: number;
  vulnerable: number;
  strength: number;
}

export interface Player extends Fighter {
  energy: number;
  maxEnergy: number;
  fumes: number; // poison given to the enemy at the start of each turn
  demon: number; // strength gained at the start of each turn
}

export interface Enemy extends Fighter {
  kind: number; // index into ENEMIES
  step: number; // turns taken this fight
  offset: number; // where in its loop the fight started
  poison: number;
  ritual: number;
}

/** fight: cards can be played; reward: a card must be picked; won and lost end the run. */
export type Phase = 'fight' | 'reward' | 'won' | 'lost';

export interface BattleState {
  phase: Phase;
  fight: number; // 0-based index into lineup
  lineup: number[]; // the run's enemies, one per fight
  player: Player;
  enemy: Enemy;
  deck: string[]; // the run's deck; each fight shuffles a copy into the draw pile
  draw: string[]; // drawn from the end
  hand: string[];
  discard: string[];
  exhaust: string[];
  offer: string[]; // the reward choices while phase is 'reward'
}

export const HAND_LIMIT = 10;
export const HAND_SIZE = 5;
export const OFFER_SIZE = 3;
/** Hp restored after each won fight, as a share of the maximum. */
export const HEAL_SHARE = 0.2;

/** The intent an enemy will carry out at the end of the player's turn. */
export function intentOf(e: Enemy): Intent {
  const def = ENEMIES[e.kind];
  const opening = def.opening ?? [];
  return e.step < opening.length ? opening[e.step] : def.loop[(e.step - opening.length + e.offset) % def.loop.length];
}

/** Damage of one hit of the intent's attack as it will land: strength, weak and vulnerable applied. */
export function intentHit(s: BattleState): number {
  const i = intentOf(s.enemy);
  return i.attack ? damage(i.attack, s.enemy.strength, s.enemy.weak > 0, s.player.vulnerable > 0) : 0;
}

/** 'attack 7 x 2, block 5, weak 1 on you': the intent as shown, attack damage as it will land. */
export function intentText(s: BattleState): string {
  const i = intentOf(s.enemy);
  const parts: string[] = [];
  if (i.attack) parts.push(`attack ${intentHit(s)}${i.hits ? ` x ${i.hits}` : ''}`);
  if (i.block) parts.push(`block ${i.block}`);
  if (i.strength) parts.push(`strength ${i.strength}`);
  if (i.ritual) parts.push(`ritual ${i.ritual}`);
  if (i.weak) parts.push(`weak ${i.weak} on you`);
  if (i.vulnerable) parts.push(`vulnerable ${i.vulnerable} on you`);
  if (i.slimed) parts.push(`slimed ${i.slimed} on you`);
  return parts.length ? parts.join(', ') : 'wait';
}

/** Deals damage to a fighter through its block. */
function hit(target: Fighter, amount: number): void {
  const absorbed = Math.min(target.block, amount);
  target.block -= absorbed;
  target.hp -= amount - absorbed;
}

/** Damage one hit of card `name` would deal to the enemy now, before its block. */
export function cardHit(s: BattleState, name: string): number {
  const c = card(name);
  if (!c.damage) return 0;
  return damage(c.damage, s.player.strength * (c.heavy ?? 1), s.player.weak > 0, s.enemy.vulnerable > 0);
}

/** A run in progress: the state and the random stream that shuffles and draws rewards. */
export class Battle {
  constructor(
    public s: BattleState,
    public rng: Rng,
  ) {}

  /** A new run against `lineup` with `deck`, at the start of its first fight. */
  static start(rng: Rng, lineup: number[], deck: string[], hp: number): Battle {
    const fighter = { hp, maxHp: hp, block: 0, weak: 0, vulnerable: 0, strength: 0 };
    const b = new Battle(
      {
        phase: 'fight', fight: 0, lineup,
        player: { ...fighter, energy: 0, maxEnergy: 3, fumes: 0, demon: 0 },
        enemy: { ...fighter, kind: lineup[0], step: 0, offset: 0, poison: 0, ritual: 0 },
        // Stryker disable next-line ArrayDeclaration: startFight replaces these four piles before anything reads them
        deck, draw: [], hand: [], discard: [], exhaust: [],
        offer: [],
      },
      rng,
    );
    b.startFight();
    return b;
  }

  private startFight(): void {
    const s = this.s;
    const kind = s.lineup[s.fight];
    const def = ENEMIES[kind];
    const hp = this.rng.range(def.hp[0], def.hp[1]);
    const offset = def.opening ? 0 : this.rng.int(def.loop.length);
    s.enemy = { hp, maxHp: hp, block: 0, weak: 0, vulnerable: 0, strength: 0, kind, step: 0, offset, poison: 0, ritual: 0 };
    Object.assign(s.player, { block: 0, weak: 0, vulnerable: 0, strength: 0, fumes: 0, demon: 0 });
    s.phase = 'fight';
    s.draw = this.rng.shuffle(s.deck);
    s.hand = [];
    s.discard = [];
    s.exhaust = [];
    this.startTurn();
  }

  private startTurn(): void {
    const p = this.s.player;
    p.block = 0;
    p.energy = p.maxEnergy;
    this.s.enemy.poison += p.fumes;
    p.strength += p.demon;
    this.drawCards(HAND_SIZE);
  }

  private drawCards(n: number): void {
    const s = this.s;
    for (let k = 0; k < n && s.hand.length < HAND_LIMIT; k++) {
      if (s.draw.length === 0) {
        if (s.discard.length === 0) return;
        s.draw = this.rng.shuffle(s.discard);
        s.discard = [];
      }
      s.hand.push(s.draw.pop() as string);
    }
  }

  /** Plays hand card k (1-based); returns what was wrong, if anything. */
  play(k: number): string | undefined {
    const s = this.s;
    if (s.phase !== 'fight') return `play(${k}): no fight now; pick a reward card with pick(k)`;
    const name = s.hand[k - 1];
    if (name === undefined) return `play(${k}): no card ${k} in hand (hand has ${s.hand.length})`;
    const c = card(name);
    const p = s.player;
    const e = s.enemy;
    if (c.cost > p.energy) return `play(${k}): ${name} costs ${c.cost} but you have ${p.energy} energy`;
    p.energy -= c.cost;
    s.hand.splice(k - 1, 1);
    (c.exhaust || c.power ? s.exhaust : s.discard).push(name);
    if (c.loseHp) p.hp -= c.loseHp;
    const def = ENEMIES[e.kind];
    if (c.damage) {
      const each = cardHit(s, name);
      for (let h = 0; h < (c.hits ?? 1) && e.hp > 0; h++) {
        hit(e, each);
        if (def.thorns) hit(p, def.thorns);
      }
    } else if (def.enrage) e.strength += def.enrage;
    if (c.block) p.block += c.block;
    if (c.vulnerable) e.vulnerable += c.vulnerable;
    if (c.weak) e.weak += c.weak;
    if (c.poison) e.poison += c.poison;
    if (c.catalyst) e.poison *= 2;
    if (c.strength) p.strength += c.strength;
    if (c.fumes) p.fumes += c.fumes;
    if (c.demon) p.demon += c.demon;
    if (c.energy) p.energy += c.energy;
    if (c.draw) this.drawCards(c.draw);
    if (p.hp <= 0) this.lose();
    else if (e.hp <= 0) this.winFight();
    return undefined;
  }

  /** Ends the player's turn: the enemy's turn (poison, then its intent exactly as shown), the end of the round
   * (weak and vulnerable tick down), then the player's next turn. */
  endTurn(): string | undefined {
    const s = this.s;
    if (s.phase !== 'fight') return 'end(): no fight now; pick a reward card with pick(k)';
    const p = s.player;
    const e = s.enemy;
    s.discard.push(...s.hand);
    s.hand = [];
    if (e.poison > 0) {
      e.hp -= e.poison;
      e.poison--;
      if (e.hp <= 0) {
        this.winFight();
        return undefined;
      }
    }
    e.block = 0;
    const i = intentOf(e);
    const each = intentHit(s);
    for (let h = 0; h < (i.hits ?? 1) && i.attack; h++) hit(p, each);
    if (i.block) e.block += i.block;
    if (i.strength) e.strength += i.strength;
    e.strength += e.ritual;
    if (i.ritual) e.ritual += i.ritual;
    for (let n = 0; n < (i.slimed ?? 0); n++) s.discard.push('Slimed');
    // The end of the round: debuffs tick down, except those the enemy has just applied.
    if (p.weak) p.weak--;
    if (p.vulnerable) p.vulnerable--;
    if (e.weak) e.weak--;
    if (e.vulnerable) e.vulnerable--;
    if (i.weak) p.weak += i.weak;
    if (i.vulnerable) p.vulnerable += i.vulnerable;
    e.step++;
    if (p.hp <= 0) this.lose();
    else this.startTurn();
    return undefined;
  }

  /** Takes reward card k (1-based) into the deck and starts the next fight. */
  pick(k: number): string | undefined {
    const s = this.s;
    if (s.phase !== 'reward') return `pick(${k}): no reward to pick now; play a card or end the turn`;
    const name = s.offer[k - 1];
    if (name === undefined) return `pick(${k}): no choice ${k} (there are ${s.offer.length})`;
    s.deck.push(name);
    s.offer = [];
    s.fight++;
    this.startFight();
    return undefined;
  }

  private winFight(): void {
    const s = this.s;
    s.enemy.hp = Math.max(0, s.enemy.hp);
    s.hand = [];
    if (s.fight + 1 >= s.lineup.length) {
      s.phase = 'won';
      return;
    }
    s.phase = 'reward';
    s.offer = this.rng.shuffle(REWARDS).slice(0, OFFER_SIZE);
    const p = s.player;
    p.hp = Math.min(p.maxHp, p.hp + Math.round(HEAL_SHARE * p.maxHp));
  }

  private lose(): void {
    this.s.player.hp = 0;
    this.s.phase = 'lost';
  }

  /** An independent copy (the random stream included). */
  clone(): Battle {
    const s = this.s;
    const copy: BattleState = {
      phase: s.phase, fight: s.fight, lineup: s.lineup,
      player: { ...s.player }, enemy: { ...s.enemy },
      deck: s.deck.slice(), draw: s.draw.slice(), hand: s.hand.slice(), discard: s.discard.slice(), exhaust: s.exhaust.slice(), offer: s.offer.slice(),
    };
    const rng = new Rng(this.rng.key);
    rng.setState(this.rng.getState());
    return new Battle(copy, rng);
  }
}

/** Every action that changes the state: affordable plays and end() in a fight, each pick(k) at a reward. */
export function legalActions(s: BattleState): string[] {
  if (s.phase === 'reward') return s.offer.map((_, i) => `pick(${i + 1})`);
  if (s.phase !== 'fight') return [];
  const out: string[] = [];
  for (let k = 1; k <= s.hand.length; k++) if (card(s.hand[k - 1]).cost <= s.player.energy) out.push(`play(${k})`);
  out.push('end()');
  return out;
}
