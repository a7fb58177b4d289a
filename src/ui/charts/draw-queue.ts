// Spreads chart redraws over separate tasks, one chart per task, so an update that touches every chart
// never blocks the main thread for long (the playground keeps every main-thread task under 50 ms).

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
  setTimeout(drain, 0);
}

/** Queues `draw` for `owner`, replacing a queued draw of the same owner (only the latest data matters). */
export function queueDraw(owner: object, draw: () => void): void {
  pending.set(owner, draw);
  if (!scheduled) {
    scheduled = true;
    setTimeout(drain, 0);
  }
}

/** Forgets a queued draw (the chart was destroyed). */
export function cancelDraw(owner: object): void {
  pending.delete(owner);
}
