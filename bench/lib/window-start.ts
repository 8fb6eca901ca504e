// When a throughput run starts within the service's window (issue 29: the quick bench said
// "47 % worse" for rows whose engine did what it always does). The lower bound credits a run with
// what its first window has left (lib/bounds.ts), and windows are fixed to the epoch: a run that
// starts with 0.8 s of a 6 s window left is bound as if an ideal client sent a whole window's 60
// photos in those 0.8 s, a window lower than a run that starts as a window begins, and no client
// can do that after its first reads. Which of the two a run got was chance, so the same build read
// 1.03 or 1.5 from run to run. A throughput run now starts just after a window begins.

/** How a run picks its start: at once, or just after the next window begins. */
export type StartAt = 'now' | 'window-start';

/** Past a window's beginning, so that the window has begun on the service's clock too. */
const LEAD_MS = 50;

/** Waits until `LEAD_MS` into a window of `windowMs` (windows fixed to the epoch), or not at all. */
export async function waitForStart(startAt: StartAt, windowMs: number): Promise<void> {
  if (startAt === 'now') return;
  const wait = (windowMs - (Date.now() % windowMs) + LEAD_MS) % windowMs;
  await new Promise((resolve) => setTimeout(resolve, wait));
}
