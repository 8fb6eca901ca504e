// The window's event stream: bursts become one push carrying every change since the last.
import { describe, expect, it } from 'vitest';
import { engineMessage, logEntryText } from '../../common/engine-messages';
import type { AppEvent } from '../../common/ipc/app-event';
import type { EngineStatus } from '../../common/engine-status';
import type { JobRecord } from '../../common/job-record';
import { EventHub } from '../../main/backend/event-hub';

function job(id: number, state: JobRecord['state']): JobRecord {
  return { id, state } as JobRecord;
}

function statusWith(done: number): EngineStatus {
  return { counts: { done } } as EngineStatus;
}

function hubOver(
  rows: Map<number, JobRecord>,
  opts: { maxRows?: number; intervalMs?: number } = {},
) {
  const hub = new EventHub({ loadJob: (id) => rows.get(id), intervalMs: 20, ...opts });
  const pushes: AppEvent[] = [];
  hub.subscribe((e) => pushes.push(e));
  return { hub, pushes };
}

const nextPush = (pushes: AppEvent[], n: number) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (pushes.length >= n) resolve();
      else setTimeout(check, 5);
    };
    check();
  });

describe('EventHub', () => {
  it('coalesces a burst into one push with the rows as they are at push time', async () => {
    const rows = new Map([1, 2, 3].map((id) => [id, job(id, 'queued')]));
    const { hub, pushes } = hubOver(rows);
    for (let i = 0; i < 100; i++) hub.jobsChanged([1, 2]);
    hub.jobsChanged([3]);
    hub.statusChanged(statusWith(1));
    hub.statusChanged(statusWith(2));
    hub.logLine('a');
    hub.logLine('Service reachable again; resuming', engineMessage('offlineEnded', {}));
    rows.set(2, job(2, 'done'));
    await nextPush(pushes, 1);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push?.seq).toBe(1);
    expect(push?.jobs.map((j) => [j.id, j.state])).toEqual([
      [1, 'queued'],
      [2, 'done'],
      [3, 'queued'],
    ]);
    expect(push?.status?.counts.done).toBe(2);
    // A line carries the code the window words it by, not the English; one without a code is
    // shown as written.
    expect(push?.log).toEqual([
      { code: 'quoted', params: { text: 'a' } },
      { code: 'offlineEnded', params: {} },
    ]);
    expect(push?.appChanged).toBe(false);
    hub.close();
  });

  it('names removed jobs, and says "reload" instead of sending too many rows', async () => {
    const rows = new Map([1, 2, 3].map((id) => [id, job(id, 'done')]));
    const { hub, pushes } = hubOver(rows, { maxRows: 2 });
    rows.delete(2);
    hub.jobsChanged([1, 2]);
    await nextPush(pushes, 1);
    expect(pushes[0]).toMatchObject({ removedJobIds: [2], jobsOverflow: false });
    hub.jobsChanged([1, 2, 3]);
    await nextPush(pushes, 2);
    expect(pushes[1]).toMatchObject({ jobs: [], removedJobIds: [], jobsOverflow: true, seq: 2 });
    hub.close();
  });

  it('sends nothing when nothing changed, and the status only when it changed', () => {
    const { hub, pushes } = hubOver(new Map());
    hub.flush();
    expect(pushes).toEqual([]);
    hub.markAppChanged();
    hub.flush();
    expect(pushes[0]).toMatchObject({ seq: 1, appChanged: true, status: null });
    expect(hub.seq).toBe(1);
    hub.close();
  });

  it('keeps at most the newest log lines between two pushes', () => {
    const hub = new EventHub({ loadJob: () => undefined, maxLogLines: 3, intervalMs: 10_000 });
    const pushes: AppEvent[] = [];
    hub.subscribe((e) => pushes.push(e));
    for (const line of ['1', '2', '3', '4', '5']) hub.logLine(line);
    hub.flush();
    expect(pushes[0]?.log.map(logEntryText)).toEqual(['3', '4', '5']);
    hub.close();
  });

  it('pushes what is pending when closed, and nothing after', () => {
    const { hub, pushes } = hubOver(new Map([[1, job(1, 'done')]]), { intervalMs: 10_000 });
    hub.jobsChanged([1]);
    hub.close();
    hub.jobsChanged([1]);
    hub.flush();
    expect(pushes).toHaveLength(1);
  });
});
