// The desk's periodic publisher runs on its own timer; a turn that comes after the queue was
// closed (the desk stopping, a window closing) must end quietly: its promise is awaited by nobody,
// so a throw there would be an unhandled rejection. Nothing of the office is reached, so no server.
import { describe, expect, it } from 'vitest';
import { PeriodicPublisher } from '../../main/office/periodic-publish';
import { openStore } from '../../main/store/store';
import { createManualClock } from '../helpers/manual-clock';
import { tempDir } from '../helpers/tmp';

describe('the periodic publisher', () => {
  it('ends a turn on a closed queue quietly, without reaching the office', async () => {
    const t = tempDir('meterdesk-periodic-');
    const store = openStore(`${t.dir}/queue.sqlite`);
    const clock = createManualClock(Date.parse('2026-03-02T08:00:00Z'));
    const reached: string[] = [];
    const office = {
      loadRoute: () => {
        reached.push('loadRoute');
        return Promise.resolve({ routeId: 1, taken: 'taken' as const });
      },
      keepOrderFile: () => {
        reached.push('keepOrderFile');
        return Promise.resolve('taken' as const);
      },
      publishDialect: () => {
        reached.push('publishDialect');
        return Promise.resolve(0);
      },
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    const publisher = new PeriodicPublisher({
      store,
      office,
      desk: 'anna@pc1',
      clock,
      everyMs: 1_000,
    });
    try {
      publisher.start();
      store.close();
      await clock.advance(1_000);
      await clock.advance(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(reached).toEqual([]);
    } finally {
      await publisher.stop();
      process.off('unhandledRejection', onUnhandled);
      t.cleanup();
    }
  });
});
