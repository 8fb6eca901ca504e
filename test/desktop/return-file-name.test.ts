// The save dialog's offer for the return file (issue 31): beside the order file's name, with the
// day and the order file's own extension, so billing's import finds the layout it expects.
import { describe, expect, it } from 'vitest';
import { returnFileName } from '../../main/desktop/billing-dialog-calls';

const DAY = new Date('2026-10-21T12:00:00Z');

describe('returnFileName', () => {
  it('keeps the order file’s extension', () => {
    expect(returnFileName('MR_ORDERS.csv', DAY)).toBe('MR_ORDERS return 2026-10-21.csv');
    expect(returnFileName('route12.imp', DAY)).toBe('route12 return 2026-10-21.imp');
  });

  it('a name without an extension, or only one, gets none added', () => {
    expect(returnFileName('ORDERS', DAY)).toBe('ORDERS return 2026-10-21');
    expect(returnFileName('.orders', DAY)).toBe('.orders return 2026-10-21');
  });
});
