// Spreads chart redraws over animation frames, one chart per frame and at most one every GAP_MS, so an update
// that touches every chart never makes a long main-thread task and fast training does not keep the page
// painting every frame (the playground keeps every main-thread task under 50 ms). A chart with a newer draw
// queued replaces its older one.

/** Pause between two chart draws: 17 charts refresh about twice a second at most. */
const GAP_MS = 30;

const pending = new Map<object, () => void>();
let scheduled = false;

function drain(): void {
  const next = pending.entries().next();
  if (next.done) {
    scheduled = false;
    return;
  }
  const [owner, draw] = next.value;
  pending.delete(owner);
  draw();
  setTimeout(() => requestAnimationFrame(drain), GAP_MS);
}

/** Queues `draw` for `owner`, replacing a queued draw of the same owner (only the latest data matters). */
export function queueDraw(owner: object, draw: () => void): void {
  pending.set(owner, draw);
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(drain);
  }
}

/** Forgets a queued draw (the chart was destroyed). */
export function cancelDraw(owner: object): void {
  pending.delete(owner);
}
