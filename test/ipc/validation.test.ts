// What a compromised or buggy page might send, sent straight to the dispatcher (as a page calling
// ipcRenderer.invoke itself would, bypassing the preload's named functions): every malformed
// payload is refused with `invalid_request` and a short message that does not echo it, every call
// from anything but the app's own window and page is refused with `forbidden`, and neither changes
// anything: the queue, the settings, the key and the OS recordings stay exactly as they were.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, type ChannelName } from '../../common/ipc/channels';
import { APP_PAGE_URL } from '../../common/ipc/channels';
import { MAX_PATHS_PER_ADD } from '../../common/ipc/limits';
import type { SenderInfo } from '../../main/ipc/sender';
import { desktopAfterSampleRun, TRUSTED, value, WINDOW_ID, type Desktop } from './helpers/desktop';

let desk: Desktop;
let sampleFolder = '';
const HUGE = 'x'.repeat(100_000);

/** Everything a call could have changed. */
async function fingerprint(): Promise<string> {
  const snap = value(await desk.bridge.snapshot());
  const rows = value(await desk.bridge.queryJobs({ limit: 5000 })).rows;
  return JSON.stringify({
    settings: snap.settings,
    key: snap.key,
    service: snap.service,
    counts: snap.status.counts,
    paused: snap.status.paused,
    roots: snap.roots,
    rows,
    shown: desk.os.shown,
    notices: desk.os.notices.length,
    sandboxKey: desk.backend.sandbox()?.apiKey,
  });
}

beforeAll(async () => {
  ({ desk, sampleFolder } = await desktopAfterSampleRun(3));
});

afterAll(async () => {
  await desk.close();
});

const EVERY_CHANNEL: unknown[] = [
  null,
  42,
  'addPaths',
  [],
  { unexpected: true },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  { toString: 'x' },
];

const PER_CHANNEL: Partial<Record<ChannelName, unknown[]>> = {
  addPaths: [
    {},
    { paths: '/tmp' },
    { paths: [] },
    { paths: ['relative/folder'] },
    { paths: ['C:relative'] },
    { paths: ['/tmp/a\0b'] },
    { paths: [`/${HUGE}`] },
    { paths: Array.from({ length: MAX_PATHS_PER_ADD + 1 }, (_, i) => `/tmp/${String(i)}`) },
    { paths: [1] },
    { paths: ['/tmp'], recursive: true },
  ],
  queryJobs: [
    { limit: 1e9 },
    { limit: 0 },
    { limit: '10' },
    { offset: -1 },
    { offset: 1.5 },
    { filter: 'bogus' },
    { sort: 'id; DROP TABLE jobs' },
    { search: HUGE },
    { rootId: 0 },
    { descending: 'yes' },
    { keepIds: [0] },
    { keepIds: Array.from({ length: 501 }, (_, i) => i + 1) },
  ],
  undoReview: [
    { id: 1 },
    {
      id: 1,
      undo: { action: 'accepted', reading: null, reviewedAt: 'yesterday' },
      restore: { action: null, reading: null, reviewedAt: null },
    },
    {
      id: 1,
      undo: { action: null, reading: null, reviewedAt: null },
      restore: { action: null, reading: null, reviewedAt: null },
    },
    {
      id: 1,
      undo: { action: 'accepted', reading: null, reviewedAt: '2026-01-01T00:00:00.000Z' },
      restore: { action: 'corrected', reading: null, reviewedAt: '2026-01-01T00:00:00.000Z' },
    },
    {
      id: 1,
      undo: { action: 'accepted', reading: null, reviewedAt: '2026-01-01T00:00:00.000Z' },
      restore: { action: 'accepted', reading: '12', reviewedAt: '2026-01-01T00:00:00.000Z' },
    },
    {
      id: 1,
      undo: { action: 'accepted', reading: null, reviewedAt: '2026-01-01T00:00:00.000Z' },
      restore: { action: null, reading: null, reviewedAt: null, extra: 1 },
    },
  ],
  jobDetail: [{}, { id: '1' }, { id: 0 }, { id: -3 }, { id: 1.5 }, { id: Number.MAX_VALUE }],
  retryFailed: [{ ids: [] }, { ids: ['1'] }, { ids: 'all' }, { ids: [1, null] }],
  remove: [{}, { ids: [0] }, { ids: null }, { ids: [1], force: true }],
  review: [
    { id: 1 },
    { id: 1, action: 'delete' },
    { id: 1, action: 'correct' },
    { id: 1, action: 'correct', reading: '12a' },
    // Beyond the widest register a route sheet may set up (12 digits, 4 decimals); the meter's own
    // register is checked by the backend.
    { id: 1, action: 'correct', reading: '1234567890123' },
    { id: 1, action: 'correct', reading: '1.23456' },
    { id: 1, action: 'correct', reading: '1.234,5' },
    { id: 1, action: 'correct', reading: '١٢٣' },
    { id: 1, action: 'correct', reading: HUGE },
    { id: 1, action: 'accept', reading: '123' },
  ],
  exportCsv: [
    {},
    { selection: {}, bom: true, delimiter: '\t' },
    { selection: {}, bom: 'yes', delimiter: ',' },
    { selection: { limit: 5 }, bom: true, delimiter: ',' },
    { selection: {}, bom: true, delimiter: ',', path: '/tmp/out.csv' },
  ],
  setSettings: [
    { maxConcurrency: 0 },
    { maxConcurrency: 1e6 },
    { maxConcurrency: 2.5 },
    { batchMode: 'sometimes' },
    { baseUrl: HUGE },
    { baseUrl: '' },
    { business: 'two words' },
    { business: HUGE },
    { dataDir: 'relative/dir' },
    { useSandbox: false },
    { apiKey: 'md_key' },
  ],
  setApiKey: [
    {},
    { key: '' },
    { key: HUGE },
    { key: 123 },
    { key: 'md key with spaces' },
    { key: 'md_ключ_1234' },
    { key: 'md_key\u0000_1234' },
    { key: 'k', baseUrl: 'https://x' },
  ],
  startSandbox: [{ photos: 0 }, { photos: 501 }, { photos: 'many' }, { photos: 3, port: 80 }],
  validateConnection: [
    {},
    { baseUrl: HUGE },
    { baseUrl: 'https://meters.example.com', apiKey: HUGE },
    { baseUrl: 'https://meters.example.com', save: 'yes' },
    { baseUrl: 42 },
  ],
  openFileLocation: [
    {},
    { jobId: 'x' },
    { jobId: 0 },
    { path: 'relative/file.jpg' },
    { path: `/${HUGE}` },
    { jobId: 1, path: '/tmp' },
  ],
};

describe('malformed payloads', () => {
  it.each(CHANNEL_NAMES)('%s: refused with invalid_request, nothing changes', async (channel) => {
    const before = await fingerprint();
    for (const payload of [...EVERY_CHANNEL, ...(PER_CHANNEL[channel] ?? [])]) {
      const result = await desk.dispatcher.dispatch(channel, TRUSTED, payload);
      const shown = `${typeof payload} ${JSON.stringify([payload]).slice(1, 60)}`;
      expect(result.ok, `${channel} ${shown}`).toBe(false);
      if (result.ok) continue;
      expect(result.error.code, `${channel} ${shown}`).toBe('invalid_request');
      expect(result.error.message.length).toBeLessThanOrEqual(400);
      expect(result.error.message).not.toContain('x'.repeat(50));
      expect(result.error.message).toMatch(new RegExp(`^Invalid ${channel} request: `));
    }
    expect(await fingerprint()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an unknown channel is refused', async () => {
    for (const channel of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'exec', 42]) {
      expect(await desk.dispatcher.dispatch(channel, TRUSTED, {})).toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
    }
  });
});

describe('openFileLocation outside what the user added', () => {
  it('refuses paths that are not an added folder, inside one, or an export', async () => {
    const before = await fingerprint();
    const outside = [
      '/etc/passwd',
      join(sampleFolder, '..'),
      join(sampleFolder, '..', 'settings.json'),
      `${sampleFolder}-sibling/file.jpg`,
      join(desk.dir, 'user', 'queue.sqlite'),
    ];
    for (const path of outside) {
      expect(await desk.bridge.openFileLocation({ path }), path).toMatchObject({
        ok: false,
        error: { code: 'invalid_request' },
      });
    }
    expect(await desk.bridge.openFileLocation({ jobId: 999_999 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(desk.os.shown).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });
});

describe('foreign senders', () => {
  const foreign: [string, SenderInfo][] = [
    ['another window', { webContentsId: WINDOW_ID + 1, frameUrl: APP_PAGE_URL, isMainFrame: true }],
    [
      'an iframe of the window',
      { webContentsId: WINDOW_ID, frameUrl: APP_PAGE_URL, isMainFrame: false },
    ],
    [
      'a remote page',
      { webContentsId: WINDOW_ID, frameUrl: 'https://evil.example/index.html', isMainFrame: true },
    ],
    [
      'a local file',
      { webContentsId: WINDOW_ID, frameUrl: 'file:///tmp/index.html', isMainFrame: true },
    ],
    [
      'another app page',
      { webContentsId: WINDOW_ID, frameUrl: 'meterdesk-app://app/other.html', isMainFrame: true },
    ],
    [
      'a look-alike origin',
      {
        webContentsId: WINDOW_ID,
        frameUrl: 'meterdesk-app://app.evil/index.html',
        isMainFrame: true,
      },
    ],
    ['a frame that is gone', { webContentsId: WINDOW_ID, frameUrl: null, isMainFrame: true }],
  ];

  const harmful: { [C in ChannelName]?: unknown } = {
    setSettings: { maxConcurrency: 2 },
    remove: { ids: [1, 2, 3] },
    pause: {},
    clearApiKey: {},
    setApiKey: { key: 'md_attacker_key_0000' },
    openFileLocation: { path: sampleFolder },
    addPaths: { paths: ['/etc'] },
  };

  it.each(foreign)('%s is refused on every channel; nothing changes', async (_what, sender) => {
    const before = await fingerprint();
    for (const channel of CHANNEL_NAMES) {
      const result = await desk.dispatcher.dispatch(channel, sender, harmful[channel] ?? {});
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await fingerprint()).toBe(before);
  });

  it('the same calls from the window itself work (the refusals above were about the sender)', async () => {
    const pageWithQuery = { ...TRUSTED, frameUrl: `${APP_PAGE_URL}?view=review#row-3` };
    expect(await desk.dispatcher.dispatch('pause', pageWithQuery, {})).toMatchObject({ ok: true });
    expect(await desk.dispatcher.dispatch('resume', TRUSTED, {})).toMatchObject({ ok: true });
  });
});
