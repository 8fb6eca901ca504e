// Asking the real sandbox again until its answer is what a test waits for (the client tests each
// had a copy of this loop). No time limit of its own: the test's budget is the hang guard.

/** Calls `read` every `everyMs` until `done` holds for its answer; that answer. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  everyMs = 25,
): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
