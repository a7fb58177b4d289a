// The scripted baselines: what each one plays on known pages, and the bounds every family must hold against them on
// test seeds at default options (random <= 0.1 and name-match <= 0.5 unless the family is a lesson; the expert 1.0).

import { describe, expect, it } from 'vitest';
import type { EnvSpec, Observation, UiElement } from '../../src/envs/api';
import { BASELINES, baselinePlayer, baselineRates, brokenBounds, contentWords, goalTexts, legalActions, playBaseline } from '../../src/envs/baselines';
import { ENV_SPECS, getEnvSpec } from '../../src/envs/registry';
import { Rng } from '../../src/core/rng';

/** Test seeds per family here; the CLI plays 1,000. The seeds are fixed, so a rate is a number, not a sample that
 * flakes; 200 seeds put a true rate of 0.1 within about +-0.02 of the CLI's, so a pass here means something. */
const SEEDS = Array.from({ length: 200 }, (_, i) => i);

const page = (...els: Omit<UiElement, 'id'>[]): Observation => {
  const elements = els.map((e, i) => ({ ...e, id: i + 1 }));
  return { elements, text: '' };
};
const web = getEnvSpec('click-checkboxes');

describe('baselines on known pages', () => {
  it('reads the goal: content words, and texts to type (quoted spans first)', () => {
    expect(contentWords("Click on the 'Save As' button, then Submit.")).toEqual(['click', 'save', 'button', 'submit']);
    expect(goalTexts('Enter "bob smith" and the password "x9".')).toEqual(['bob smith', 'x9', 'Enter', 'bob', 'smith', 'password']);
  });

  it('lists legal actions by role: checks, fills with goal texts, options of an open list (or opening a closed one), clicks; none on text or disabled', () => {
    const obs = page(
      { role: 'text', name: 'hello' },
      { role: 'checkbox', name: 'kiwi' },
      { role: 'textbox', name: 'Name' },
      { role: 'combobox', name: 'Color', value: '' },
      { role: 'option', name: 'red', depth: 1 },
      { role: 'button', name: 'Submit', state: { disabled: true } },
      { role: 'link', name: 'more' },
    );
    expect(legalActions(web, 'Type "ann".', obs)).toEqual(['check(2)', 'fill(3, "ann")', 'fill(3, "Type")', 'select(4, "red")', 'click(7)']);
    const closed = page({ role: 'combobox', name: 'Color', value: '' });
    expect(legalActions(web, 'Pick blue.', closed)).toEqual(['click(1)']);
  });

  it('name-match ticks the named boxes, clicks each matching element once, then the best button', () => {
    const play = baselinePlayer('name-match', web, Rng.fromSeed(0));
    const goal = 'Select kiwi and open the Fruit tab, then press Submit.';
    const before = page({ role: 'button', name: 'Cancel' }, { role: 'checkbox', name: 'kiwi' }, { role: 'tab', name: 'Fruit' }, { role: 'button', name: 'Submit' });
    expect(play(goal, before)).toBe('check(2)');
    const ticked = page({ role: 'button', name: 'Cancel' }, { role: 'checkbox', name: 'kiwi', state: { checked: true } }, { role: 'tab', name: 'Fruit' }, { role: 'button', name: 'Submit' });
    expect(play(goal, ticked)).toBe('click(3)');
    expect(play(goal, ticked)).toBe('click(4)');
    expect(play(goal, ticked)).toBe('click(1)'); // Submit was tried: the next button not yet clicked
  });

  it('plays games by their legal moves: enabled cards and argument-free verbs', () => {
    const battler = getEnvSpec('card-battler');
    const obs = page({ role: 'card', name: 'Strike' }, { role: 'card', name: 'Bash', state: { disabled: true } }, { role: 'button', name: 'End turn' });
    expect(legalActions(battler, '', obs)).toEqual(['play(1)', 'end()']);
    expect(legalActions(getEnvSpec('grid-world'), '', page())).toEqual(['move(up)', 'move(down)', 'move(left)', 'move(right)']);
  });

  it('plays the same episode for one seed, and the lesson is won by name-match', () => {
    const spec = getEnvSpec('click-button');
    for (const id of BASELINES) expect(playBaseline(spec, id, 5, { split: 'test' })).toEqual(playBaseline(spec, id, 5, { split: 'test' }));
    expect(baselineRates(spec, SEEDS.slice(0, 50), { split: 'test' })['name-match']).toBe(1);
  });
});

describe.each(ENV_SPECS.map((s) => [s.id, s] as const))('bounds: %s', (_id, spec: EnvSpec) => {
  it(`holds the baselines' bounds on ${SEEDS.length} test seeds at default options${spec.lesson ? ' (a lesson: expert only)' : ''}`, () => {
    const rates = baselineRates(spec, SEEDS, { split: 'test' });
    expect(brokenBounds(spec, rates), JSON.stringify(rates)).toEqual([]);
  });
});
