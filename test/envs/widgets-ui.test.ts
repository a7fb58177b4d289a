// The widget renderer of the newer web families (server-side render of the Svelte components): file trees,
// accordion headers, the pop-up date field and its calendar grid, the spinner, dialogs and posts become real
// controls that carry their element ids.

import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import type { EnvOptions, Observation } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { webBlocks } from '../../src/ui/envs/interaction';
import { isWidget } from '../../src/ui/envs/widgets';
import WebTaskView from '../../src/ui/envs/WebTaskView.svelte';

/** The observation after the expert's first `steps` actions, or the first one `until` accepts. */
function observe(id: string, steps: number, options?: EnvOptions, until?: (obs: Observation) => boolean): Observation {
  const spec = getEnvSpec(id);
  const env = spec.create();
  let obs = env.reset({ seed: 3, options, split: 'test' }).obs;
  for (let k = 0; k < steps && !until?.(obs); k++) obs = env.step(spec.expert(env)).obs;
  return obs;
}

const html = (obs: Observation) => render(WebTaskView, { props: { obs, onAction: () => {} } }).body;

describe('widget renderer', () => {
  it('draws an open calendar as one grid of day buttons under the date field', () => {
    const obs = observe('choose-date', 1);
    const blocks = webBlocks(obs.elements);
    const grid = blocks.filter((b) => b.kind === 'grid');
    expect(grid).toHaveLength(1);
    expect(grid[0].kind === 'grid' && grid[0].cells.map((c) => c.name)).toEqual(Array.from({ length: 31 }, (_, d) => String(d + 1)));
    const body = html(obs);
    expect(body).toMatch(/<div class="calendar[^"]*"/);
    expect(body.match(/<button type="button" data-id="\d+"[^>]*>\d+<\/button>/g)).toHaveLength(31);
    expect(body).toMatch(/readonly/);
  });

  it('draws tree items, accordion headers, the spinner, dialogs and posts as controls with their ids', () => {
    expect(html(observe('navigate-tree', 0))).toMatch(/class="tree[^"]*"[^>]*aria-expanded="false"/);
    expect(html(observe('click-collapsible-2', 1))).toMatch(/class="header[^"]*"[^>]*aria-expanded="true"/);
    expect(html(observe('use-spinner', 0))).toMatch(/<input type="text" data-id="\d+" class="spin/);
    const popup = observe('login-user-popup', 3, { popup: 100 }, (o) => o.elements.some((e) => e.role === 'dialog'));
    expect(popup.elements.some((e) => e.role === 'dialog')).toBe(true);
    expect(html(popup)).toMatch(/role="dialog"/);
    expect(html(observe('social-media', 0))).toMatch(/<p class="post[^"]*" data-id="\d+"/);
  });

  it('leaves plain controls to the generic renderer', () => {
    const plain = observe('enter-password', 0).elements;
    expect(plain.some(isWidget)).toBe(false);
    expect(observe('navigate-tree', 0).elements.every(isWidget)).toBe(true);
  });
});
