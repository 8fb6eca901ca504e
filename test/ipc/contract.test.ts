// Every channel of the IPC contract, driven the way the window drives it: through the bridge and
// the dispatcher into the real handlers, with the engine on the built-in sandbox over HTTP, a real
// SQLite queue and real sample photos. The last test checks that each channel answered ok at least
// once and that no reply or push ever carried an API key.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../common/ipc/channels';
import type { JobRecord } from '../../common/job-record';
import { photoResponse } from '../../main/desktop/photo-response';
import { createSandbox, type Sandbox } from '../../sandbox';
import { renderMeterPhoto } from '../../sandbox/samples';
import { jpeg } from '../watch/helpers';
import { openDesktop, until, value, type Desktop } from './helpers/desktop';
import { jobMessage } from '../../common/job-messages';
import { logText } from '../../common/engine-messages';
import { builtinProfile } from '../../common/billing/order-files/builtin-profiles';
import { rowProblemEnglish } from '../../common/billing/row-problem-english';
import { reviewedJob } from '../helpers/review-answer';

let desk: Desktop;
let remote: Sandbox;
const REMOTE_KEY = 'md_remote_key_for_contract_tests_9f3a';
const NO_QUOTA_SCOPE_KEY = 'md_remote_key_without_quota_read_77b1';
const secrets: string[] = [REMOTE_KEY, NO_QUOTA_SCOPE_KEY];
let sampleFolder = '';
let samplePhotos = 0;

async function settled(): Promise<void> {
  await until(async () => {
    const s = value(await desk.bridge.snapshot()).status.counts;
    return s.total > 0 && s.queued + s.uploading + s.submitted === 0;
  }, 'every job to be final');
}

async function jobs(filter: 'done' | 'failed' | 'rejected' | 'all' = 'all'): Promise<JobRecord[]> {
  return [...value(await desk.bridge.queryJobs({ filter, limit: 1000 })).rows];
}

beforeAll(async () => {
  desk = await openDesktop();
  remote = await createSandbox({
    keys: [
      { key: REMOTE_KEY },
      { key: NO_QUOTA_SCOPE_KEY, scopes: ['ai:read', 'tasks:read', 'tasks:write'] },
    ],
    ai: { latencyMs: 30, jitterMs: 10 },
  });
});

afterAll(async () => {
  await desk.close();
  await remote.close();
});

describe('a fresh install', () => {
  it('snapshot: no service, no key, an empty queue', async () => {
    const snap = value(await desk.bridge.snapshot());
    expect(snap.service).toMatchObject({ kind: 'none', baseUrl: null });
    expect(snap.key).toMatchObject({ isSet: false, hint: '' });
    expect(snap.status.counts.total).toBe(0);
    expect(snap.status.running).toBe(false);
    expect(snap.roots).toEqual([]);
    expect(snap.appVersion).toBe('0.0.0-test');
  });

  it('getSettings: the defaults, with the per-user data folder', async () => {
    const s = value(await desk.bridge.getSettings());
    expect(s).toMatchObject({ baseUrl: null, useSandbox: false, batchMode: 'auto', dataDir: null });
    expect(s.effectiveDataDir).toBe(join(desk.dir, 'user'));
  });

  it('quota and AI status: unknown while no service is configured', async () => {
    const { status } = value(await desk.bridge.snapshot());
    expect(status.quota).toBeNull();
    expect(status.ai).toBeNull();
  });

  it('getKeyStatus: not set, kept in memory (the test has no keychain)', async () => {
    expect(value(await desk.bridge.getKeyStatus())).toMatchObject({
      isSet: false,
      backend: { kind: 'session_only' },
    });
  });
});

describe('onboarding with the built-in sandbox', () => {
  it('startSandbox: starts the service in-process and makes sample photos', async () => {
    const started = value(await desk.bridge.startSandbox({ photos: 10 }));
    sampleFolder = started.sampleFolder;
    samplePhotos = started.photos;
    expect(started.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // Ten rendered photos, copies of two of them, and a PNG named .jpg among the bad files.
    expect(started.photos).toBe(13);
    expect(existsSync(join(sampleFolder, 'Building A'))).toBe(true);
    const sandbox = desk.backend.sandbox();
    expect(sandbox?.url).toBe(started.baseUrl);
    if (sandbox) secrets.push(sandbox.apiKey);
  });

  it('snapshot: the sandbox, a key known only by its last four characters', async () => {
    const snap = value(await desk.bridge.snapshot());
    const key = desk.backend.sandbox()?.apiKey ?? '';
    expect(snap.service).toMatchObject({ kind: 'sandbox', sampleFolder });
    expect(snap.settings.useSandbox).toBe(true);
    expect(snap.key).toMatchObject({ isSet: true, hint: key.slice(-4) });
    expect(snap.status.running).toBe(true);
    expect(JSON.stringify(snap)).not.toContain(key);
  });

  it("quota and AI status: the engine reads the sandbox's and pushes them", async () => {
    const pushed = await until(
      () => desk.events.find((e) => e.status?.quota && e.status.ai)?.status,
      'a push with quota and AI status',
    );
    expect(pushed.quota?.dailyLimit).toBe(500);
    // The service's summary is its English: the view carries the numbers only.
    expect(pushed.quota).not.toHaveProperty('summaryText');
    expect(pushed.ai).toMatchObject({ isOnline: true, currentAiVersion: 'water_v3_meter:v3.2' });
  });
});

describe('the queue', () => {
  it('addPaths: scans the sample folder; bad files are rejected with reasons', async () => {
    const summary = value(await desk.bridge.addPaths({ paths: [sampleFolder] }));
    expect(summary.queued + summary.reused).toBe(samplePhotos);
    expect(summary.rejected).toBeGreaterThanOrEqual(4);
    expect(summary.rejectedByKind.unsupported_format).toBeGreaterThan(0);
    expect(summary.rootIds).toHaveLength(1);
    await settled();
  });

  it('queryJobs: pages, filters, sorts and searches', async () => {
    const done = value(await desk.bridge.queryJobs({ filter: 'done', sort: 'file', limit: 5 }));
    expect(done.total).toBe(samplePhotos);
    expect(done.rows).toHaveLength(5);
    const names = done.rows.map((r) => r.relPath.toLowerCase());
    expect(names).toEqual([...names].sort());
    const page2 = value(await desk.bridge.queryJobs({ filter: 'done', sort: 'file', offset: 5 }));
    expect(page2.rows[0]?.id).not.toBe(done.rows[0]?.id);
    const search = value(await desk.bridge.queryJobs({ search: 'copy' }));
    expect(search.total).toBe(2);
    const rejected = value(await desk.bridge.queryJobs({ filter: 'rejected' }));
    expect(rejected.rows.every((r) => r.errorMessage)).toBe(true);
  });

  it('pushes carried the rows as they changed, coalesced, in order', async () => {
    // The engine reports a little after the queue changed; wait for the push of the last change.
    await until(
      () => desk.events.some((e) => e.status?.counts.done === samplePhotos),
      'the push of the finished run',
    );
    desk.events.forEach((event, i) => {
      if (i > 0) expect(event.seq).toBe((desk.events[i - 1]?.seq ?? 0) + 1);
    });
    const finalRows = new Map<number, JobRecord>();
    for (const event of desk.events) for (const job of event.jobs) finalRows.set(job.id, job);
    const doneInEvents = [...finalRows.values()].filter((j) => j.state === 'done');
    expect(doneInEvents).toHaveLength(samplePhotos);
  });

  it('jobDetail: the job, its history, its folder and its photo address', async () => {
    const job = (await jobs('done'))[0];
    if (!job) throw new Error('no done job');
    const detail = value(await desk.bridge.jobDetail({ id: job.id }));
    expect(detail.job.id).toBe(job.id);
    expect(detail.events.map((e) => e.state)).toContain('done');
    expect(detail.root?.path).toBe(sampleFolder);
    expect(detail.photoUrl).toBe(`meterdesk-photo://job/${String(job.id)}`);
    const photo = await photoResponse(new Request(detail.photoUrl ?? ''), (jobId) =>
      desk.backend.handlers.photoFile({ jobId }),
    );
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)$/);
    const rejected = (await jobs('rejected'))[0];
    if (!rejected) throw new Error('no rejected job');
    expect(value(await desk.bridge.jobDetail({ id: rejected.id })).photoUrl).toBeNull();
    // A byte-identical copy names the photo it copies; that photo names none.
    const all = await jobs('done');
    const copy = all.find((j) => j.relPath.startsWith('Copies/'));
    if (!copy) throw new Error('no copy in the sample folder');
    const copied = value(await desk.bridge.jobDetail({ id: copy.id })).copyOf;
    expect(copied).not.toBeNull();
    expect(copied).not.toMatch(/^Copies\//);
    const original = all.find((j) => j.relPath === copied);
    if (!original) throw new Error(`no photo ${String(copied)}`);
    expect(original.sha256).toBe(copy.sha256);
    expect(value(await desk.bridge.jobDetail({ id: original.id })).copyOf).toBeNull();
    expect(await desk.bridge.jobDetail({ id: 999_999 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('listRoots: the added folder with its counts', async () => {
    const roots = value(await desk.bridge.listRoots());
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ path: sampleFolder, kind: 'folder' });
    expect(roots[0]?.counts.done).toBe(samplePhotos);
  });

  it('review: accepts a reading, corrects another (the AI reading stays beside it)', async () => {
    const [a, b] = await jobs('done');
    if (!a || !b) throw new Error('two done jobs needed');
    const accepted = reviewedJob(value(await desk.bridge.review({ id: a.id, action: 'accept' })));
    expect(accepted.reviewAction).toBe('accepted');
    const corrected = reviewedJob(
      value(await desk.bridge.review({ id: b.id, action: 'correct', reading: '01234.5' })),
    );
    expect(corrected).toMatchObject({ reviewAction: 'corrected', reviewedReading: '01234.5' });
    expect(corrected.aiReading).toBe(b.aiReading);
    const rejected = (await jobs('rejected'))[0];
    if (!rejected) throw new Error('no rejected job');
    expect(await desk.bridge.review({ id: rejected.id, action: 'accept' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
  });

  it('undoReview: gives back the state before the last review, only while the row carries it', async () => {
    const [a] = await jobs('done');
    if (!a) throw new Error('a done job needed');
    const confirmed = reviewedJob(value(await desk.bridge.review({ id: a.id, action: 'accept' })));
    const corrected = reviewedJob(
      value(await desk.bridge.review({ id: a.id, action: 'correct', reading: '00042.1' })),
    );
    if (!confirmed.reviewedAt || !corrected.reviewedAt) throw new Error('no review time');
    const restore = {
      action: 'accepted',
      reading: null,
      reviewedAt: confirmed.reviewedAt,
    } as const;
    const undo = {
      action: 'corrected',
      reading: '00042.1',
      reviewedAt: corrected.reviewedAt,
    } as const;
    // A review that is no longer the row's (it was reviewed again since) is not undone.
    expect(await desk.bridge.undoReview({ id: a.id, undo: restore, restore })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request' },
    });
    const back = reviewedJob(value(await desk.bridge.undoReview({ id: a.id, undo, restore })));
    expect(back).toMatchObject({
      state: 'done',
      reviewAction: 'accepted',
      reviewedReading: null,
      reviewedAt: confirmed.reviewedAt,
      taskId: a.taskId,
    });
    const detail = value(await desk.bridge.jobDetail({ id: a.id }));
    expect(detail.events.at(-1)?.message).toEqual(jobMessage('undoneToConfirmed', {}));
    // Nothing to take back twice.
    expect(await desk.bridge.undoReview({ id: a.id, undo, restore })).toMatchObject({ ok: false });
  });

  it('queryJobs keepIds: a reviewed row stays in a filter that no longer holds it', async () => {
    const [a] = await jobs('done');
    if (!a) throw new Error('a done job needed');
    const hidden = value(await desk.bridge.queryJobs({ filter: 'failed', limit: 1000 }));
    expect(hidden.rows.some((r) => r.id === a.id)).toBe(false);
    const kept = value(
      await desk.bridge.queryJobs({ filter: 'failed', keepIds: [a.id], limit: 1000 }),
    );
    expect(kept.total).toBe(hidden.total + 1);
    expect(kept.rows.some((r) => r.id === a.id)).toBe(true);
    // The search still applies to kept rows.
    const searched = value(
      await desk.bridge.queryJobs({ filter: 'failed', keepIds: [a.id], search: 'no-such-name' }),
    );
    expect(searched.total).toBe(0);
  });

  it('pause, resume and retryNow answer with the engine status', async () => {
    expect(value(await desk.bridge.pause()).paused).toBe(true);
    expect(value(await desk.bridge.snapshot()).status.paused).toBe(true);
    expect(value(await desk.bridge.resume()).paused).toBe(false);
    expect(value(await desk.bridge.retryNow()).running).toBe(true);
  });

  it('retryFailed: a photo the AI failed goes back into the queue and is read', async () => {
    const folder = join(desk.dir, 'route-7');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'IMG_9001.jpg'),
      await renderMeterPhoto({ reading: '00777.123', format: 'jpeg', width: 480, seed: 9001 }),
    );
    desk.backend.sandbox()?.control.setAi({ failureRate: 1 });
    value(await desk.bridge.addPaths({ paths: [folder] }));
    const failed = await until(async () => (await jobs('failed'))[0], 'the AI to fail the photo');
    desk.backend.sandbox()?.control.setAi({ failureRate: 0 });
    expect(value(await desk.bridge.retryFailed({ ids: [failed.id] }))).toEqual({ retried: 1 });
    await until(
      async () => value(await desk.bridge.jobDetail({ id: failed.id })).job.state === 'done',
      'the retried photo to be read',
    );
    expect(value(await desk.bridge.retryFailed()).retried).toBe(0);
  });

  it('remove: takes jobs off the list; the push names them as removed', async () => {
    const job = (await jobs('rejected'))[0];
    if (!job) throw new Error('no rejected job');
    const before = desk.events.length;
    expect(value(await desk.bridge.remove({ ids: [job.id] }))).toEqual({ removed: 1, kept: 0 });
    await until(
      () => desk.events.slice(before).some((e) => e.removedJobIds.includes(job.id)),
      'a push naming the removed job',
    );
    expect(await desk.bridge.jobDetail({ id: job.id })).toMatchObject({ ok: false });
  });
});

describe('files outside the queue', () => {
  let exported = '';

  it('exportCsv: the save dialog picks the file; the CSV holds the readings, no key', async () => {
    exported = join(desk.dir, 'out', 'readings.csv');
    mkdirSync(join(desk.dir, 'out'));
    desk.os.saveAnswers.push(exported);
    const done = (await jobs('done')).length;
    const out = value(
      await desk.bridge.exportCsv({ selection: { filter: 'done' }, bom: false, delimiter: ';' }),
    );
    expect(out).toEqual({ canceled: false, path: exported, rows: done });
    const text = readFileSync(exported, 'utf8');
    expect(text.split('\r\n')[0]).toContain(';');
    expect(text).toContain('"01234,5"'); // ';' files carry the decimal comma
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('exportCsv: a canceled dialog writes nothing', async () => {
    expect(
      value(await desk.bridge.exportCsv({ selection: {}, bom: true, delimiter: ',' })),
    ).toEqual({ canceled: true });
  });

  it('openFileLocation: a job photo, an added folder, an exported file', async () => {
    const job = (await jobs('done'))[0];
    if (!job) throw new Error('no done job');
    expect(value(await desk.bridge.openFileLocation({ jobId: job.id }))).toBeNull();
    value(await desk.bridge.openFileLocation({ path: join(sampleFolder, 'Building A') }));
    value(await desk.bridge.openFileLocation({ path: exported }));
    expect(desk.os.shown).toEqual([job.path, join(sampleFolder, 'Building A'), exported]);
  });

  it('getUpdateStatus: the running version; updates off (main runs the updater in the app)', async () => {
    const { appVersion } = value(await desk.bridge.snapshot());
    expect(value(await desk.bridge.getUpdateStatus())).toMatchObject({
      currentVersion: appVersion,
      phase: 'off',
      newVersion: null,
    });
  });

  it('openLogFolder: main opens the log folder; an OS refusal is a file_error naming it', async () => {
    expect(value(await desk.bridge.openLogFolder())).toBeNull();
    expect(desk.os.openedFolders).toEqual(['/meterdesk-test/logs']);
    desk.os.openFolderProblems.push('No application is associated with this folder.');
    const refused = await desk.bridge.openLogFolder();
    const detail = 'No application is associated with this folder.';
    expect(refused.ok ? null : refused.error).toEqual({
      code: 'file_error',
      message: `The log folder /meterdesk-test/logs could not be opened: ${detail}`,
      // The window words it from its code, in its language.
      said: { code: 'logFolderNotOpened', params: { folder: '/meterdesk-test/logs', detail } },
    });
  });

  it('addFolders: the open dialog picks folders; canceled adds nothing', async () => {
    const folder = join(desk.dir, 'route-8');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'IMG_9101.jpg'),
      await renderMeterPhoto({ reading: '00042.5', format: 'jpeg', width: 480, seed: 9101 }),
    );
    desk.os.folderAnswers.push([folder], null);
    const added = value(await desk.bridge.addFolders());
    expect(added).toMatchObject({ canceled: false, summary: { queued: 1 } });
    expect(value(await desk.bridge.addFolders())).toEqual({ canceled: true });
    await settled();
  });

  it('chooseDataFolder: the open dialog picks one folder; canceled picks none', async () => {
    const folder = join(desk.dir, 'office-data');
    desk.os.dataFolderAnswers.push(folder, null);
    expect(value(await desk.bridge.chooseDataFolder())).toEqual({ canceled: false, path: folder });
    expect(value(await desk.bridge.chooseDataFolder())).toEqual({ canceled: true });
  });
});

describe('settings and a real service', () => {
  it('setSettings: engine settings restart the engine on the same queue', async () => {
    const before = value(await desk.bridge.snapshot()).status.counts.total;
    const s = value(await desk.bridge.setSettings({ maxConcurrency: 4, batchMode: 'never' }));
    expect(s).toMatchObject({ maxConcurrency: 4, batchMode: 'never', useSandbox: true });
    const snap = value(await desk.bridge.snapshot());
    expect(snap.status.running).toBe(true);
    expect(snap.status.counts.total).toBe(before);
  });

  it('validateConnection: specific answers for 401, 403, unreachable and not https', async () => {
    const cases = [
      [{ baseUrl: remote.url, apiKey: 'md_wrong_key_000000000000' }, 'key_rejected'],
      [{ baseUrl: remote.url, apiKey: NO_QUOTA_SCOPE_KEY }, 'permission_denied'],
      [{ baseUrl: 'http://127.0.0.1:9', apiKey: REMOTE_KEY }, 'unreachable'],
      [{ baseUrl: 'http://meters.example.com', apiKey: REMOTE_KEY }, 'not_https'],
      [{ baseUrl: 'ftp://meters.example.com', apiKey: REMOTE_KEY }, 'not_https'],
      [{ baseUrl: 'not a url', apiKey: REMOTE_KEY }, 'invalid_url'],
      [{ baseUrl: remote.url }, 'not_configured'],
    ] as const;
    for (const [request, code] of cases) {
      const result = await desk.bridge.validateConnection(request);
      expect(result, JSON.stringify(request)).toMatchObject({ ok: false, error: { code } });
      if (!result.ok) {
        expect(result.error.message.length).toBeGreaterThan(20);
        for (const secret of secrets) expect(result.error.message).not.toContain(secret);
      }
    }
    expect(value(await desk.bridge.snapshot()).service.kind).toBe('sandbox');
  });

  it('validateConnection: a good key is checked without saving, then saved', async () => {
    const checked = value(
      await desk.bridge.validateConnection({ baseUrl: remote.url, apiKey: REMOTE_KEY }),
    );
    expect(checked).toMatchObject({ saved: false, ai: { isOnline: true } });
    expect(checked.quota.remaining).toBe(500);
    const saved = value(
      await desk.bridge.validateConnection({ baseUrl: remote.url, apiKey: REMOTE_KEY, save: true }),
    );
    expect(saved.saved).toBe(true);
    const snap = value(await desk.bridge.snapshot());
    expect(snap.service).toMatchObject({ kind: 'remote', baseUrl: remote.url });
    expect(snap.key).toMatchObject({ isSet: true, hint: REMOTE_KEY.slice(-4) });
    expect(snap.settings).toMatchObject({ baseUrl: remote.url, useSandbox: false });
    // The real queue is not the sandbox's: simulated readings never mix with real ones.
    expect(snap.status.counts.total).toBe(0);
    await until(
      async () => value(await desk.bridge.snapshot()).status.quota?.remaining === 500,
      "the real service's quota",
    );
  });

  it('setApiKey, getKeyStatus and clearApiKey: the key goes in, only its hint comes out', async () => {
    const other = 'md_remote_key_rotated_0000_5678';
    secrets.push(other);
    remote.control.addKey({ key: other });
    const before = new Date().toISOString();
    expect(value(await desk.bridge.setApiKey({ key: other }))).toMatchObject({
      isSet: true,
      hint: '5678',
    });
    expect(value(await desk.bridge.getKeyStatus()).hint).toBe('5678');
    // The engine restarted on the new key and read the AI status with it.
    await until(async () => {
      const { ai } = value(await desk.bridge.snapshot()).status;
      return ai?.isOnline === true && ai.checkedAt >= before;
    }, 'the AI status read with the new key');
    expect(value(await desk.bridge.clearApiKey())).toMatchObject({ isSet: false, hint: '' });
    const snap = value(await desk.bridge.snapshot());
    expect(snap.status.running).toBe(false);
    // A code the window words; its English for the log from the same table.
    expect(snap.service.problem).toEqual({
      code: 'keyMissing',
      params: { service: snap.service.baseUrl },
    });
    expect(snap.service.problem && logText(snap.service.problem)).toContain('No API key');
    expect(snap.status.quota).toBeNull();
  });

  it('setSettings: a real address must be https (plain http only to this machine)', async () => {
    expect(await desk.bridge.setSettings({ baseUrl: 'http://meters.example.com' })).toMatchObject({
      ok: false,
      error: { code: 'not_https' },
    });
    const s = value(await desk.bridge.setSettings({ baseUrl: 'https://meters.example.com/' }));
    expect(s.baseUrl).toBe('https://meters.example.com');
  });

  it('setSettings: a new data folder gets a copy of the queue', async () => {
    const moved = join(desk.dir, 'elsewhere');
    value(await desk.bridge.setSettings({ baseUrl: remote.url }));
    value(await desk.bridge.setApiKey({ key: REMOTE_KEY }));
    const s = value(await desk.bridge.setSettings({ dataDir: moved }));
    expect(s.effectiveDataDir).toBe(moved);
    expect(existsSync(join(moved, 'queue.sqlite'))).toBe(true);
    expect(existsSync(join(moved, 'sandbox-queue.sqlite'))).toBe(true);
    expect(value(await desk.bridge.snapshot()).status.running).toBe(true);
  });

  it('setSettings: a data folder under /proc is refused in words, and the backend still answers', async () => {
    const before = value(await desk.bridge.getSettings());
    for (const [dir, words] of [
      ['/proc/meterdesk/data', '/proc is a system folder of the operating system'],
      ['/sys/kernel/meterdesk', '/sys is a system folder'],
      ['/dev/meterdesk', '/dev is a system folder'],
    ] as const) {
      const refused = await desk.bridge.setSettings({ dataDir: dir });
      expect(refused).toMatchObject({ ok: false, error: { code: 'file_error' } });
      // English for the log; the same as a code the window words (renderer/lib/errors.ts).
      expect(refused.ok ? '' : refused.error.message).toContain(words);
      expect(refused.ok ? null : refused.error.said).toEqual({
        code: 'dataFolderUnusable',
        params: { dir, why: 'systemFolder', folder: `/${dir.split('/')[1] ?? ''}`, real: '' },
      });
    }
    expect(existsSync('/proc/meterdesk')).toBe(false);
    expect(value(await desk.bridge.getSettings())).toEqual(before);
    expect(value(await desk.bridge.snapshot()).status.running).toBe(true);
  });

  it('setSettings: watched folders add their new photos; getWatchFolders shows each one', async () => {
    const inbox = join(desk.dir, 'inbox');
    const card = join(desk.dir, 'card not inserted');
    mkdirSync(inbox);
    const s = value(await desk.bridge.setSettings({ watchFolders: [inbox, card, inbox] }));
    expect(s.watchFolders).toEqual([inbox, card]);
    writeFileSync(join(inbox, 'arrived.jpg'), jpeg(4242));
    const views = await until(async () => {
      const v = value(await desk.bridge.getWatchFolders());
      return v.find((f) => f.path === inbox)?.added === 1 && v;
    }, 'the arrived photo added');
    expect(views).toEqual([
      { path: inbox, state: 'watching', problem: null, added: 1, waiting: 0 },
      expect.objectContaining({ path: card, state: 'unavailable', added: 0 }),
    ]);
    const roots = value(await desk.bridge.listRoots());
    expect(roots.find((r) => r.path === inbox)).toMatchObject({ kind: 'folder' });
    value(await desk.bridge.setSettings({ watchFolders: [] }));
    expect(value(await desk.bridge.getWatchFolders())).toEqual([]);
  });
});

describe('routes and billing', () => {
  it('every billing channel answers through the dialogs and the backend', async () => {
    const b = desk.bridge;
    // The queue of the service in use now (the remote one) may hold few photos: one meter more.
    const done = await jobs('all');
    const ids = [
      ...new Set(done.map((j) => /(\d{4})\.[a-z]+$/i.exec(j.relPath)?.[1]).filter(Boolean)),
      'ZZ-1',
    ];
    const sheet = join(desk.dir, 'route.csv');
    writeFileSync(
      sheet,
      `meter_id,account\n${ids.map((id, i) => `${String(id)},K${String(i)}`).join('\n')}\n`,
    );
    desk.os.openAnswers.push(sheet);
    const choice = value(await b.chooseRouteSheet());
    if (choice.canceled || !('preview' in choice)) throw new Error('no preview');
    const loaded = value(
      await b.loadRouteSheet({ path: sheet, mappingJson: JSON.stringify(choice.preview.mapping) }),
    );
    if (!loaded.ok) throw new Error(loaded.problems.map(rowProblemEnglish).join(' '));
    expect(loaded.meters).toBe(ids.length);
    value(await b.setFilePattern({ pattern: null }));
    expect(value(await b.billingOverview()).totals.meters).toBe(ids.length);
    const rows = value(await b.listMeters({ filter: 'all' })).rows;
    const first = rows[0]?.meterId ?? '';
    expect(value(await b.findMeters({ query: first }))[0]?.meterId).toBe(first);
    expect(value(await b.meterDetail({ meterId: first })).meter.meterId).toBe(first);
    // Its history, through main's open dialog: the meter's detail then carries it.
    const history = join(desk.dir, 'history.csv');
    writeFileSync(
      history,
      `meter_id,read_at,reading,read_type\n${first},2026-01-10,00100,actual\n${first},2026-02-10,00130,actual\n`,
    );
    desk.os.openAnswers.push(history);
    expect(value(await b.importHistory({}))).toMatchObject({ added: 2, metersOnSheet: 1 });
    expect(value(await b.meterDetail({ meterId: first })).history?.periods).toHaveLength(1);
    // The inspection list has history to rank from; the limits answer and switch profile.
    expect(value(await b.inspectionList()).withHistory).toBe(true);
    expect(value(await b.plausibilityLimits()).profile).toBe('history');
    expect(value(await b.setPlausibilityProfile({ profile: 'sap_bands' })).profile).toBe(
      'sap_bands',
    );
    expect(value(await b.setPlausibilityProfile({ profile: 'history' })).profile).toBe('history');
    expect((await b.setPlausibilityProfile({ profile: 'tight' } as never)).ok).toBe(false);
    const photo = join(desk.dir, 'hand', 'unnamed.jpg');
    mkdirSync(join(desk.dir, 'hand'), { recursive: true });
    writeFileSync(
      photo,
      await renderMeterPhoto({ reading: '00042.1', format: 'jpeg', width: 320 }),
    );
    value(await b.addPaths({ paths: [photo] }));
    const job = (await jobs('all')).find((j) => j.path === photo);
    expect(value(await b.assignMeter({ jobId: job?.id ?? 0, meterId: first })).meterId).toBe(first);
    value(await b.recordSkip({ meterId: first, code: 'no_access' }));
    value(await b.typeReading({ meterId: rows[1]?.meterId ?? first, reading: '00012.5' }));
    const reread = value(
      await b.decideMeter({ meterId: first, decision: { kind: 'reread', reason: 'implausible' } }),
    );
    expect(reread.done && reread.detail.decision?.decision.kind).toBe('reread');
    expect(value(await b.undoMeterDecision({ meterId: first })).done).toBe(true);
    const template = value(await b.billingOverview()).templateJson;
    const json = value(
      await b.saveTemplate({
        templateJson:
          template ?? '{"version":1,"name":"t","columns":[{"field":"meter_id","header":"id"}]}',
      }),
    ).templateJson;
    const file = join(desk.dir, 'template.json');
    desk.os.saveAnswers.push(file);
    value(await b.exportTemplate({ templateJson: json }));
    desk.os.openAnswers.push(file);
    value(await b.importTemplate());
    desk.os.saveAnswers.push(join(desk.dir, 'missing.csv'));
    value(await b.exportMissing());
    desk.os.saveAnswers.push(join(desk.dir, 'billing.csv'));
    const billed = value(await b.exportBilling({ templateJson: json, scope: 'all' }));
    expect(billed.canceled ? 0 : billed.rows).toBe(ids.length);
    const preview = value(await b.billingPreview({ scope: 'all' }));
    expect(preview.rows[0]?.meterId).toBe(rows[0]?.meterId);
    expect(preview.dialect).toMatchObject({ delimiter: ',', decimalMark: '.' });

    // An order file from billing (issue 31): recognised, loaded with an office's profile file,
    // given back as the return file (test/backend/order-file-handlers.test.ts has the rest).
    const orders = join(desk.dir, 'MR_ORDERS.csv');
    writeFileSync(
      orders,
      `MRIDNUMBER;SERIALNO;STANZVOR;STANZNAC;PREVMRRESULT;READINGRESULT\r\n${ids
        .map((id, i) => `${String(i + 1).padStart(20, '0')};${String(id)};05;1;1,0;`)
        .join('\r\n')}\r\n`,
    );
    desk.os.openAnswers.push(orders);
    const order = value(await b.chooseRouteSheet());
    if (order.canceled || !('order' in order)) throw new Error('no order file');
    expect(order.order.recognised).toBe('sap-isu');
    const profileFile = join(desk.dir, 'our-sap.json');
    writeFileSync(profileFile, JSON.stringify({ ...builtinProfile('sap-isu'), name: 'our-sap' }));
    desk.os.openAnswers.push(profileFile);
    const profile = value(await b.chooseOrderProfile());
    if (profile.canceled || !profile.ok) throw new Error('profile refused');
    const orderLoaded = value(
      await b.loadOrderFile({ path: orders, profile: { json: profile.json } }),
    );
    expect(orderLoaded.ok && orderLoaded.meters).toBe(ids.length);
    desk.os.saveAnswers.push(join(desk.dir, 'MR_RESULTS.csv'));
    const returned = value(await b.exportReturnFile({ orderFile: 'MR_ORDERS.csv' }));
    expect(!returned.canceled && returned.ok && returned.profile).toBe('our-sap');
  });
});

describe('the quality check before upload', () => {
  it('photoChecks, setPhotoCheckThresholds and sendHeldAnyway answer', async () => {
    const b = desk.bridge;
    const view = value(await b.photoChecks());
    expect(view.thresholds).toEqual(view.defaults);
    const stricter = { ...view.thresholds, minSharpness: 150 };
    expect(value(await b.setPhotoCheckThresholds(stricter)).thresholds).toEqual(stricter);
    expect(value(await b.photoChecks()).thresholds).toEqual(stricter);
    value(await b.setPhotoCheckThresholds(view.defaults));
    const first = value(await b.queryJobs({ offset: 0, limit: 1 })).rows[0]?.id ?? 1;
    // Nothing in the sample folder is held: nothing is sent again.
    expect(value(await b.sendHeldAnyway({ ids: [first] }))).toEqual({ sent: 0 });
    expect((await b.setPhotoCheckThresholds({ ...stricter, maxDarkShare: 2 })).ok).toBe(false);
  });
});

describe('the office settings', () => {
  it('getOffice, testOffice and saveOffice answer, never with the password', async () => {
    const b = desk.bridge;
    const password = 'office password 9f3a';
    secrets.push(password);
    expect(value(await b.getOffice())).toMatchObject({ settings: null, passwordSaved: false });
    const settings = {
      host: '127.0.0.1',
      port: 1,
      database: 'meterdesk',
      user: 'desk_anna',
      desk: 'anna@pc-7',
      sslmode: 'disable' as const,
    };
    expect(value(await b.testOffice({ settings, password }))).toMatchObject({
      ok: false,
      problem: 'unreachable',
    });
    expect(value(await b.saveOffice({ settings, password }))).toMatchObject({
      settings,
      passwordSaved: true,
    });
    expect(value(await b.getOffice())).toMatchObject({ settings, passwordSaved: true });
    expect(value(await b.saveOffice({ settings: null }))).toMatchObject({ passwordSaved: false });
  });

  it('chooseOfficeCaFile: the open dialog picks the office CA file; canceled picks none', async () => {
    const ca = join(desk.dir, 'office-ca.pem');
    desk.os.openAnswers.push(ca, null);
    expect(value(await desk.bridge.chooseOfficeCaFile())).toEqual({ canceled: false, path: ca });
    expect(value(await desk.bridge.chooseOfficeCaFile())).toEqual({ canceled: true });
    expect(desk.os.dialogsAsked.slice(-2)).toEqual(['open office_ca', 'open office_ca']);
  });

  it('the Office report answers "no office" without one (test/office/office-report-window)', async () => {
    const b = desk.bridge;
    expect(value(await b.officeReport({ day: '2026-03-02' }))).toEqual({
      state: 'noOffice',
      day: '2026-03-02',
    });
    desk.os.saveAnswers.push(join(desk.dir, 'office report.csv'));
    expect(value(await b.exportOfficeReport({}))).toMatchObject({
      canceled: false,
      state: 'noOffice',
    });
  });

  it('the office billing export answers "no office" without one (test/office/office-export-window)', async () => {
    const file = join(desk.dir, 'office billing.csv');
    desk.os.saveAnswers.push(file);
    const templateJson = JSON.stringify({
      version: 1,
      name: 'T',
      columns: [{ field: 'meter_id', header: 'm' }],
    });
    expect(value(await desk.bridge.exportOfficeBilling({ templateJson }))).toEqual({
      canceled: false,
      state: 'noOffice',
    });
    expect(existsSync(file)).toBe(false);
    // The dialog's overview and the office's return file (test/office/office-export-overview).
    expect(value(await desk.bridge.officeExportOverview({ scope: 'all' }))).toEqual({
      state: 'noOffice',
    });
    const returned = join(desk.dir, 'office return.csv');
    desk.os.saveAnswers.push(returned);
    expect(value(await desk.bridge.exportOfficeReturnFile({ orderFile: 'MR_ORDERS.csv' }))).toEqual(
      { canceled: false, state: 'noOffice' },
    );
    expect(existsSync(returned)).toBe(false);
  });

  it('review between clerks answers "no office" without one (test/office/window-review)', async () => {
    const b = desk.bridge;
    expect(value(await b.officeShowMeter({ meterId: 'M1' }))).toEqual({ state: 'none' });
    expect(value(await b.officeShowMeter({ meterId: null }))).toEqual({ state: 'none' });
    expect(value(await b.officeWalkNext({ meterIds: ['M1'] }))).toEqual({
      inOffice: false,
      meterId: null,
    });
    // Hand-over (test/office/window-handover): nobody to ask, nothing to hand over.
    expect(value(await b.officeAskHandover({ meterId: 'M1' }))).toEqual({ holder: null });
    expect(
      value(await b.officeHandOver({ meterId: 'M1', desk: 'ben@pc-2', clerk: 'ben' })),
    ).toEqual({ state: 'none' });
  });
});

describe('the contract as a whole', () => {
  it('every channel answered ok at least once', () => {
    expect(CHANNEL_NAMES.filter((c) => !desk.succeeded.has(c))).toEqual([]);
  });

  it('no reply and no push ever carried an API key', () => {
    const seen = JSON.stringify([desk.replies, desk.events]);
    for (const secret of secrets) expect(seen).not.toContain(secret);
  });
});
