// The card battler's content, after Slay the Spire: cards (attacks, skills, powers, one status), enemies with
// powers and intent patterns in tiers, and the damage rule. Mechanics live in battle.ts; this file is data and text.

/** What a card does when played, in the order listed. A card that deals damage is an attack. */
export interface CardDef {
  name: string;
  cost: number;
  damage?: number;
  hits?: number; // damage is dealt this many times (each through block, each with strength)
  heavy?: number; // strength counts this many times for this card's damage
  block?: number;
  vulnerable?: number; // applied to the enemy
  weak?: number; // applied to the enemy
  poison?: number; // applied to the enemy
  catalyst?: boolean; // doubles the enemy's poison
  strength?: number; // gained by the player
  fumes?: number; // power: poison this much at the start of each of your turns
  demon?: number; // power: gain this much strength at the start of each of your turns
  loseHp?: number;
  energy?: number;
  draw?: number;
  exhaust?: boolean; // removed from the fight once played
  power?: boolean; // a lasting effect; removed from the fight once played
}

export const CARDS: readonly CardDef[] = [
  { name: 'Strike', cost: 1, damage: 6 },
  { name: 'Defend', cost: 1, block: 5 },
  { name: 'Bash', cost: 2, damage: 8, vulnerable: 2 },
  { name: 'Slimed', cost: 1, exhaust: true },
  // The rewards.
  { name: 'Pommel Strike', cost: 1, damage: 9, draw: 1 },
  { name: 'Twin Strike', cost: 1, damage: 5, hits: 2 },
  { name: 'Iron Wave', cost: 1, damage: 5, block: 5 },
  { name: 'Clothesline', cost: 2, damage: 12, weak: 2 },
  { name: 'Uppercut', cost: 2, damage: 13, weak: 1, vulnerable: 1 },
  { name: 'Heavy Blade', cost: 2, damage: 14, heavy: 3 },
  { name: 'Sword Boomerang', cost: 1, damage: 3, hits: 3 },
  { name: 'Carnage', cost: 2, damage: 20 },
  { name: 'Neutralize', cost: 0, damage: 3, weak: 1 },
  { name: 'Shrug It Off', cost: 1, block: 8, draw: 1 },
  { name: 'Backflip', cost: 1, block: 5, draw: 2 },
  { name: 'Impervious', cost: 2, block: 30, exhaust: true },
  { name: 'Shockwave', cost: 2, weak: 3, vulnerable: 3, exhaust: true },
  { name: 'Deadly Poison', cost: 1, poison: 5 },
  { name: 'Bouncing Flask', cost: 2, poison: 9 },
  { name: 'Catalyst', cost: 1, catalyst: true, exhaust: true },
  { name: 'Adrenaline', cost: 0, energy: 1, draw: 2, exhaust: true },
  { name: 'Bloodletting', cost: 0, loseHp: 3, energy: 2 },
  { name: 'Inflame', cost: 1, strength: 2, power: true },
  { name: 'Noxious Fumes', cost: 1, fumes: 2, power: true },
  { name: 'Demon Form', cost: 3, demon: 2, power: true },
];

const BY_NAME = new Map(CARDS.map((c) => [c.name, c]));

export function card(name: string): CardDef {
  const c = BY_NAME.get(name);
  if (!c) throw new Error(`unknown card '${name}'`);
  return c;
}

export const STARTER_DECK: readonly string[] = ['Strike', 'Strike', 'Strike', 'Strike', 'Strike', 'Defend', 'Defend', 'Defend', 'Defend', 'Bash'];
/** Cards a run may add: two to the starting deck, and the choices after each fight. */
export const REWARDS: readonly string[] = CARDS.slice(4).map((c) => c.name);

const TEXTS = new Map(CARDS.map((c) => [c.name, [`cost ${c.cost}`, ...cardEffects(c)].join(' ')]));

/** 'cost 1 deal 6 block 5 draw 1': a card's cost and effects in the observation's words. */
export function cardText(c: CardDef): string {
  return TEXTS.get(c.name) as string;
}

/** ['deal 5 x 2', 'block 5', ...]: a card's effects in the order they apply. */
export function cardEffects(c: CardDef): string[] {
  const parts: string[] = [];
  if (c.loseHp) parts.push(`lose ${c.loseHp} hp`);
  if (c.damage) parts.push(`deal ${c.damage}${c.hits ? ` x ${c.hits}` : ''}`);
  if (c.heavy) parts.push(`strength x ${c.heavy}`);
  if (c.block) parts.push(`block ${c.block}`);
  if (c.vulnerable) parts.push(`vulnerable ${c.vulnerable}`);
  if (c.weak) parts.push(`weak ${c.weak}`);
  if (c.poison) parts.push(`poison ${c.poison}`);
  if (c.catalyst) parts.push('double poison');
  if (c.strength) parts.push(`strength ${c.strength}`);
  if (c.fumes) parts.push(`poison ${c.fumes} each turn`);
  if (c.demon) parts.push(`strength ${c.demon} each turn`);
  if (c.energy) parts.push(`energy ${c.energy}`);
  if (c.draw) parts.push(`draw ${c.draw}`);
  if (c.exhaust) parts.push('exhaust');
  return parts;
}

/** An enemy's plan for its next turn, shown to the player as its intent. */
export interface Intent {
  attack?: number;
  hits?: number;
  block?: number;
  strength?: number; // gained by the enemy
  ritual?: number; // gained by the enemy: strength at the end of each of its later turns
  weak?: number; // applied to the player
  vulnerable?: number; // applied to the player
  slimed?: number; // Slimed cards shuffled into the player's discard pile
}

export interface EnemyDef {
  name: string;
  /** 1: first fight, 2: middle fights, 3: the last fight of a full run. */
  tier: 1 | 2 | 3;
  hp: [number, number];
  /** Played once, in order, from the first turn. */
  opening?: Intent[];
  /** Then repeated; the fight starts at a random point of it unless there is an opening. */
  loop: Intent[];
  enrage?: number; // strength gained whenever the player plays a card that is not an attack
  thorns?: number; // damage the player takes for each hit they land
}

export const ENEMIES: readonly EnemyDef[] = [
  { name: 'Jaw Worm', tier: 1, hp: [40, 44], loop: [{ attack: 11 }, { attack: 7, block: 5 }, { strength: 3, block: 6 }] },
  { name: 'Cultist', tier: 1, hp: [48, 54], opening: [{ ritual: 3 }], loop: [{ attack: 6 }] },
  { name: 'Red Louse', tier: 1, hp: [26, 30], loop: [{ attack: 7 }, { attack: 7 }, { strength: 3 }] },
  { name: 'Acid Slime', tier: 1, hp: [32, 36], loop: [{ attack: 10, slimed: 1 }, { attack: 7, weak: 1 }, { attack: 10, slimed: 1 }] },
  { name: 'Gremlin Nob', tier: 2, hp: [70, 76], enrage: 2, loop: [{ attack: 14 }, { attack: 6, vulnerable: 2 }, { attack: 14 }] },
  { name: 'Blue Slaver', tier: 2, hp: [46, 50], loop: [{ attack: 12 }, { attack: 7, weak: 1 }] },
  { name: 'Spiker', tier: 2, hp: [42, 46], thorns: 3, loop: [{ attack: 9 }, { attack: 9 }, { block: 10, strength: 2 }] },
  { name: 'Sentry', tier: 2, hp: [48, 52], loop: [{ attack: 9 }, { attack: 4, hits: 3 }, { block: 12, slimed: 2 }] },
  { name: 'Guardian', tier: 3, hp: [92, 98], opening: [{ block: 9 }], loop: [{ attack: 28 }, { weak: 2, vulnerable: 2 }, { attack: 4, hits: 4 }, { block: 9 }] },
  { name: 'Slime Boss', tier: 3, hp: [96, 102], opening: [{ slimed: 3 }], loop: [{}, { attack: 35 }, { slimed: 3 }] },
  { name: 'Hexaghost', tier: 3, hp: [104, 110], opening: [{ strength: 2, block: 12 }], loop: [{ attack: 6, hits: 2 }, { attack: 5, hits: 2 }, { attack: 2, hits: 6 }, { strength: 2, block: 12 }] },
];

const TIERS = [1, 2, 3].map((tier) => ENEMIES.flatMap((e, i) => (e.tier === tier ? [i] : [])));

/** The enemies of a tier (1-3), as indices into ENEMIES. */
export function tierOf(tier: number): readonly number[] {
  return TIERS[tier - 1];
}

/** StS damage: (base + strength), x0.75 if the attacker is weak, x1.5 if the target is vulnerable, floored. */
export function damage(base: number, strength: number, attackerWeak: boolean, targetVulnerable: boolean): number {
  let d = base + strength;
  if (attackerWeak) d *= 0.75;
  if (targetVulnerable) d *= 1.5;
  return Math.max(0, Math.floor(d));
}
