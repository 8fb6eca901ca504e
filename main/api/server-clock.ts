// The service's clock, to better than the one-second resolution of its Date header.
//
// Reset times arrive as absolute server times and are turned into waits with the server's "now".
// The Date header is truncated to the second, so taken alone it makes every wait up to a second
// too long. Each answer bounds the offset between the two clocks from below: when it was sent the
// server's clock read at least Date, and it is received later. The largest such bound seen lately
// is the best safe estimate: a wait computed from it is never shorter than the true one (while the
// clocks keep their offset), and over a few dozen answers it comes within the shortest round trip.

/** Answers remembered; an old bound is dropped so a server clock set back is believed in time. */
const MAX_SAMPLES = 64;
const MAX_SAMPLE_AGE_MS = 10 * 60_000;

export class ServerClock {
  private readonly samples: { readonly atMs: number; readonly offsetMs: number }[] = [];

  /**
   * The server's clock at local time `localMs`, for an answer received then carrying Date
   * `dateMs` (undefined without a usable Date header).
   */
  nowAt(dateMs: number | undefined, localMs: number): number | undefined {
    if (dateMs === undefined) return undefined;
    this.samples.push({ atMs: localMs, offsetMs: dateMs - localMs });
    while (
      this.samples.length > MAX_SAMPLES ||
      (this.samples[0] !== undefined && localMs - this.samples[0].atMs > MAX_SAMPLE_AGE_MS)
    ) {
      this.samples.shift();
    }
    let offset = -Infinity;
    for (const s of this.samples) offset = Math.max(offset, s.offsetMs);
    return localMs + offset;
  }
}
