// The helper behind useTempFolder and useTestServer: made before the block's own hooks, its parts
// the made resource's, undone after the block, and a loud error when read before it is made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteResource } from './suite-resource';

class Counter {
  n = 0;
  bump(): number {
    return ++this.n;
  }
}

describe('a suite resource', () => {
  const log: string[] = [];
  let early: unknown;

  describe('in its block', () => {
    const counter = suiteResource(
      'the counter',
      () => {
        log.push('start');
        return Promise.resolve(new Counter());
      },
      (made) => {
        log.push(`stop at ${String(made.n)}`);
        return Promise.resolve();
      },
    );
    try {
      early = counter.n;
    } catch (error) {
      early = error;
    }
    beforeAll(() => {
      log.push(`own hook sees ${String(counter.n)}`);
    });

    it('is the made resource, its methods bound to it', () => {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- taken off the stand-in, as a callback would be: the binding is what is tested
      const { bump } = counter;
      expect(bump()).toBe(1);
      expect(counter.bump()).toBe(2);
      expect(counter.n).toBe(2);
    });
  });

  it('throws when read before it is made', () => {
    expect(early).toBeInstanceOf(Error);
    expect(String(early)).toContain('the counter is made in beforeAll');
  });

  afterAll(() => {
    expect(log).toEqual(['start', 'own hook sees 0', 'stop at 2']);
  });
});
