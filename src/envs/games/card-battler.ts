// card-battler: a run of fights in the spirit of Slay the Spire: energy, draw and discard piles, a hand,
// block, vulnerable and weak, enemies with visible intents. Actions: play(k) plays hand card k, end() ends the turn.

import type { ActionSignature, Env, EnvSpec, ResetArgs, ResetResult, StepInfo, StepResult, UiElement } from '../api';
import { parseAction } from '../action';
import { LazyObservation } from '../observation';
import { intOption, resolveOptions } from '../options';
import { Rng } from '../../core/rng';
import { CARDS, ENEMIES, REWARDS, STARTER_DECK, card, cardText, damage, type Intent } from './cards';

export const CARD_ACTIONS: readonly ActionSignature[] = [
  { verb: 'play', args: ['int'] },
  { verb: 'end', args: [] },
];

export interface Fighter {
  hp: number;
  maxHp: number;
  block: number;
  weak: number;
  vulnerable: number;
  strength: number;
}

export interface BattleState {
  fight: number; // 0-based
  fights: number;
  player: Fighter & { energy: number; maxEnergy: number };
  enemy: Fighter & { kind: number; step: number };
  deck: string[];
  draw: string[];
  hand: string[];
  discard: string[];
  outcome: 'running' | 'success' | 'failure';
  log: string; // what the enemy did last, or the reward found
}

const HAND_LIMIT = 10;

export function intentOf(s: BattleState): Intent {
  const p = ENEMIES[s.enemy.kind].pattern;
  return p[s.enemy.step % p.length];
}

/** The intent as shown: attack damage already adjusted for strength, weak and vulnerable. */
export function intentText(s: BattleState): string {
  const i = intentOf(s);
  const parts: string[] = [];
  if (i.attack) parts.push(`attack ${damage(i.attack, s.enemy.strength, s.enemy.weak > 0, s.player.vulnerable > 0)}${i.hits ? ` x ${i.hits}` : ''}`);
  if (i.block) parts.push(`block ${i.block}`);
  if (i.weak) parts.push(`weak ${i.weak}`);
  if (i.vulnerable) parts.push(`vulnerable ${i.vulnerable}`);
  if (i.strength) parts.push(`strength ${i.strength}`);
  return parts.join(' ');
}

function statuses(f: Fighter): string {
  return `${f.weak ? ` weak ${f.weak}` : ''}${f.vulnerable ? ` vulnerable ${f.vulnerable}` : ''}${f.strength ? ` strength ${f.strength}` : ''}`;
}

/** Deals an attack to a fighter through its block. */
function hit(target: Fighter, amount: number): void {
  const absorbed = Math.min(target.block, amount);
  target.block -= absorbed;
  target.hp -= amount - absorbed;
}

export class CardBattler implements Env {
  readonly id = 'card-battler';
  readonly maxTurns = 200;
  goal = '';
  turn = 0;
  s!: BattleState;
  private rng = new Rng('card-battler');

  reset({ seed, options }: ResetArgs): ResetResult {
    const o = resolveOptions(this.id, BATTLER_OPTIONS, options);
    this.rng = Rng.fromSeed(seed).split(this.id);
    const fights = o.fights as number;
    const deck = [...STARTER_DECK, this.rng.pick(REWARDS), this.rng.pick(REWARDS)];
    this.s = {
      fight: 0, fights,
      player: { hp: o.hp as number, maxHp: o.hp as number, block: 0, weak: 0, vulnerable: 0, strength: 0, energy: 3, maxEnergy: 3 },
      enemy: { hp: 0, maxHp: 0, block: 0, weak: 0, vulnerable: 0, strength: 0, kind: 0, step: 0 },
      deck, draw: [], hand: [], discard: [], outcome: 'running', log: '',
    };
    this.goal = `Win ${fights} fights in a row.`;
    this.turn = 0;
    this.startFight();
    return { obs: this.observe(), info: this.info(undefined) };
  }

  private startFight(): void {
    const s = this.s;
    const kind = this.rng.int(ENEMIES.length);
    const def = ENEMIES[kind];
    const hp = this.rng.range(def.hp[0], def.hp[1]) + 4 * s.fight;
    s.enemy = { hp, maxHp: hp, block: 0, weak: 0, vulnerable: 0, strength: 0, kind, step: this.rng.int(def.pattern.length) };
    Object.assign(s.player, { block: 0, weak: 0, vulnerable: 0, strength: 0 });
    s.draw = this.rng.shuffle(s.deck);
    s.hand = [];
    s.discard = [];
    this.startTurn();
  }

  private startTurn(): void {
    this.s.player.block = 0;
    this.s.player.energy = this.s.player.maxEnergy;
    this.drawCards(5);
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

  private play(k: number): string | undefined {
    const s = this.s;
    const name = s.hand[k - 1];
    if (name === undefined) return `play(${k}): no card ${k} in hand (hand has ${s.hand.length})`;
    const c = card(name);
    if (c.cost > s.player.energy) return `play(${k}): ${name} costs ${c.cost} but you have ${s.player.energy} energy`;
    s.player.energy -= c.cost;
    s.hand.splice(k - 1, 1);
    s.discard.push(name);
    const p = s.player;
    const e = s.enemy;
    if (c.block) p.block += c.block;
    if (c.damage) hit(e, damage(c.damage, p.strength, p.weak > 0, e.vulnerable > 0));
    if (c.vulnerable) e.vulnerable += c.vulnerable;
    if (c.weak) e.weak += c.weak;
    if (c.strength) p.strength += c.strength;
    if (c.energy) p.energy += c.energy;
    if (c.draw) this.drawCards(c.draw);
    s.log = '';
    if (e.hp <= 0) this.winFight();
    return undefined;
  }

  private winFight(): void {
    const s = this.s;
    if (s.fight + 1 >= s.fights) {
      s.outcome = 'success';
      return;
    }
    const reward = this.rng.pick(REWARDS);
    s.deck.push(reward);
    s.player.hp = Math.min(s.player.maxHp, s.player.hp + 10);
    s.fight++;
    this.startFight();
    s.log = `won, found ${reward}`;
  }

  private endTurn(): void {
    const s = this.s;
    const p = s.player;
    const e = s.enemy;
    s.discard.push(...s.hand);
    s.hand = [];
    if (p.weak) p.weak--;
    if (p.vulnerable) p.vulnerable--;
    // The enemy's turn: its block lapses, it carries out its intent, its debuffs tick down.
    e.block = 0;
    const i = intentOf(s);
    s.log = `${ENEMIES[e.kind].name} did ${intentText(s)}`;
    if (i.attack) for (let h = 0; h < (i.hits ?? 1); h++) hit(p, damage(i.attack, e.strength, e.weak > 0, p.vulnerable > 0));
    if (i.block) e.block += i.block;
    if (i.weak) p.weak += i.weak;
    if (i.vulnerable) p.vulnerable += i.vulnerable;
    if (i.strength) e.strength += i.strength;
    if (e.weak) e.weak--;
    if (e.vulnerable) e.vulnerable--;
    e.step++;
    if (p.hp <= 0) {
      p.hp = 0;
      s.outcome = 'failure';
      return;
    }
    this.startTurn();
  }

  step(action: string): StepResult {
    let error: string | undefined;
    if (this.s.outcome !== 'running' || this.turn >= this.maxTurns) error = 'the episode is over; call reset()';
    else {
      this.turn++;
      const c = parseAction(action, CARD_ACTIONS);
      if (!c.ok) error = c.error;
      else if (c.verb === 'end') this.endTurn();
      else error = this.play(c.args[0] as number);
    }
    const success = this.s.outcome === 'success';
    const terminated = this.s.outcome !== 'running';
    return { obs: this.observe(), reward: success ? 1 : 0, terminated, truncated: !terminated && this.turn >= this.maxTurns, info: this.info(error) };
  }

  private info(error: string | undefined): StepInfo {
    const s = this.s;
    const fightPart = s.outcome === 'success' ? 1 : 1 - Math.max(0, s.enemy.hp) / s.enemy.maxHp;
    const info: StepInfo = { success: s.outcome === 'success', progress: s.outcome === 'success' ? 1 : (0.9 * (s.fight + fightPart)) / s.fights, turn: this.turn };
    if (error !== undefined) info.lastActionError = error;
    return info;
  }

  /** Hand cards are elements 1..n, so play(k) names card k; then the end button, the enemy, you, the piles. */
  private observe(): LazyObservation {
    const s = this.s;
    const els: UiElement[] = s.hand.map((name, i) => ({ id: i + 1, role: 'card', name, value: cardText(card(name)), state: { disabled: card(name).cost > s.player.energy } }));
    let id = els.length;
    els.push({ id: ++id, role: 'button', name: 'End turn' });
    const e = s.enemy;
    els.push({ id: ++id, role: 'enemy', name: ENEMIES[e.kind].name, value: `hp ${Math.max(0, e.hp)}/${e.maxHp} block ${e.block} intent ${intentText(s)}${statuses(e)}` });
    const p = s.player;
    els.push({ id: ++id, role: 'player', name: 'You', value: `hp ${p.hp}/${p.maxHp} block ${p.block} energy ${p.energy}/${p.maxEnergy}${statuses(p)}` });
    els.push({ id: ++id, role: 'text', name: `fight ${s.fight + 1} of ${s.fights} draw ${s.draw.length} discard ${s.discard.length}${s.log ? `, ${s.log}` : ''}` });
    return new LazyObservation(els);
  }

  clone(): CardBattler {
    const c = new CardBattler();
    c.goal = this.goal;
    c.turn = this.turn;
    c.s = structuredClone(this.s);
    c.rng = new Rng(this.rng.key);
    c.rng.setState(this.rng.getState());
    return c;
  }
}

const BATTLER_OPTIONS = [intOption('fights', 'fights in the run', 3, 1, 6), intOption('hp', 'the player\'s starting and maximum hp', 70, 20, 120)];

/** Damage card c would deal to the enemy now. */
function cardDamage(s: BattleState, name: string): number {
  const c = card(name);
  return c.damage ? damage(c.damage, s.player.strength, s.player.weak > 0, s.enemy.vulnerable > 0) : 0;
}

/** A greedy expert: lethal first, free cards, vulnerable, then block what is coming, then the hardest hit. */
function expertMove(s: BattleState): string {
  const p = s.player;
  const e = s.enemy;
  const playable = s.hand.map((name, i) => ({ c: card(name), k: i + 1 })).filter((x) => x.c.cost <= p.energy);
  const play = (x: { k: number }) => `play(${x.k})`;
  const lethal = playable.find((x) => cardDamage(s, x.c.name) >= e.hp + e.block);
  if (lethal) return play(lethal);
  const by = (f: (c: (typeof CARDS)[number]) => boolean) => playable.filter((x) => f(x.c));
  const free = by((c) => c.cost === 0 && (c.energy !== undefined || c.draw !== undefined));
  if (free.length) return play(free[0]);
  const intent = intentOf(s);
  const incoming = intent.attack ? damage(intent.attack, e.strength, e.weak > 0, p.vulnerable > 0) * (intent.hits ?? 1) - p.block : 0;
  const weaken = by((c) => (c.weak ?? 0) > 0 && c.cost === 0);
  if (intent.attack && e.weak === 0 && weaken.length) return play(weaken[0]);
  const expose = by((c) => (c.vulnerable ?? 0) > 0);
  if (e.vulnerable === 0 && expose.length && e.hp > 12) return play(expose[0]);
  if (incoming > 0) {
    const blocks = by((c) => (c.block ?? 0) > 0).sort((a, b) => (b.c.block ?? 0) - (a.c.block ?? 0));
    if (blocks.length) return play(blocks[0]);
  }
  const buff = by((c) => (c.strength ?? 0) > 0);
  if (buff.length && e.hp > 25) return play(buff[0]);
  const attacks = by((c) => (c.damage ?? 0) > 0).sort((a, b) => cardDamage(s, b.c.name) / Math.max(1, b.c.cost) - cardDamage(s, a.c.name) / Math.max(1, a.c.cost));
  if (attacks.length) return play(attacks[0]);
  const rest = by((c) => (c.draw ?? 0) > 0);
  if (rest.length) return play(rest[0]);
  return 'end()';
}

export const cardBattlerSpec: EnvSpec = {
  id: 'card-battler',
  suite: 'game',
  family: 'card-battler',
  description: 'A Slay the Spire style run: play cards with energy to attack, block and debuff; win every fight.',
  maxTurns: 200,
  options: BATTLER_OPTIONS,
  actions: CARD_ACTIONS,
  create: () => new CardBattler(),
  expert(env: Env): string {
    if (!(env instanceof CardBattler)) throw new Error('card-battler expert: not a card-battler environment');
    return expertMove(env.s);
  },
};
