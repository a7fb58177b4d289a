// The scripted baselines on hand-made pages and specs, fast enough for mutation runs: goal words, legal actions of
// pages and games, each player's choices, the fallback when nothing is legal, an episode played to its end or its
// turn limit on the seed's own stream, rates, and each bound a family can break (the families' real bounds are
// checked in baselines.test.ts).
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { Env, EnvSpec, Observation, StepInfo, UiElement } from '../../src/envs/api';
import { baselinePlayer, baselineRates, BASELINES, BOUNDS, brokenBounds, contentWords, goalTexts, legalActions, playBaseline, type BaselineRates } from '../../src/envs/baselines';
import { getEnvSpec } from '../../src/envs/registry';

const page = (...els: Omit<UiElement, 'id'>[]): Observation => ({ elements: els.map((e, i) => ({ ...e, id: i + 1 })), text: '' });
const web = getEnvSpec('click-checkboxes');
const game = (actions: EnvSpec['actions']): EnvSpec => ({ ...web, suite: 'game', actions });

describe('goal words', () => {
  it('content words: lower case letters and digits, no frame words', () => {
    expect(contentWords('The Ship sails TO Åland at 9, then home')).toEqual(['ship', 'sails', 'åland', '9', 'home']);
    expect(contentWords('... !')).toEqual([]);
    // Every frame word, in any case, is dropped; a word that merely contains one is kept.
    const frame = 'a an the to of and or in on at by for with from then is it that this as be into its their your';
    expect(contentWords(frame)).toEqual([]);
    expect(contentWords(frame.toUpperCase())).toEqual([]);
    expect(goalTexts(frame.toUpperCase())).toEqual([]);
    expect(contentWords('Theme tool')).toEqual(['theme', 'tool']);
  });

  it("texts: the quoted spans (either quote, empty ones dropped), then the words as written, each once", () => {
    expect(goalTexts(`Type 'Ann Lee' or "" and "x" then The x`)).toEqual(['Ann Lee', 'x', 'Type', 'Ann', 'Lee']);
    expect(goalTexts('')).toEqual([]);
  });
});

describe('legal actions', () => {
  it("a list's options, one level deeper right after it, are chosen through select() and never clicked", () => {
    const obs = page(
      { role: 'combobox', name: 'A', depth: 1 },
      { role: 'option', name: 'a1', depth: 2 },
      { role: 'option', name: 'a2', depth: 2, state: { disabled: true } },
      { role: 'option', name: 'loose', depth: 1 },
      { role: 'combobox', name: 'B' },
      { role: 'text', name: 'between' },
      { role: 'option', name: 'b-late', depth: 1 },
      { role: 'treeitem', name: 't' }, { role: 'switch', name: 's' }, { role: 'radio', name: 'r' }, { role: 'menuitem', name: 'm' }, { role: 'tab', name: 'tb' },
      { role: 'heading', name: 'h' }, { role: 'checkbox', name: 'c', state: { disabled: true } },
    );
    expect(legalActions(web, 'Go', obs)).toEqual([
      'select(1, "a1")', 'select(1, "a2")', 'click(4)', 'click(5)', 'click(7)', 'click(8)', 'click(9)', 'click(10)', 'click(11)', 'click(12)',
    ]);
  });

  it("a list's options may run to the page's end; a deeper element that is no option ends them", () => {
    expect(legalActions(web, 'Go', page({ role: 'combobox', name: 'A' }, { role: 'option', name: 'a1', depth: 1 }))).toEqual(['select(1, "a1")']);
    expect(legalActions(web, 'Go', page({ role: 'combobox', name: 'A' }, { role: 'link', name: 'deep', depth: 1 }))).toEqual(['click(1)', 'click(2)']);
  });

  it('a textbox takes each goal text; none when the goal has none', () => {
    expect(legalActions(web, 'Say "hi there" now', page({ role: 'textbox', name: 'T' }))).toEqual(['fill(1, "hi there")', 'fill(1, "Say")', 'fill(1, "hi")', 'fill(1, "there")', 'fill(1, "now")']);
    expect(legalActions(web, 'the', page({ role: 'textbox', name: 'T' }))).toEqual([]);
  });

  it("games: argument-free verbs while a button shows, moves, and plays or picks of enabled targets only", () => {
    const spec = game([{ verb: 'end', args: [] }, { verb: 'move', args: ['dir'] }, { verb: 'play', args: ['int'], target: 'card' }, { verb: 'pick', args: ['id'], target: 'reward' }, { verb: 'zap', args: ['int'] }, { verb: 'say', args: ['text'] }, { verb: 'two', args: ['int', 'int'] }]);
    const obs = page({ role: 'card', name: 'c' }, { role: 'reward', name: 'r' }, { role: 'reward', name: 'r2', state: { disabled: true } }, { role: 'card', name: 'c2' });
    expect(legalActions(spec, '', obs)).toEqual(['move(up)', 'move(down)', 'move(left)', 'move(right)', 'play(1)', 'play(4)', 'pick(2)']);
    expect(legalActions(spec, '', page({ role: 'button', name: 'End' }))).toEqual(['end()', 'move(up)', 'move(down)', 'move(left)', 'move(right)']);
    expect(legalActions(game([{ verb: 'end', args: [] }]), '', page({ role: 'card', name: 'c' }, { role: 'button', name: 'End' }))).toEqual(['end()']); // some button, not only buttons
    // A move or a play with a second argument, or a pick of a text, is none of these shapes: nothing is legal.
    const odd = game([{ verb: 'move', args: ['dir', 'int'] }, { verb: 'play', args: ['int', 'int'], target: 'card' }, { verb: 'pick', args: ['text'], target: 'reward' }]);
    expect(legalActions(odd, '', page({ role: 'card', name: 'c' }, { role: 'reward', name: 'r' }))).toEqual([]);
  });
});

describe('players', () => {
  const draws = (id: (typeof BASELINES)[number], spec: EnvSpec, goal: string, obs: Observation, n = 400) => {
    const play = baselinePlayer(id, spec, Rng.fromSeed(3));
    return new Set(Array.from({ length: n }, () => play(goal, obs)));
  };

  it('random-grammar: any verb, ids from 1 to the page size, a goal text or "x", any direction', () => {
    const spec = game([{ verb: 'click', args: ['id'] }, { verb: 'fill', args: ['id', 'text'] }, { verb: 'move', args: ['dir'] }, { verb: 'end', args: [] }]);
    const seen = draws('random-grammar', spec, 'Type "ok"', page({ role: 'text', name: '' }, { role: 'text', name: '' }));
    expect([...seen].sort()).toEqual([
      'click(1)', 'click(2)', 'end()', 'fill(1, "Type")', 'fill(1, "ok")', 'fill(2, "Type")', 'fill(2, "ok")', 'move(down)', 'move(left)', 'move(right)', 'move(up)',
    ]);
    expect([...draws('random-grammar', spec, '', page())].filter((a) => !a.startsWith('move')).sort()).toEqual(['click(1)', 'end()', 'fill(1, "x")']);
  });

  it('random-legal picks among the legal actions; first-element takes the first', () => {
    const obs = page({ role: 'button', name: 'A' }, { role: 'link', name: 'B' }, { role: 'checkbox', name: 'C' });
    expect([...draws('random-legal', web, '', obs)].sort()).toEqual(['check(3)', 'click(1)', 'click(2)']);
    expect(draws('first-element', web, '', obs)).toEqual(new Set(['click(1)']));
    expect(draws('first-element', web, '', page({ role: 'link', name: 'B' }, { role: 'button', name: 'A' }))).toEqual(new Set(['click(1)'])); // name-match would press the button
  });

  it('with nothing legal: the first argument-free verb, else the first verb on element 1', () => {
    const empty = page({ role: 'text', name: 'x' });
    const withEnd = game([{ verb: 'play', args: ['int'], target: 'card' }, { verb: 'end', args: [] }]);
    expect(draws('random-legal', withEnd, '', empty)).toEqual(new Set(['end()']));
    expect(draws('first-element', game([{ verb: 'play', args: ['int'] }]), '', empty)).toEqual(new Set(['play(1)']));
    expect(baselinePlayer('name-match', web, Rng.fromSeed(1))('', empty)).toBe('back()'); // the web family's argument-free verb
    expect(baselinePlayer('name-match', withEnd, Rng.fromSeed(1))('', page({ role: 'card', name: 'c' }))).toBe('play(1)');
  });

  it('name-match sets the boxes first: ticks those the goal names, clears the others, never a disabled one', () => {
    const play = baselinePlayer('name-match', web, Rng.fromSeed(0));
    const go = { role: 'button', name: 'Go' };
    const box = (name: string, checked: boolean, disabled = false) => ({ role: 'checkbox', name, state: { checked, disabled } });
    expect(play('Pick red apples', page(go, box('pears', true), box('red', false)))).toBe('check(2)'); // ticked, not named
    expect(play('Pick red apples', page(go, box('pears', false), box('red', false), box('apples', true)))).toBe('check(3)'); // named, not ticked
    expect(play('Pick red apples', page(go, box('pears', false), box('red', true), box('red x', false, true), { role: 'checkbox', name: 'pear' }))).toBe('click(1)'); // all set
  });

  it('name-match clicks a clickable non-button sharing words (a list too) before any button, never other roles', () => {
    const go = { role: 'button', name: 'Go' };
    const play = () => baselinePlayer('name-match', web, Rng.fromSeed(0));
    expect(play()('Pick red', page(go, { role: 'combobox', name: 'red colour' }))).toBe('click(2)');
    expect(play()('Pick red', page(go, { role: 'heading', name: 'red apples' }))).toBe('click(1)');
    expect(play()('Pick red apples', page({ role: 'link', name: 'red' }, { role: 'button', name: 'red apples' }))).toBe('click(1)'); // the link, though the button shares more
  });

  it('name-match prefers the element sharing most words, first among ties', () => {
    const links = page({ role: 'link', name: 'red' }, { role: 'link', name: 'red apples' }, { role: 'link', name: 'apples' }, { role: 'link', name: 'red apples', state: { disabled: true } });
    const fresh = baselinePlayer('name-match', web, Rng.fromSeed(0));
    expect(fresh('Pick red apples', links)).toBe('click(2)');
    expect(fresh('Pick red apples', links)).toBe('click(1)'); // 'red apples' clicked: the first of the one-word ties
    // A button sharing a word wins over the first button; a disabled one is never pressed.
    const buttons = page({ role: 'button', name: 'Back' }, { role: 'button', name: 'Apples now', state: { disabled: true } }, { role: 'button', name: 'Red go' });
    expect(baselinePlayer('name-match', web, Rng.fromSeed(0))('Pick red apples', buttons)).toBe('click(3)');
    const none = page({ role: 'button', name: 'Back' }, { role: 'button', name: 'Next' });
    const presser = baselinePlayer('name-match', web, Rng.fromSeed(0));
    expect([presser('Pick red', none), presser('Pick red', none), presser('Pick red', none)]).toEqual(['click(1)', 'click(2)', 'click(1)']);
    // Elements are told apart by role, name and depth.
    const nested = page({ role: 'link', name: 'red', depth: 1 }, { role: 'link', name: 'red', depth: 2 });
    const walker = baselinePlayer('name-match', web, Rng.fromSeed(0));
    expect([walker('red', nested), walker('red', nested)]).toEqual(['click(1)', 'click(2)']);
  });

  it('name-match on a game plays its first legal action', () => {
    const spec = game([{ verb: 'move', args: ['dir'] }]);
    expect(baselinePlayer('name-match', spec, Rng.fromSeed(0))('', page())).toBe('move(up)');
    const ender = game([{ verb: 'end', args: [] }]);
    expect(baselinePlayer('name-match', ender, Rng.fromSeed(0))('End', page({ role: 'button', name: 'End' }))).toBe('end()'); // not click(1)
  });
});

/** A page that never ends: its button does nothing. */
class Idle implements Env {
  readonly id = 'idle';
  readonly goal = 'wait';
  readonly maxTurns = 4;
  turn = 0;
  private readonly info = (): StepInfo => ({ success: false, progress: 0, turn: this.turn });
  reset() {
    this.turn = 0;
    return { obs: page({ role: 'button', name: 'Wait' }), info: this.info() };
  }
  step() {
    this.turn++;
    return { obs: page({ role: 'button', name: 'Wait' }), reward: 0, terminated: false, truncated: false, info: this.info() };
  }
  clone(): Env {
    return Object.assign(new Idle(), this);
  }
}
/** The idle envs made, to count the steps each was sent. */
const idles: Idle[] = [];
const IDLE: EnvSpec = { ...web, id: 'idle', suite: 'web', create: () => idles[idles.push(new Idle()) - 1], expert: () => 'click(1)' };

describe('episodes and rates', () => {
  it("plays until the env ends, reporting its turn, else the turn limit; random players draw from the seed's stream", () => {
    expect(playBaseline(IDLE, 'first-element', 1)).toEqual({ success: false, turns: 4 });
    expect(idles.at(-1)!.turn).toBe(4); // no step past the turn limit
    const spec = getEnvSpec('click-button');
    const env = spec.create();
    let obs = env.reset({ seed: 7, split: 'test' }).obs;
    const play = baselinePlayer('random-legal', spec, Rng.fromSeed(7).split('baseline/random-legal'));
    let turns = 0;
    let success = false;
    for (let over = false; !over; turns++) {
      const r = env.step(play(env.goal, obs));
      [obs, over, success] = [r.obs, r.terminated || r.truncated, r.info.success];
    }
    expect(playBaseline(spec, 'random-legal', 7, { split: 'test' })).toEqual({ success, turns });
  });

  it("rates: each baseline's and the expert's share of won seeds", () => {
    const rates = baselineRates(getEnvSpec('click-button'), [1, 2, 3, 4], { split: 'test' });
    expect(Object.keys(rates).sort()).toEqual(['expert', ...BASELINES].sort());
    expect(rates.expert).toBe(1);
    expect(rates['name-match']).toBe(1);
    const idle = baselineRates(IDLE, [1, 2]);
    expect(Object.values(idle)).toEqual([0, 0, 0, 0, 0]);
  });

  it('names each bound broken, at the bounds exactly none, and only the expert for a lesson', () => {
    const at: BaselineRates = { expert: 1, 'random-grammar': BOUNDS.random, 'random-legal': BOUNDS.random, 'first-element': 1, 'name-match': BOUNDS.nameMatch };
    expect(BOUNDS).toEqual({ random: 0.1, nameMatch: 0.5 });
    expect(brokenBounds(web, at)).toEqual([]);
    const over: BaselineRates = { expert: 0.9, 'random-grammar': 0.2, 'random-legal': 0.15, 'first-element': 1, 'name-match': 0.75 };
    expect(brokenBounds(web, over)).toEqual(['expert 0.900 < 1', 'random-grammar 0.200 > 0.1', 'random-legal 0.150 > 0.1', 'name-match 0.750 > 0.5']);
    expect(brokenBounds({ ...web, lesson: true }, over)).toEqual(['expert 0.900 < 1']);
    expect(brokenBounds({ ...web, expertFloor: 0.9 }, { ...at, expert: 0.9 })).toEqual([]);
    expect(brokenBounds({ ...web, expertFloor: 0.95 }, { ...at, expert: 0.9 })).toEqual(['expert 0.900 < 0.95']);
  });
});
