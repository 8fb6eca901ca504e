import type { Migration } from './migration';

/**
 * The desk outbox is pruned of entries published longer ago than the desk keeps them (issue 30,
 * item 7): the pruning's filter gets its own partial index, over published entries only, so the
 * pending entries' index and the publisher's look at them stay as they were.
 */
export const migration024: Migration = {
  version: 24,
  name: 'outbox published index',
  up: `
    CREATE INDEX office_outbox_published ON office_outbox (published_at)
      WHERE published_at IS NOT NULL;
  `,
};
