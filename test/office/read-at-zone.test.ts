// A photo's read time reaches the office as the moment it names. A camera writes its wall clock,
// often without an offset; the office stores moments (timestamptz), and would read a bare wall
// clock in the server's zone, which put a Berlin desk's photos hours off in the office's rows.
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxPublisher } from '../../main/office/outbox-publisher';
import { migratedOffice, sha, T0 } from './office-fixture';
import { officeSkip, useOfficeCluster } from './pg-cluster';
import { annaDeskQueue } from './anna-desk-queue';

const office = useOfficeCluster();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(officeSkip !== null)("a photo's read time in the office", () => {
  it('is the moment the camera meant, in the desk’s zone, whatever the server’s zone', async () => {
    const cluster = office();
    const o = await migratedOffice(cluster, 0);
    const { store, clock, outbox, desk } = await annaDeskQueue(o, cleanups, 'meterdesk-readat-');

    // Two photos as the engine leaves them: one with the camera's bare wall clock (summer, Berlin
    // at +02:00), one with an offset the camera wrote.
    const root = Number(
      store.db
        .prepare(`INSERT INTO roots (path, kind, added_at) VALUES ('/p', 'folder', ?) RETURNING id`)
        .pluck()
        .get(T0.toISOString()),
    );
    const photo = (name: string, readAt: string): void => {
      const id = store.db
        .prepare(
          `INSERT INTO jobs (root_id, path, rel_path, size, mtime_ms, sha256, state, task_id,
             read_at, read_at_source, created_at, updated_at)
           VALUES (?, ?, ?, 1, 0, ?, 'submitted', ?, ?, 'exif', ?, ?)`,
        )
        .run(
          root,
          `/p/${name}`,
          name,
          sha(name),
          `t-${name}`,
          readAt,
          T0.toISOString(),
          T0.toISOString(),
        ).lastInsertRowid;
      store.db
        .prepare(
          `UPDATE jobs SET state = 'done', final_reading = '00120', result_source = 'ai',
             is_latest_ai_version = 1 WHERE id = ?`,
        )
        .run(id);
    };
    photo('bare.jpg', '2026-07-04T09:30:00');
    photo('offset.jpg', '2026-07-04T09:30:00+05:30');

    const publisher = new OutboxPublisher({ outbox, office: desk, clock, zone: 'Europe/Berlin' });
    expect(await publisher.drain()).toMatchObject({ reachable: true, pending: 0 });

    const admin = cluster.adminOn(o.database);
    const rows = await admin.query<{ file_name: string; utc: string; berlin: string }>(
      `SELECT file_name, to_char(read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS utc,
              to_char(read_at AT TIME ZONE 'Europe/Berlin', 'HH24:MI') AS berlin
         FROM readings ORDER BY file_name`,
    );
    expect(rows.rows).toEqual([
      { file_name: 'bare.jpg', utc: '2026-07-04T07:30', berlin: '09:30' },
      { file_name: 'offset.jpg', utc: '2026-07-04T04:00', berlin: '06:00' },
    ]);
  });
});
