// State clusters (src/skills/cluster.ts) and unseen seeds (src/skills/seeds.ts) on hand-made observations: a grid
// around its agent (walls past the edge), a page by its heading and roles, and progress to one decimal.
import { describe, expect, it } from 'vitest';
import type { Observation, StepInfo, UiElement } from '../../src/envs/api';
import { clusterOf } from '../../src/skills/cluster';
import { UNSEEN_OFFSET, unseenSeeds } from '../../src/skills/seeds';

const info = (progress: number): StepInfo => ({ success: false, progress, turn: 0 });
const obs = (elements: Omit<UiElement, 'id'>[]): Observation => ({ elements: elements.map((e, i) => ({ id: i + 1, ...e })), text: '' });
const rows = (...lines: string[]) => obs(lines.map((name) => ({ role: 'row', name })));

describe('clusterOf', () => {
  it('reads a grid as the four cells around A, walls (#) past its edges', () => {
    expect(clusterOf(rows('. x .', 'g A o', '. y .'), info(0), [])).toBe('grid up=x down=y left=g right=o @0.0');
    expect(clusterOf(rows('A .', '. .'), info(0.25), [])).toBe('grid up=# down=. left=# right=. @0.3');
    expect(clusterOf(rows('. .', '. A'), info(1), [])).toBe('grid up=. down=# left=. right=# @1.0');
  });

  it('reads rows without A, or with a cell longer than one character, as a page', () => {
    expect(clusterOf(rows('. .', '. .'), info(0), [])).toBe('row @0.0');
    expect(clusterOf(rows('A ..', '. .'), info(0), [])).toBe('row @0.0');
    // Only rows make a grid: a link named A is not its agent.
    expect(clusterOf(obs([{ role: 'link', name: 'A' }, { role: 'button', name: 'B' }]), info(0), [])).toBe('button,link @0.0');
  });

  it('reads a page as its first heading (a goal slot when the goal names it) and its roles, sorted, each once', () => {
    const page = obs([
      { role: 'link', name: 'Home' },
      { role: 'heading', name: 'Cart' },
      { role: 'button', name: 'Pay' },
      { role: 'heading', name: 'Other' },
      { role: 'link', name: 'Help' },
    ]);
    expect(clusterOf(page, info(0.5), [])).toBe("'Cart': button,heading,link @0.5");
    expect(clusterOf(page, info(0.5), ['Open', 'the', 'Cart'])).toBe("<after 'the'>: button,heading,link @0.5");
    expect(clusterOf(obs([{ role: 'link', name: 'x' }, { role: 'button', name: 'y' }]), info(0.04), [])).toBe('button,link @0.0');
  });
});

describe('unseenSeeds', () => {
  it('counts up from a million past the discovery seed', () => {
    expect(UNSEEN_OFFSET).toBe(1_000_000);
    expect(unseenSeeds(7, 3)).toEqual([1_000_007, 1_000_008, 1_000_009]);
    expect(unseenSeeds(7, 0)).toEqual([]);
  });
});
