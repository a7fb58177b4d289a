// The team's language (src/multi/language.ts) with hand-made inputs: how messages join a goal, an action as a plan's
// words, which tokens a plan may use, and the expert's plan played on a copy of a scripted env.
import { describe, expect, it } from 'vitest';
import type { Env, EnvSpec, Observation, StepResult } from '../../src/envs/api';
import { END, SPECIALS } from '../../src/model/tokenizer';
import { actionWords, expertPlan, planTokens, teamVocab, withMessages } from '../../src/multi/language';
import { getEnvSpec } from '../../src/envs/registry';
import { longestActionTokens, vocabCorpus, vocabularyOf } from '../../src/rl/vocab';

describe('withMessages', () => {
  it('appends each plan, then the proposals separated by semicolons', () => {
    expect(withMessages('Log in.', [], [])).toBe('Log in.');
    expect(withMessages('Log in.', ['click 1', 'fill 2'], [])).toBe('Log in. plan : click 1 plan : fill 2');
    expect(withMessages('g', [], ['click(1)', 'click(2)'])).toBe('g proposals : click(1) ; click(2)');
    expect(withMessages('g', ['x'], ['a'])).toBe('g plan : x proposals : a');
  });
});

describe('actionWords', () => {
  it('writes the verb and arguments, an id by the name given for it, else the id', () => {
    expect(actionWords('click(17)')).toBe('click 17');
    expect(actionWords('fill(4, "bob smith")', (id) => (id === 4 ? 'Name' : undefined))).toBe('fill Name bob smith');
    expect(actionWords('click(5)', (id) => (id === 4 ? 'Name' : undefined))).toBe('click 5');
    expect(actionWords('back()')).toBe('back');
    expect(actionWords('click(')).toBe('');
  });
});

describe('planTokens', () => {
  it('allows END, plain words and numbers of the vocabulary, and the placeholders the context has used', () => {
    // ids: 9 '7', 10 <w0>, 11 <w1>, 12 click, 13 '(', 14 'é', 15 a_b, 16 a-b
    const vocab = [...SPECIALS, '7', '<w0>', '<w1>', 'click', '(', 'é', 'a_b', 'a-b'];
    const allowed = planTokens(vocab);
    expect(allowed({ tokens: [], words: [] })).toEqual([END, 9, 12, 14, 15]);
    expect(allowed({ tokens: [], words: ['bob'] })).toEqual([END, 9, 12, 14, 15, 10]);
    expect(allowed({ tokens: [], words: ['bob', 'ann', 'zed'] })).toEqual([END, 9, 12, 14, 15, 10, 11]);
  });
});

describe('teamVocab', () => {
  it("is the env's vocabulary with the frame words, and its longest expert action", () => {
    const spec = getEnvSpec('click-button');
    const { vocab, longestAction } = teamVocab(spec);
    expect(vocab).toEqual(vocabularyOf(spec, ['plan : proposals ;']).toJSON());
    for (const w of ['plan', ':', 'proposals', ';']) expect(vocab).toContain(w);
    expect(longestAction).toBe(longestActionTokens(vocabularyOf(spec, ['plan : proposals ;']), vocabCorpus(spec).actions));
  });
});

describe('expertPlan', () => {
  // A scripted env: observation k names what action k acts on (action 2 is malformed: the page stays); the episode
  // ends after four actions.
  const OBS: Observation[] = [
    { elements: [{ id: 3, role: 'link', name: 'Other' }, { id: 1, role: 'button', name: 'Next' }], text: '' },
    { elements: [{ id: 2, role: 'textbox', name: 'Name' }], text: '' },
    { elements: [{ id: 1, role: 'button', name: 'Back' }], text: '' },
    { elements: [{ id: 1, role: 'button', name: 'Back' }], text: '' },
    { elements: [], text: '' },
  ];
  const SCRIPT = ['click(1)', 'fill(2, "bob smith")', 'click(', 'click(1)', 'click(7)'];
  class Scripted {
    readonly id = 'scripted';
    readonly goal = 'g';
    constructor(readonly maxTurns: number, public t = 0) {}
    clone(): Env {
      return new Scripted(this.maxTurns, this.t) as unknown as Env;
    }
    step(): StepResult {
      this.t++;
      return { obs: OBS[this.t], reward: 0, terminated: this.t === 4, truncated: false, info: { success: false, progress: 0, turn: this.t } };
    }
  }
  const spec = { expert: (env: Env) => SCRIPT[(env as unknown as Scripted).t] } as unknown as EnvSpec;
  const env = (maxTurns: number) => new Scripted(maxTurns) as unknown as Env;

  it('names each id as the observation before the action shows it, skips a malformed action, and stops when the episode ends', () => {
    const e = env(10);
    expect(expertPlan(spec, e, OBS[0], 20)).toBe('click Next fill Name bob smith click Back');
    expect((e as unknown as Scripted).t).toBe(0); // played on a copy
  });

  it('stops at the turn limit and cuts the plan to maxWords words', () => {
    expect(expertPlan(spec, env(2), OBS[0], 20)).toBe('click Next fill Name bob smith');
    expect(expertPlan(spec, env(10), OBS[0], 4)).toBe('click Next fill Name');
    expect(expertPlan(spec, env(10), OBS[0], 1)).toBe('click');
    expect(expertPlan(spec, env(0), OBS[0], 5)).toBe('');
  });
});
