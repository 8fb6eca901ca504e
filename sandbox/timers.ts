// Every timer the sandbox starts goes through here so close() can cancel them all at once and a
// closed sandbox never fires a late callback. Timers are unref'd: a forgotten sandbox must not
// keep a test process alive.

export class TimerSet {
  private readonly live = new Set<NodeJS.Timeout>();
  private closed = false;

  /** Run fn after ms; returns a handle for cancel(). Does nothing once closed. */
  after(ms: number, fn: () => void): NodeJS.Timeout | null {
    if (this.closed) return null;
    const handle = setTimeout(
      () => {
        this.live.delete(handle);
        fn();
      },
      Math.max(0, ms),
    );
    handle.unref();
    this.live.add(handle);
    return handle;
  }

  cancel(handle: NodeJS.Timeout | null): void {
    if (handle === null) return;
    clearTimeout(handle);
    this.live.delete(handle);
  }

  get size(): number {
    return this.live.size;
  }

  closeAll(): void {
    this.closed = true;
    for (const handle of this.live) clearTimeout(handle);
    this.live.clear();
  }
}
