// One pacer per API key and service in the process, shared by every client built with that key, so
// they draw on one budget (what the service counts) rather than one each.
import { createHash } from 'node:crypto';
import { createPacer, settled } from './pacer';
import type { Pacer, PacerOptions } from './pacer-types';

interface SharedEntry {
  readonly pacer: Pacer;
  readonly options: PacerOptions | undefined;
  users: number;
}

const shared = new Map<string, SharedEntry>();

/** One API key's pacer for as long as a client uses it. */
export interface SharedPacer {
  readonly pacer: Pacer;
  /** The client is done with it; the last release forgets the key's pacer. */
  release(): void;
}

function sameOptions(a: PacerOptions | undefined, b: PacerOptions | undefined): boolean {
  const x = settled(a);
  const y = settled(b);
  return (Object.keys(x) as (keyof typeof x)[]).every((k) => x[k] === y[k]);
}

/**
 * The process-wide pacer of one API key at one service, so that every client built with the same
 * key shares one budget. The key is only hashed, never stored. A second user asking for other
 * options (another clock, another reserve) is an error, not silently given the first one's; the
 * entry is dropped when its last user releases it, so a process that saw many keys keeps none.
 */
export function sharePacer(origin: string, apiKey: string, options?: PacerOptions): SharedPacer {
  const id = createHash('sha256').update(origin).update('\n').update(apiKey).digest('hex');
  let entry = shared.get(id);
  if (entry && !sameOptions(entry.options, options)) {
    throw new Error(
      'This API key already has a pacer with other options in this process; share the options or close the other client first.',
    );
  }
  if (!entry) {
    entry = { pacer: createPacer(options), options, users: 0 };
    shared.set(id, entry);
  }
  const held = entry;
  held.users++;
  let released = false;
  return {
    pacer: held.pacer,
    release: () => {
      if (released) return;
      released = true;
      if (--held.users === 0 && shared.get(id) === held) shared.delete(id);
    },
  };
}
