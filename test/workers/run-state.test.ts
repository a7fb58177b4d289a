// The run state machine: the moves each event allows, refusals that change nothing, and a device loss returning
// to the state it interrupted.
import { describe, expect, it } from 'vitest';
import { RunMachine, type RunEvent, type RunState } from '../../src/workers/run-state';

/** A machine driven through `events`, which must all be allowed. */
function after(...events: RunEvent[]): RunMachine {
  const m = new RunMachine();
  for (const e of events) expect(m.fire(e), `${e} from ${m.state}`).toBeNull();
  return m;
}

describe('run state machine', () => {
  it('moves through train, pause, step and the end of a run', () => {
    const moves: string[] = [];
    const m = new RunMachine((from, to, event) => moves.push(`${from} -${event}-> ${to}`));
    for (const e of ['step', 'settle', 'play', 'pause', 'settle', 'play', 'finish'] as const) expect(m.fire(e)).toBeNull();
    expect(moves).toEqual([
      'ready -step-> stepping',
      'stepping -settle-> paused',
      'paused -play-> playing',
      'playing -pause-> pausing',
      'pausing -settle-> paused',
      'paused -play-> playing',
      'playing -finish-> done',
    ]);
  });

  it('refuses re-entry and anything after the end, changing nothing', () => {
    const cases: [RunState, RunEvent[], RunEvent, RegExp][] = [
      ['stepping', ['step'], 'step', /step refused: the run is running an update/],
      ['stepping', ['step'], 'play', /play refused: the run is running an update/],
      ['playing', ['play'], 'step', /step refused: the run is training/],
      ['playing', ['play'], 'play', /play refused: the run is training/],
      ['done', ['play', 'finish'], 'play', /play refused: the run is done/],
      ['failed', ['step', 'fail'], 'step', /step refused: the run is stopped by an error/],
      ['recovering', ['lose'], 'play', /play refused: the run is recovering from a lost GPU device/],
      ['closed', ['close'], 'step', /step refused: the run is reset/],
      ['paused', ['step', 'settle'], 'settle', /settle refused/],
    ];
    for (const [state, setup, event, message] of cases) {
      const m = after(...setup);
      expect(m.state).toBe(state);
      expect(m.fire(event)).toMatch(message);
      expect(m.state).toBe(state);
    }
  });

  it('a device lost in any active state recovers to that state; lost after the end it is ignored', () => {
    for (const [setup, state] of [[[], 'ready'], [['play'], 'playing'], [['step'], 'stepping'], [['play', 'pause'], 'pausing'], [['step', 'settle'], 'paused']] as const) {
      const m = after(...setup, 'lose');
      expect(m.state).toBe('recovering');
      expect(m.fire('recover')).toBeNull();
      expect(m.state).toBe(state);
    }
    expect(after('play', 'finish').fire('lose')).toMatch(/lose refused: the run is done/);
    expect(after('play', 'lose', 'fail').state).toBe('failed');
    expect(after('play').fire('recover')).toMatch(/recover refused/);
  });
});
