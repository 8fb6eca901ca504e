// Which AI version read a result: only what the AI status reads around it prove, never a guess.
import { describe, expect, it } from 'vitest';
import { AiVersionLog } from '../../main/engine/ai-versions';

const V2 = 'ns:v2';
const V3 = 'ns:v3';

describe('the AI version of a result', () => {
  it('is the version every read from before the photo went to after its answer named', () => {
    const log = new AiVersionLog();
    expect(log.observe(0, V2)).toEqual([]);
    log.read([{ taskId: 'a', since: 10, until: 20 }]);
    expect(log.pending).toBe(true);
    // Not decided before a read after the answer.
    expect(log.observe(15, V2)).toEqual([]);
    expect(log.observe(25, V2)).toEqual([{ taskId: 'a', aiVersion: V2 }]);
    expect(log.pending).toBe(false);
  });

  it('is blank when the version changed while the photo was at the service', () => {
    const log = new AiVersionLog();
    log.observe(0, V2);
    log.read([
      { taskId: 'across', since: 10, until: 20 },
      { taskId: 'after', since: 31, until: 40 },
    ]);
    expect(log.observe(30, V3)).toEqual([{ taskId: 'across', aiVersion: null }]);
    expect(log.observe(50, V3)).toEqual([{ taskId: 'after', aiVersion: V3 }]);
  });

  it('is blank without a read before the photo went, or a read that named none', () => {
    const log = new AiVersionLog();
    log.read([{ taskId: 'early', since: 0, until: 5 }]);
    expect(log.observe(10, V2)).toEqual([{ taskId: 'early', aiVersion: null }]);
    log.observe(20, null);
    log.read([{ taskId: 'unnamed', since: 25, until: 30 }]);
    expect(log.observe(35, null)).toEqual([{ taskId: 'unnamed', aiVersion: null }]);
  });
});
