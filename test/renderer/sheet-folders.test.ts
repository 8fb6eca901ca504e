// Which folders a new route sheet is kept to unless the clerk says otherwise (issue 22, item 2):
// the folders added on the day the newest was, not last month's.
import { describe, expect, it } from 'vitest';
import { defaultSheetFolders } from '../../renderer/billing/sheet-dialog';

describe('defaultSheetFolders', () => {
  it('ticks the folders added on the newest folder’s day', () => {
    const roots = [
      { path: '/photos/2026-10 Tour 1', addedAt: '2026-10-27T08:00:00.000Z' },
      { path: '/photos/2026-11 Tour 1 (Anna)', addedAt: '2026-11-26T07:10:00.000Z' },
      { path: '/photos/2026-11 Tour 1 (Ben)', addedAt: '2026-11-26T07:12:00.000Z' },
    ];
    expect(defaultSheetFolders(roots)).toEqual([
      '/photos/2026-11 Tour 1 (Anna)',
      '/photos/2026-11 Tour 1 (Ben)',
    ]);
  });

  it('ticks nothing in an empty queue (the sheet then matches every folder)', () => {
    expect(defaultSheetFolders([])).toEqual([]);
  });
});
