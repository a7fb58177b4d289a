// The play page's pure parts: interactions become the agent's action strings, the session plays an episode, and every
// web task's controls render as real HTML (server-side render of the Svelte components).

import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import { ENV_SPECS, getEnvSpec } from '../../src/envs/registry';
import { parseAction } from '../../src/envs/action';
import { WEB_ACTIONS } from '../../src/envs/web/page';
import { answerAction, fillAction, gridSymbols, keyToMove, selectAction, webBlocks } from '../../src/ui/envs/interaction';
import { EnvSession } from '../../src/ui/envs/env-session.svelte';
import WebTaskView from '../../src/ui/envs/WebTaskView.svelte';
import GridWorldView from '../../src/ui/envs/GridWorldView.svelte';
import CardBattlerView from '../../src/ui/envs/CardBattlerView.svelte';
import EnvPlayer from '../../src/ui/envs/EnvPlayer.svelte';

describe('interaction helpers', () => {
  it('quote what a person types so the parser reads it back exactly', () => {
    const text = 'say "hi" \\ there';
    expect(parseAction(fillAction(3, text), WEB_ACTIONS)).toEqual({ ok: true, verb: 'fill', args: [3, text] });
    expect(parseAction(selectAction(2, 'Red'), WEB_ACTIONS)).toEqual({ ok: true, verb: 'select', args: [2, 'Red'] });
    expect(answerAction('42')).toBe('answer("42")');
    expect(keyToMove('ArrowLeft')).toBe('move(left)');
    expect(keyToMove('w')).toBe('move(up)');
    expect(keyToMove('Enter')).toBeNull();
  });

  it('group a combobox with its options (shown while open) and rows into tables', () => {
    const env = getEnvSpec('flight-booking').create();
    const closed = webBlocks(env.reset({ seed: 0 }).obs.elements);
    const selects = (blocks: ReturnType<typeof webBlocks>) => blocks.filter((b) => b.kind === 'select').length;
    // three lists (a heading or a note may come with the layout: plain elements)
    expect(selects(closed)).toBe(3);
    expect(closed.filter((b) => b.kind !== 'select' && b.kind !== 'element')).toEqual([]);
    const from = env.reset({ seed: 0 }).obs.elements.find((e) => e.name === 'From');
    const open = webBlocks(env.step(`click(${from?.id})`).obs.elements);
    expect(open.map((b) => b.kind)).toEqual(closed.map((b) => b.kind));
    expect(selects(open)).toBe(3);
    expect(open.find((b) => b.kind === 'select' && b.el.name === 'From')).toMatchObject({ options: expect.arrayContaining([expect.objectContaining({ role: 'option' })]) });
    const table = webBlocks(getEnvSpec('read-table').create().reset({ seed: 0 }).obs.elements);
    const rows = table.find((b) => b.kind === 'table');
    expect(rows?.kind === 'table' && rows.rows.length).toBeGreaterThanOrEqual(5);
    const grid = gridSymbols(getEnvSpec('grid-world').create().reset({ seed: 0 }).obs.elements);
    expect(grid).toHaveLength(5);
    expect(grid.flat().filter((c) => c === 'A')).toHaveLength(1);
  });
});

describe('EnvSession', () => {
  it('plays an episode with the expert hints and logs errors and the end', () => {
    const s = new EnvSession('enter-text');
    s.act('fill(9, "x")');
    expect(s.log[0]).toMatchObject({ turn: 1, error: 'fill(9, "x"): no element with id 9' });
    while (!s.ended) s.act(s.hint());
    expect(s.ended).toBe('success');
    expect(s.log[s.log.length - 1]).toMatchObject({ reward: 1, end: 'success' });
    s.choose('card-battler');
    expect(s.battle?.hand.length).toBe(5);
    s.options = { nope: 1 };
    s.reset();
    expect(s.error).toMatch(/unknown option 'nope'/);
  });
});

describe('renderers', () => {
  it('draw every web task as real controls', () => {
    for (const spec of ENV_SPECS.filter((s) => s.suite === 'web')) {
      const { body } = render(WebTaskView, { props: { obs: spec.create().reset({ seed: 1 }).obs, onAction: () => {} } });
      expect(body, spec.id).toMatch(/<(button|a|input|select|table)\b/);
    }
    const form = render(WebTaskView, { props: { obs: getEnvSpec('form-sequence').create().reset({ seed: 0 }).obs, onAction: () => {} } }).body;
    expect(form).toMatch(/<input type="checkbox"/);
    expect(form).toMatch(/<input type="number"/);
    const list = render(WebTaskView, { props: { obs: getEnvSpec('choose-list').create().reset({ seed: 0 }).obs, onAction: () => {} } }).body;
    expect(list).toMatch(/class="combobox"[^>]*aria-expanded="false"/);
  });

  it('draw the games in SVG and the player page around them', () => {
    const grid = render(GridWorldView, { props: { obs: getEnvSpec('grid-world').create().reset({ seed: 0 }).obs, onAction: () => {} } }).body;
    expect(grid.match(/<rect/g)?.length).toBeGreaterThanOrEqual(45);
    const s = new EnvSession('card-battler');
    const battle = render(CardBattlerView, { props: { battle: s.battle as NonNullable<typeof s.battle>, onAction: () => {} } }).body;
    expect(battle).toContain('intent:');
    expect(battle.match(/aria-label="play\(\d\)/g)).toHaveLength(5);
    const page = render(EnvPlayer, { props: { initialEnv: 'email-inbox' } }).body;
    expect(page).toContain('What the agent sees');
    expect(page).toContain('[1] heading');
  });
});
