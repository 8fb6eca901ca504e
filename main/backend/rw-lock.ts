/**
 * Many readers or one writer. Calls from the window share the backend; swapping the store or the
 * engine (new settings, key or service) waits for them and holds new ones back until it is done, so
 * no call ever sees a closed database. Writers are preferred so a stream of reads cannot starve a
 * settings change.
 */
export class RwLock {
  private readers = 0;
  private writing = false;
  private readonly waiting: { exclusive: boolean; start: () => void }[] = [];

  async shared<T>(work: () => Promise<T> | T): Promise<T> {
    await this.acquire(false);
    try {
      return await work();
    } finally {
      this.readers--;
      this.pump();
    }
  }

  async exclusive<T>(work: () => Promise<T> | T): Promise<T> {
    await this.acquire(true);
    try {
      return await work();
    } finally {
      this.writing = false;
      this.pump();
    }
  }

  private acquire(exclusive: boolean): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ exclusive, start: resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiting.length > 0 && !this.writing) {
      const next = this.waiting[0];
      if (!next) return;
      if (next.exclusive) {
        if (this.readers > 0) return;
        this.waiting.shift();
        this.writing = true;
        next.start();
        return;
      }
      this.waiting.shift();
      this.readers++;
      next.start();
    }
  }
}
