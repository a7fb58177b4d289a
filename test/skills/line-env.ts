// A three-square line for the skill agents' unit tests, small enough to compute by hand: Forward moves one square
// (the third wins), Leap jumps to the last square but one and fails the episode, Stay changes nothing.
// Elements: 1 text 'At <pos>', 2 button 'Forward', 3 button 'Leap', 4 button 'Stay'. Progress is pos / 3.

import { defineWebTask } from '../../src/envs/web/page';
import type { ActionSignature, EnvSpec } from '../../src/envs/api';
import { skillId } from '../../src/skills/library';
import type { Skill, SkillStep } from '../../src/skills/types';

export const LINE_END = 3;

export const lineTask = defineWebTask<{ pos: number }>({
  id: 'line',
  description: 'Walk to the end of a line.',
  maxTurns: 6,
  options: [],
  init: () => ({ goal: 'Walk to the end.', state: { pos: 0 } }),
  draw(s, page) {
    page.add('text', `At ${s.pos}`);
    page.add('button', 'Forward', undefined, {
      click: () => {
        s.pos++;
        if (s.pos === LINE_END) page.end(true);
      },
    });
    page.add('button', 'Leap', undefined, {
      click: () => {
        s.pos = LINE_END - 1;
        page.end(false);
      },
    });
    page.add('button', 'Stay', undefined, { click: () => undefined });
  },
  progress: (s) => s.pos / LINE_END,
  expert: (_s, page) => `click(${page.idOf('button', 'Forward')})`,
});

/** The line with only click(id) in its action language, so a random atomic step is a click on one of its 3 buttons. */
export const CLICK_ONLY: readonly ActionSignature[] = [{ verb: 'click', args: ['id'] }];
export const clickLine: EnvSpec = { ...lineTask, actions: CLICK_ONLY };

/** click(button '<label>') as a skill step. */
export function click(label: string): SkillStep {
  return { verb: 'click', args: [{ kind: 'ref', role: 'button', name: { kind: 'literal', value: label } }] };
}

/** A skill of the line's family clicking the labels in order (fitness orders the library's applicable skills). */
export function lineSkill(name: string, labels: readonly string[], fitness: number, family = 'line'): Skill {
  const steps = labels.map(click);
  return { id: skillId(family, steps), name, description: name, family, precondition: { cluster: '' }, steps, fitness, uses: 1, successes: 0, parents: [], agent: 'test', createdAt: 0 };
}

/** One button, 'Win' (element 1), that solves the task: the one step discovery can find, in one step each time. */
export const winTask: EnvSpec = {
  ...defineWebTask<Record<string, never>>({
    id: 'win',
    description: 'Press Win.',
    maxTurns: 3,
    options: [],
    init: () => ({ goal: 'Press the button.', state: {} }),
    draw(_s, page) {
      page.add('button', 'Win', undefined, { click: () => page.end(true) });
    },
    progress: () => 0,
    expert: () => 'click(1)',
  }),
  actions: CLICK_ONLY,
};

/**
 * 'Win' (1) and 'Lose' (2) each end the episode on the same page, so only success tells them apart; 'Full' (3)
 * brings progress to 1 without success and shows it in a text (4): 'Empty', then 'Full'.
 */
export const pairTask: EnvSpec = defineWebTask<{ full: boolean }>({
  id: 'pair',
  description: 'Press Win, not Lose.',
  maxTurns: 3,
  options: [],
  init: () => ({ goal: 'Press the right button.', state: { full: false } }),
  draw(s, page) {
    page.add('button', 'Win', undefined, { click: () => page.end(true) });
    page.add('button', 'Lose', undefined, { click: () => page.end(false) });
    page.add('button', 'Full', undefined, { click: () => void (s.full = true) });
    page.add('text', s.full ? 'Full' : 'Empty');
  },
  progress: (s) => (s.full ? 1 : 0),
  expert: () => 'click(1)',
});

/**
 * One turn on a start page: 'Here' (1) changes nothing, 'There' (2) opens a new page, 'Drop' (3) fails the episode on
 * a new page; no progress anywhere, so a one-step rollout is worth its novelty: 0, 0.05, and 0 for the failure.
 */
export const forkTask: EnvSpec = {
  ...defineWebTask<{ page: string }>({
    id: 'fork',
    description: 'Go somewhere new.',
    maxTurns: 1,
    options: [],
    init: () => ({ goal: 'Go somewhere new.', state: { page: 'Start' } }),
    draw(s, page) {
      page.add('button', 'Here', undefined, { click: () => undefined });
      page.add('button', 'There', undefined, { click: () => void (s.page = 'There') });
      page.add('button', 'Drop', undefined, {
        click: () => {
          s.page = 'Dropped';
          page.end(false);
        },
      });
      page.add('text', s.page);
    },
    progress: () => 0,
    expert: () => 'click(2)',
  }),
  actions: CLICK_ONLY,
};
