// The card battler shows the last action's error (BrowserGym's last_action_error) as the observation's last line:
// present right after a failed action, gone after the next valid one, carried by clone() and cleared by reset().

import { describe, expect, it } from 'vitest';
import { CardBattler } from '../../src/envs/games/card-battler';

/** A run at its first turn with a hand of Strike and Bash, 3 energy. */
function battler(): CardBattler {
  const g = new CardBattler();
  g.reset({ seed: 0, options: { fights: 2 } });
  g.s.hand = ['Strike', 'Bash'];
  g.s.player.energy = 3;
  return g;
}

const lastLine = (text: string) => text.split('\n').at(-1)!;

describe('card battler: the last action error in the observation', () => {
  it("shows a failed play's message as the last element, then drops it after a valid action", () => {
    const g = battler();
    g.s.player.energy = 1;
    const wasted = g.step('play(2)'); // Bash costs 2
    const message = 'play(2): Bash costs 2 but you have 1 energy';
    expect(wasted.info.lastActionError).toBe(message);
    expect(lastLine(wasted.obs.text)).toBe(`[8] error '${message}'`);
    expect(wasted.obs.elements.at(-1)).toEqual({ id: 8, role: 'error', name: message });
    const played = g.step('play(1)'); // Strike costs 1
    expect(played.info.lastActionError).toBeUndefined();
    expect(played.obs.elements.some((e) => e.role === 'error')).toBe(false);
    expect(lastLine(played.obs.text)).toMatch(/^\[\d+\] text 'fight 1 of 2/);
  });

  it('keeps the card ids: the error comes after every other element, and a new error replaces the old', () => {
    const g = battler();
    const before = g.clone().step('end()'); // the next turn's view, for comparison with no error
    g.step('play(7)');
    const r = g.step('pick(1)');
    expect(r.obs.elements.filter((e) => e.role === 'error').map((e) => e.name)).toEqual(['pick(1): no reward to pick now; play a card or end the turn']);
    expect(r.obs.elements.slice(0, -1).map((e) => e.role)).toEqual(['card', 'card', 'button', 'enemy', 'intent', 'player', 'text']);
    expect(before.obs.elements.every((e) => e.role !== 'error')).toBe(true);
  });

  it('clone() carries the error and reset() clears it', () => {
    const g = battler();
    g.step('play(9)');
    expect(lastLine(g.clone().step('play(9)').obs.text)).toMatch(/^\[8\] error 'play\(9\): no card 9 in hand/);
    const copy = g.clone();
    expect(copy.lastError).toBe(g.lastError);
    expect(copy.lastError).toMatch(/no card 9/);
    const fresh = g.reset({ seed: 0, options: { fights: 2 } });
    expect(fresh.obs.elements.some((e) => e.role === 'error')).toBe(false);
    expect(g.lastError).toBeUndefined();
  });
});
