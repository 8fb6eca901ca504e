import type { Migration } from './migration';

/**
 * The AI version that read a photo. A task tells only whether its result came from the latest
 * version (spec 4.4), so the version is the one the service named current when a result marked
 * latest came back; without it a row read last month would show today's version.
 */
export const migration004: Migration = {
  version: 4,
  name: 'AI version of a reading',
  up: `ALTER TABLE jobs ADD COLUMN ai_version TEXT;`,
};
