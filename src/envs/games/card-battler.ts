// card-battler: a Slay the Spire style run (rules in battle.ts) as an Env. Actions: play(k) plays hand card k,
// end() ends the turn, pick(k) takes reward card k between fights. The goal names the run's enemies and the two
// cards its deck adds; that pair decides the run's split, so a test run never comes up in train.

import type { ActionSignature, Env, EnvSpec, ResetArgs, ResetResult, StepInfo, StepResult, UiElement } from '../api';
import { parseAction } from '../action';
import { LazyObservation } from '../observation';
import { levelTable } from '../levels';
import { intOption, resolveOptions } from '../options';
import { poolsOf } from '../split';
import { Rng } from '../../core/rng';
import { Battle, intentText, type BattleState, type Enemy, type Fighter } from './battle';
import { ENEMIES, REWARDS, STARTER_DECK, card, cardText, tierOf } from './cards';
import { expertMove } from './card-expert';

export const CARD_ACTIONS: readonly ActionSignature[] = [
  { verb: 'play', args: ['int'], target: 'card' },
  { verb: 'end', args: [], target: 'button' },
  { verb: 'pick', args: ['int'], target: 'reward' },
];

const BATTLER_OPTIONS = [
  intOption('fights', 'fights in the run (the last against a boss from 3 on)', 3, 1, 4),
  intOption('hp', "the player's starting and maximum hp (below 50 even the expert loses runs often)", 60, 50, 120),
];

/** Enemy tiers of a run of n fights: the first is tier 1, the last a boss once there are three or more. */
function tiersOf(fights: number): number[] {
  return [[1], [1, 2], [1, 2, 3], [1, 2, 2, 3]][fights - 1];
}

/** The run's enemies (distinct within a tier) and the two cards added to the starter deck. */
function drawRun(rng: Rng, fights: number): { lineup: number[]; bonus: string[] } {
  const lineup: number[] = [];
  for (const tier of tiersOf(fights)) lineup.push(rng.pick(tierOf(tier).filter((k) => !lineup.includes(k))));
  const bonus = rng.shuffle(REWARDS).slice(0, 2).sort();
  return { lineup, bonus };
}

function goalOf(lineup: number[], bonus: string[]): string {
  return `Win ${lineup.length} fight${lineup.length > 1 ? 's' : ''}: ${lineup.map((k) => ENEMIES[k].name).join(', ')}. Your deck adds ${bonus[0]} and ${bonus[1]}.`;
}

/** ' name value' when the value is not zero. */
const shown = (name: string, value: number): string => (value ? ` ${name} ${value}` : '');

/** A fighter's weak, vulnerable, strength and block, each only when non-zero. */
function statuses(f: Fighter): string {
  return shown('weak', f.weak) + shown('vulnerable', f.vulnerable) + shown('strength', f.strength) + shown('block', f.block);
}

/** An enemy's poison and powers: ritual (strength each turn), enrage (strength at your non-attacks), thorns. */
function powers(e: Enemy): string {
  const def = ENEMIES[e.kind];
  return shown('poison', e.poison) + shown('ritual', e.ritual) + shown('enrage', def.enrage ?? 0) + shown('thorns', def.thorns ?? 0);
}

export class CardBattler implements Env {
  readonly id = 'card-battler';
  readonly maxTurns = 200;
  goal = '';
  turn = 0;
  battle!: Battle;
  /** Why the last action failed (BrowserGym's last_action_error), shown as the observation's last line until an action succeeds. */
  lastError: string | undefined;

  /** The run's state, for renderers and the expert. */
  get s(): BattleState {
    return this.battle.s;
  }

  reset({ seed, options, split }: ResetArgs): ResetResult {
    const o = resolveOptions(this.id, BATTLER_OPTIONS, options);
    const rng = Rng.fromSeed(seed).split(this.id);
    let run = { lineup: [] as number[], bonus: [] as string[] };
    this.goal = poolsOf(split).draw(() => {
      run = drawRun(rng, o.fights as number);
      return goalOf(run.lineup, run.bonus);
    });
    this.battle = Battle.start(rng, run.lineup, [...STARTER_DECK, ...run.bonus], o.hp as number);
    this.turn = 0;
    this.lastError = undefined;
    return { obs: this.observe(), info: this.info(undefined) };
  }

  step(action: string): StepResult {
    let error: string | undefined;
    const b = this.battle;
    if (b.s.phase === 'won' || b.s.phase === 'lost' || this.turn >= this.maxTurns) error = 'the episode is over; call reset()';
    else {
      this.turn++;
      const c = parseAction(action, CARD_ACTIONS);
      if (!c.ok) error = c.error;
      else if (c.verb === 'end') error = b.endTurn();
      else if (c.verb === 'play') error = b.play(c.args[0] as number);
      else error = b.pick(c.args[0] as number);
    }
    this.lastError = error;
    const success = b.s.phase === 'won';
    const terminated = success || b.s.phase === 'lost';
    return { obs: this.observe(), reward: success ? 1 : 0, terminated, truncated: !terminated && this.turn >= this.maxTurns, info: this.info(error) };
  }

  private info(error: string | undefined): StepInfo {
    const s = this.s;
    const won = s.phase === 'won';
    // 1 at a reward, where winFight has left the enemy at 0 hp; a lost run's enemy may be below 0 (thorns).
    const fightPart = 1 - Math.max(0, s.enemy.hp) / s.enemy.maxHp;
    const info: StepInfo = { success: won, progress: won ? 1 : (0.9 * (s.fight + fightPart)) / s.lineup.length, turn: this.turn };
    if (error !== undefined) info.lastActionError = error;
    return info;
  }

  /** In a fight, hand cards are elements 1..n, so play(k) names card k; then End turn, the enemy, its intent, you,
   * the piles. At a reward, the choices are 1..3, so pick(k) names choice k. After a failed action, a last element
   * `error` holds its message: a wasted turn leaves the state as it was, and without it the policy could not tell. */
  private observe(): LazyObservation {
    const s = this.s;
    const p = s.player;
    const e = s.enemy;
    const fight = `fight ${s.fight + 1} of ${s.lineup.length}`;
    const you: UiElement = { id: 0, role: 'player', name: 'You', value: `hp ${p.hp}/${p.maxHp}` };
    let els: UiElement[];
    if (s.phase === 'reward') {
      els = s.offer.map((name) => ({ id: 0, role: 'reward', name, value: cardText(card(name)) }));
      els.push(you, { id: 0, role: 'text', name: `won ${fight}, next ${ENEMIES[s.lineup[s.fight + 1]].name}: pick a card` });
    } else {
      els = s.hand.map((name) => ({ id: 0, role: 'card', name, value: cardText(card(name)), state: { disabled: card(name).cost > p.energy } }));
      els.push({ id: 0, role: 'button', name: 'End turn' });
      els.push({ id: 0, role: 'enemy', name: ENEMIES[e.kind].name, value: `hp ${Math.max(0, e.hp)}${statuses(e)}${powers(e)}` });
      if (s.phase === 'fight') els.push({ id: 0, role: 'intent', name: intentText(s) });
      you.value += `${statuses(p)}${shown('poison each turn', p.fumes)}${shown('strength each turn', p.demon)} energy ${p.energy}/${p.maxEnergy}`;
      els.push(you, { id: 0, role: 'text', name: `${fight}, draw ${s.draw.length} discard ${s.discard.length}` });
    }
    if (this.lastError !== undefined) els.push({ id: 0, role: 'error', name: this.lastError });
    els.forEach((el, i) => (el.id = i + 1));
    return new LazyObservation(els);
  }

  clone(): CardBattler {
    const c = new CardBattler();
    c.goal = this.goal;
    c.turn = this.turn;
    c.lastError = this.lastError;
    c.battle = this.battle.clone();
    return c;
  }
}

export const cardBattlerSpec: EnvSpec = {
  id: 'card-battler',
  suite: 'game',
  family: 'card-battler',
  description: 'A Slay the Spire style run: play cards with energy to attack, block, poison and debuff against enemies whose intents you read; pick a card after each fight.',
  maxTurns: 200,
  options: BATTLER_OPTIONS,
  /** One fight (a tier-1 enemy), two, the default run of three ending with a boss, four. */
  levels: levelTable(BATTLER_OPTIONS, [{ fights: 1 }, { fights: 2 }, { fights: 3 }, { fights: 4 }]),
  miniwob: null,
  /** A run can be lost: the planner wins about 0.94 of test runs at default options. */
  expertFloor: 0.8,
  actions: CARD_ACTIONS,
  create: () => new CardBattler(),
  expert(env: Env): string {
    if (!(env instanceof CardBattler)) throw new Error('card-battler expert: not a card-battler environment');
    return expertMove(env.battle);
  },
};
