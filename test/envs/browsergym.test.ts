// The BrowserGym-shaped adapter over every registered environment: the experts still win through it, its
// observations carry BrowserGym's keys, its actions translate both ways, and nothing an agent writes throws.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ENV_SPECS, getEnvSpec } from '../../src/envs/registry';
import { BrowserGymEnv, browserGymActions, toBrowserGymAction, translateAction } from '../../src/envs/browsergym';
import { parsePyCall, pyRepr } from '../../src/envs/browsergym-call';
import { randomAction } from '../../src/envs/harness';
import { Rng } from '../../src/core/rng';

const TEST_SEEDS = [3, 17, 101];

describe('BrowserGym adapter: every registered environment', () => {
  for (const spec of ENV_SPECS) {
    it(`${spec.id}: the expert wins through BrowserGym's actions, step for step with the env itself`, () => {
      for (const seed of TEST_SEEDS) {
        const bg = new BrowserGymEnv(spec);
        const twin = spec.create();
        let obs = bg.reset({ seed, split: 'test' }).obs;
        let shown = twin.reset({ seed, split: 'test' }).obs.elements;
        let success = false;
        for (let t = 0; t < spec.maxTurns; t++) {
          const ours = spec.expert(twin);
          const action = bg.expert();
          // BrowserGym's action translates back to the expert's own on the page shown.
          expect(translateAction(spec, shown, action), `${action} <- ${ours}`).toEqual(expect.objectContaining({ kind: 'env', action: ours }));
          const r = bg.step(action);
          const want = twin.step(ours);
          shown = want.obs.elements;
          expect(r.info.greenhouseAction).toBe(ours);
          expect(r.obs.last_action_error, action).toBe('');
          expect({ reward: r.reward, terminated: r.terminated, truncated: r.truncated }).toEqual({ reward: want.reward, terminated: want.terminated, truncated: want.truncated });
          expect(r.obs.axtree_txt.split('\n').length).toBe(shown.length + 1);
          obs = r.obs;
          if (r.terminated || r.truncated) {
            success = r.info.success;
            break;
          }
        }
        expect(success, `${spec.id} seed ${seed}: ${obs.goal}\n${obs.axtree_txt}`).toBe(true);
      }
    });
  }
});

describe('BrowserGym observations', () => {
  it("carry BrowserGym's keys: the goal as goal_object and chat, the page as axtree_txt with string bids", () => {
    const bg = new BrowserGymEnv(getEnvSpec('login-user'));
    const { obs } = bg.reset({ seed: 5 });
    expect(Object.keys(obs).sort()).toEqual(
      ['active_page_index', 'axtree_txt', 'chat_messages', 'elapsed_time', 'focused_element_bid', 'goal', 'goal_object', 'last_action',
        'last_action_error', 'open_pages_titles', 'open_pages_urls', 'url'].sort(),
    );
    expect(obs.goal_object).toEqual([{ type: 'text', text: bg.env.goal }]);
    expect(obs.chat_messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(obs.chat_messages[1].message).toBe(bg.env.goal);
    expect(obs.axtree_txt.split('\n')[0]).toBe("RootWebArea 'login-user', focused");
    expect(obs.axtree_txt).toMatch(/^\t\[\d+\] textbox '[^']*'/m);
    expect(obs.url).toBe('greenhouse://login-user/');
    expect(obs.open_pages_titles).toEqual(['login-user']);
    expect(obs.elapsed_time).toEqual([0]);
    expect(obs.focused_element_bid).toBe('');
  });

  it('follow focus to the element filled, and mark it in the tree', () => {
    const bg = new BrowserGymEnv(getEnvSpec('login-user'));
    const { obs } = bg.reset({ seed: 5 });
    const bid = /\[(\d+)\] textbox/.exec(obs.axtree_txt)![1];
    const r = bg.step(`fill('${bid}', "it's \\"me\\"")`);
    expect(r.obs.last_action_error).toBe('');
    expect(r.obs.focused_element_bid).toBe(bid);
    expect(r.obs.axtree_txt).toContain(`[${bid}] textbox`);
    expect(r.obs.axtree_txt).toMatch(new RegExp(`\\[${bid}\\] textbox .* value='it\\\\'s "me"', focused`));
    expect(r.obs.axtree_txt.split('\n')[0]).toBe("RootWebArea 'login-user'");
    expect(r.obs.elapsed_time).toEqual([1]);
  });

  it("print checkbox states as BrowserGym does (checked='true'/'false')", () => {
    const bg = new BrowserGymEnv(getEnvSpec('click-checkboxes'));
    const { obs } = bg.reset({ seed: 2 });
    expect(obs.axtree_txt).toMatch(/\[\d+\] checkbox '[^']*', checked='false'/);
  });
});

describe('BrowserGym actions', () => {
  const spec = getEnvSpec('click-checkboxes');
  const fresh = () => {
    const bg = new BrowserGymEnv(spec);
    const { obs } = bg.reset({ seed: 2 });
    const bid = /\[(\d+)\] checkbox/.exec(obs.axtree_txt)![1];
    return { bg, bid };
  };

  it('check() ticks a box once and leaves a ticked box alone, as Playwright does; uncheck() the reverse', () => {
    const { bg, bid } = fresh();
    let r = bg.step(`check('${bid}')`);
    expect(r.info.greenhouseAction).toBe(`check(${bid})`);
    expect(r.obs.axtree_txt).toMatch(new RegExp(`\\[${bid}\\] checkbox '[^']*', checked='true'`));
    r = bg.step(`check('${bid}')`);
    expect(r.info.greenhouseAction).toBeUndefined();
    expect(r.obs.last_action_error).toBe('');
    expect(r.info.turn).toBe(2); // the turn is spent, as waiting is in BrowserGym
    expect(r.obs.axtree_txt).toMatch(new RegExp(`\\[${bid}\\] checkbox '[^']*', checked='true'`));
    r = bg.step(`uncheck(bid='${bid}')`);
    expect(r.obs.axtree_txt).toMatch(new RegExp(`\\[${bid}\\] checkbox '[^']*', checked='false'`));
  });

  it('noop(wait_ms) and scroll() pass a turn and simulated time; report_infeasible ends the episode unsolved', () => {
    const { bg } = fresh();
    expect(bg.step('noop(500)').obs.elapsed_time).toEqual([0.5]);
    expect(bg.step('scroll(0, 200)').obs.elapsed_time).toEqual([1.5]);
    const r = bg.step('report_infeasible("I cannot see the boxes")');
    expect(r).toMatchObject({ reward: 0, terminated: true, truncated: false });
    expect(r.obs.chat_messages.at(-1)).toMatchObject({ role: 'infeasible', message: 'I cannot see the boxes' });
    expect(bg.step('noop()').obs.last_action_error).toMatch(/episode is over/);
  });

  it('gives a clear error, and spends the turn, for actions with no counterpart or bad arguments', () => {
    const { bid } = fresh();
    const cases: [string, RegExp][] = [
      [`click(${bid})`, /bid must be a string such as '12', got \d+/],
      ["click('999')", /no element with bid '999'/],
      [`click('${bid}', button="right")`, /only a left click/],
      ['hover("3")', /hover\(\) has no counterpart in these tasks/],
      ['eval("1")', /eval\(\) is not a BrowserGym action/],
      ["keyboard_press('ArrowUp')", /keyboard_press\(\) has no counterpart in click-checkboxes/],
      [`press('${bid}', 'Tab')`, /key 'Tab' has no counterpart/],
      [`fill('${bid}')`, /missing 'value'/],
      [`fill('${bid}', 'a', 'b')`, /takes at most 2 arguments/],
      [`fill('${bid}', 'a', colour='b')`, /has no argument 'colour'/],
      [`select_option('${bid}', ['a', 'b'])`, /exactly one option, got 2/],
      ["click('1') click('2')", /one action per step/],
      ['click(', /missing '\)' at the end|a value is missing/],
      ['', /expected a function call/],
    ];
    for (const [action, error] of cases) {
      const { bg: env } = fresh();
      const r = env.step(action);
      expect(r.obs.last_action_error, action).toMatch(error);
      expect(r.obs.last_action, action).toBe(action);
      expect(r.info.turn, action).toBe(1);
    }
  });

  it('drive games: cards, the End-turn button and arrow keys', () => {
    const cards = new BrowserGymEnv(getEnvSpec('card-battler'));
    const first = cards.reset({ seed: 1 }).obs.axtree_txt;
    const end = /\[(\d+)\] button 'End turn'/.exec(first)![1];
    expect(cards.step(`click('${end}')`).info.greenhouseAction).toBe('end()');
    expect(cards.step("fill('1', 'x')").obs.last_action_error).toMatch(/fill\(\) has no counterpart in card-battler/);
    const grid = new BrowserGymEnv(getEnvSpec('grid-world'));
    grid.reset({ seed: 1 });
    expect(grid.step("keyboard_press('ArrowLeft')").info.greenhouseAction).toBe('move(left)');
    expect(grid.step("press('1', 'ArrowDown')").info.greenhouseAction).toBe('move(down)');
    expect(browserGymActions(getEnvSpec('grid-world'))).toEqual(['press', 'keyboard_press', 'scroll', 'noop', 'report_infeasible']);
  });

  it('translate our actions to BrowserGym and back', () => {
    const els = new BrowserGymEnv(spec).env.reset({ seed: 2 }).obs.elements;
    for (const ours of ['click(3)', 'fill(2, "a \\"b\\"")', 'select(4, "x")', 'back()', 'answer("42")']) {
      const bg = toBrowserGymAction(spec, els, ours);
      expect(bg.ok, ours).toBe(true);
      const t = translateAction(spec, els, bg.ok ? bg.action : '');
      expect(t).toMatchObject({ kind: 'env', action: ours });
    }
  });

  it('never throw on any text, in any env (fuzzed with random and mangled actions)', () => {
    const rng = Rng.fromSeed(9).split('bg-fuzz');
    for (const s of ENV_SPECS) {
      const bg = new BrowserGymEnv(s);
      bg.reset({ seed: 4 });
      for (let k = 0; k < 60; k++) {
        const junk = k % 2 ? randomAction(rng, bg.expert()) : randomAction(rng);
        expect(() => bg.step(junk)).not.toThrow();
      }
    }
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (text) => void parsePyCall(text)));
  });
});

describe('Python call syntax', () => {
  it('parses strings, numbers, lists, keywords and comments as BrowserGym does', () => {
    const r = parsePyCall(`# a comment\nselect_option('a48', ["red", 'it\\'s'], x=-1.5e2, y=None, z=True)  # trailing`);
    expect(r).toEqual({ ok: true, call: { name: 'select_option', args: ['a48', ['red', "it's"]], kwargs: { x: -150, y: null, z: true } } });
    expect(parsePyCall("fill('1', '''multi\nline''')")).toMatchObject({ ok: true, call: { args: ['1', 'multi\nline'] } });
    expect(parsePyCall("fill('1', '\\x41\\u00e9\\n')")).toMatchObject({ ok: true, call: { args: ['1', 'Aé\n'] } });
    expect(parsePyCall("f(a=1, 'b')")).toMatchObject({ ok: false, error: expect.stringMatching(/positional argument follows a keyword/) });
    expect(parsePyCall('f(bob)')).toMatchObject({ ok: false, error: expect.stringMatching(/'bob' is not a value/) });
  });

  it("writes strings as Python's repr()", () => {
    expect(pyRepr('Submit')).toBe("'Submit'");
    expect(pyRepr("it's")).toBe(`"it's"`);
    expect(pyRepr(`it's "x"`)).toBe(`'it\\'s "x"'`);
    expect(pyRepr('a\nb\\\u0001')).toBe("'a\\nb\\\\\\x01'");
  });
});
