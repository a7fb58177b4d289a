// The curriculum (config.curriculum): training starts at level 0 and climbs one level at a time to config.difficulty
// (or the env's last level, if lower) when the mean training success of the last K updates (curriculumWindow) reaches curriculumUp, and steps one level
// down when it falls to curriculumDown; after a move the window starts afresh. Levels are the env's (envOptionsFor).

import type { Config } from '../core/config-table';

/** What a checkpoint keeps of it. */
export interface CurriculumState {
  level: number;
  /** Training success of the updates since the last move (at most K). */
  recent: number[];
}

type CurriculumConfig = Pick<Config, 'curriculum' | 'difficulty' | 'curriculumWindow' | 'curriculumUp' | 'curriculumDown'>;

export class Curriculum {
  private state: CurriculumState;

  /** `top`: the env's last level (src/envs/levels.ts maxLevel). */
  constructor(
    private readonly c: CurriculumConfig,
    private readonly top: number,
    state?: CurriculumState,
  ) {
    this.state = state ? { level: state.level, recent: [...state.recent] } : { level: c.curriculum ? 0 : Math.min(c.difficulty, top), recent: [] };
  }

  /** The level the next batch is played at. */
  get level(): number {
    return this.state.level;
  }

  /** After an update whose training episodes succeeded at rate `success`: maybe one level up or down. */
  record(success: number): void {
    if (!this.c.curriculum) return;
    const s = this.state;
    s.recent = [...s.recent, success].slice(-this.c.curriculumWindow);
    if (s.recent.length < this.c.curriculumWindow) return;
    const mean = s.recent.reduce((a, b) => a + b, 0) / s.recent.length;
    if (mean >= this.c.curriculumUp && s.level < Math.min(this.c.difficulty, this.top)) this.state = { level: s.level + 1, recent: [] };
    else if (mean <= this.c.curriculumDown && s.level > 0) this.state = { level: s.level - 1, recent: [] };
  }

  snapshot(): CurriculumState {
    return { level: this.state.level, recent: [...this.state.recent] };
  }
}
