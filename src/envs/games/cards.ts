// The card battler's content: cards with block, vulnerable, weak and draw effects, and enemies with intent patterns.

/** What a card does when played, in the order listed. */
export interface CardDef {
  name: string;
  cost: number;
  damage?: number;
  block?: number;
  vulnerable?: number; // applied to the enemy
  weak?: number; // applied to the enemy
  draw?: number;
  energy?: number;
  strength?: number; // gained by the player
}

export const CARDS: readonly CardDef[] = [
  { name: 'Strike', cost: 1, damage: 6 },
  { name: 'Defend', cost: 1, block: 5 },
  { name: 'Bash', cost: 2, damage: 8, vulnerable: 2 },
  { name: 'Neutralize', cost: 0, damage: 3, weak: 1 },
  { name: 'Shrug', cost: 1, block: 8, draw: 1 },
  { name: 'Pommel', cost: 1, damage: 9, draw: 1 },
  { name: 'Iron Wave', cost: 1, damage: 5, block: 5 },
  { name: 'Clothesline', cost: 2, damage: 12, weak: 2 },
  { name: 'Backflip', cost: 1, block: 5, draw: 2 },
  { name: 'Adrenaline', cost: 0, energy: 1, draw: 2 },
  { name: 'Uppercut', cost: 2, damage: 13, weak: 1, vulnerable: 1 },
  { name: 'Inflame', cost: 1, strength: 2 },
];

export function card(name: string): CardDef {
  const c = CARDS.find((x) => x.name === name);
  if (!c) throw new Error(`unknown card '${name}'`);
  return c;
}

/** 'cost 1 deal 6 block 5 draw 1': a card's cost and effects in the observation's words. */
export function cardText(c: CardDef): string {
  return [`cost ${c.cost}`, ...cardEffects(c)].join(' ');
}

/** ['deal 6', 'block 5', ...]: a card's effects in the order they apply. */
export function cardEffects(c: CardDef): string[] {
  const parts: string[] = [];
  if (c.damage) parts.push(`deal ${c.damage}`);
  if (c.block) parts.push(`block ${c.block}`);
  if (c.vulnerable) parts.push(`vulnerable ${c.vulnerable}`);
  if (c.weak) parts.push(`weak ${c.weak}`);
  if (c.strength) parts.push(`strength ${c.strength}`);
  if (c.energy) parts.push(`energy ${c.energy}`);
  if (c.draw) parts.push(`draw ${c.draw}`);
  return parts;
}

export const STARTER_DECK = ['Strike', 'Strike', 'Strike', 'Strike', 'Defend', 'Defend', 'Defend', 'Defend', 'Bash', 'Neutralize'];
export const REWARDS = CARDS.filter((c) => !['Strike', 'Defend', 'Bash', 'Neutralize'].includes(c.name)).map((c) => c.name);

/** An enemy's plan for its next turn, shown to the player. */
export interface Intent {
  attack?: number;
  hits?: number;
  block?: number;
  weak?: number; // applied to the player
  vulnerable?: number; // applied to the player
  strength?: number; // gained by the enemy
}

export interface EnemyDef {
  name: string;
  hp: [number, number];
  pattern: Intent[];
}

export const ENEMIES: readonly EnemyDef[] = [
  { name: 'Slime', hp: [26, 30], pattern: [{ attack: 8 }, { attack: 5, weak: 1 }, { attack: 10 }] },
  { name: 'Worm', hp: [36, 40], pattern: [{ attack: 11 }, { block: 6, strength: 2 }, { attack: 7, block: 5 }] },
  { name: 'Cultist', hp: [40, 46], pattern: [{ strength: 3 }, { attack: 6 }, { attack: 6 }, { attack: 6 }] },
  { name: 'Louse', hp: [14, 18], pattern: [{ attack: 5, hits: 2 }, { vulnerable: 2 }, { attack: 6 }] },
];

/** StS damage: (base + strength), x0.75 if the attacker is weak, x1.5 if the target is vulnerable, floored. */
export function damage(base: number, strength: number, attackerWeak: boolean, targetVulnerable: boolean): number {
  let d = base + strength;
  if (attackerWeak) d *= 0.75;
  if (targetVulnerable) d *= 1.5;
  return Math.max(0, Math.floor(d));
}
