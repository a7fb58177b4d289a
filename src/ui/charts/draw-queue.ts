// Spreads chart redraws over animation frames, one chart per frame, so an update that touches every chart
// never makes a long main-thread task: each frame draws and paints one canvas (the playground keeps every
// main-thread task under 50 ms). A chart with a newer draw queued replaces its older one.

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
  requestAnimationFrame(drain);
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
