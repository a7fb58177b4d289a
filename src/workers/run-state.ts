// The state machine of one training run in the trainer worker. Every change of state — train, step, pause, an
// update ending, the run finishing, NaN or an error, a lost GPU device and its recovery, reset — is an event
// fired here; an event the current state does not allow is refused with a message and changes nothing, so a
// double-clicked Step or a Train during a recovery cannot start a second update.

export type RunState =
  | 'ready' // built (BC done or resumed), no update yet in this session
  | 'playing' // updates one after another
  | 'stepping' // exactly one update in flight
  | 'pausing' // asked to stop: the update in flight finishes first
  | 'paused' // stopped between updates
  | 'recovering' // the GPU device was lost: rebuilding from the last checkpoint
  | 'done' // every planned update ran
  | 'failed' // stopped by NaN or an error; the last good checkpoint is kept
  | 'closed'; // reset: nothing more happens

export type RunEvent = 'play' | 'step' | 'pause' | 'settle' | 'finish' | 'fail' | 'lose' | 'recover' | 'close';

const ACTIVE = ['ready', 'playing', 'stepping', 'pausing', 'paused'] as const;

/** Where each event may lead from; 'recover' returns to the state the loss interrupted. */
const MOVES: Record<Exclude<RunEvent, 'recover' | 'close'>, Partial<Record<RunState, RunState>>> = {
  play: { ready: 'playing', paused: 'playing' },
  step: { ready: 'stepping', paused: 'stepping' },
  pause: { playing: 'pausing', stepping: 'pausing' },
  settle: { stepping: 'paused', pausing: 'paused' },
  finish: { ready: 'done', playing: 'done', stepping: 'done', pausing: 'done' }, // ready: resumed with every update done
  fail: { ...Object.fromEntries(ACTIVE.map((s) => [s, 'failed'])), recovering: 'failed' },
  lose: Object.fromEntries(ACTIVE.map((s) => [s, 'recovering'])),
};

const WHY: Record<RunState, string> = {
  ready: 'ready',
  playing: 'training',
  stepping: 'running an update',
  pausing: 'pausing after the update in flight',
  paused: 'paused',
  recovering: 'recovering from a lost GPU device',
  done: 'done',
  failed: 'stopped by an error',
  closed: 'reset',
};

export class RunMachine {
  private current: RunState = 'ready';
  /** The state a device loss interrupted, to return to after recovery. */
  private interrupted: RunState | null = null;

  constructor(private readonly onMove: (from: RunState, to: RunState, event: RunEvent) => void = () => {}) {}

  get state(): RunState {
    return this.current;
  }

  /** Moves on `event`; returns null, or why the event is refused in this state (nothing changes then). */
  fire(event: RunEvent): string | null {
    const from = this.current;
    let to: RunState | undefined;
    if (event === 'close') to = 'closed';
    else if (event === 'recover') to = from === 'recovering' ? (this.interrupted ?? 'paused') : undefined;
    else to = MOVES[event][from];
    if (to === undefined) return `${event} refused: the run is ${WHY[from]}`;
    if (event === 'lose') this.interrupted = from;
    this.current = to;
    this.onMove(from, to, event);
    return null;
  }
}
