// The control surface: programmatic and over loopback-only HTTP under /__sandbox/, fault
// injection (seeded, counted in the ledger) and the ledger itself.

import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { call, control, postTask, startSandbox, uniqueJpeg, waitTaskFinal } from './helpers';

const externalIpv4 = Object.values(networkInterfaces())
  .flat()
  .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;
if (externalIpv4 === undefined) {
  console.warn('skipping the non-loopback control test: this machine has no external IPv4 address');
}

describe('control over HTTP', () => {
  it('toggles the AI, bumps the version and reads state and ledger', async () => {
    const sb = await startSandbox();
    const off = await control(sb, '/ai', { online: false, latencyMs: 30 });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ ok: true, value: { online: false, latencyMs: 30 } });
    expect((await call(sb, '/api/open/ai-status')).body.is_online).toBe(false);
    const bumped = await control(sb, '/ai/version', { version: 'v5.0' });
    expect(bumped.body.value).toEqual({ current_ai_version: 'water_v3_meter:v5.0' });
    const state = await control(sb, '/state');
    expect(state.body.value).toMatchObject({
      ai: { online: false, currentAiVersion: 'water_v3_meter:v5.0' },
      deployment: { service: 'standard', foreignEnabled: false },
    });
    const task = await postTask(sb, await uniqueJpeg());
    const ledger = await control(sb, '/ledger');
    const value = ledger.body.value as {
      tasks: { taskId: string }[];
      counts: { requests: number };
    };
    expect(value.tasks.map((t) => t.taskId)).toEqual([task.body.task_id]);
    expect(value.counts.requests).toBe(2);
  });

  it('changes quota, deployment, keys, users, limits and the clock', async () => {
    const sb = await startSandbox();
    const q = await control(sb, '/quota', { dailyLimit: 3, used: 1 });
    expect(q.body.value).toMatchObject({ daily_limit: 3, used: 1, remaining: 2 });
    expect((await control(sb, '/quota', { reset: true })).body.value).toMatchObject({ used: 0 });

    await control(sb, '/deployment', { service: 'CAD' });
    const form = new FormData();
    form.append('files', new Blob([(await uniqueJpeg()).bytes]), 'a.jpg');
    expect((await call(sb, '/api/open/batches', { body: form })).body).toHaveProperty('detail');

    await control(sb, '/keys', {
      key: 'fresh-key',
      email: 'new@example.test',
      requestsPerWindow: 1,
    });
    expect((await call(sb, '/api/open/quota', { key: 'fresh-key' })).body.email).toBe(
      'new@example.test',
    );
    expect((await call(sb, '/api/open/quota', { key: 'fresh-key' })).status).toBe(429);
    await control(sb, '/keys', { key: 'fresh-key', requestsPerWindow: 100 });
    expect((await call(sb, '/api/open/quota', { key: 'fresh-key' })).status).toBe(200);
    await control(sb, '/users', { email: 'new@example.test', active: false });
    expect((await call(sb, '/api/open/quota', { key: 'fresh-key' })).status).toBe(403);

    const limits = await control(sb, '/limits', { windowMs: 5000, batchMaxFiles: 2 });
    expect(limits.body.value).toMatchObject({ batchMaxFiles: 2 });
    expect((await control(sb, '/state')).body.value).toMatchObject({ windowMs: 5000 });

    const before = ((await call(sb, '/api/open/quota')).body.quota as { day_tag: string }).day_tag;
    await control(sb, '/clock', { advanceMs: 86_400_000 });
    const after = ((await call(sb, '/api/open/quota')).body.quota as { day_tag: string }).day_tag;
    expect(after).not.toBe(before);
  });

  it('refuses invalid bodies with 400 and unknown operations with 404', async () => {
    const sb = await startSandbox();
    expect((await control(sb, '/ai', { online: 'yes' })).status).toBe(400);
    expect((await control(sb, '/faults', { errorRate: 2 })).status).toBe(400);
    expect((await control(sb, '/ai', { bogus: 1 })).status).toBe(400);
    expect((await control(sb, '/nothing')).status).toBe(404);
    const notJson = await fetch(`${sb.url}/__sandbox/ai`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
  });

  it.skipIf(externalIpv4 === undefined)('refuses peers that are not loopback', async () => {
    const sb = await startSandbox({ host: '0.0.0.0' });
    const res = await fetch(`http://${String(externalIpv4)}:${String(sb.port)}/__sandbox/state`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ ok: false, error: 'forbidden' });
    expect((await fetch(`http://127.0.0.1:${String(sb.port)}/__sandbox/state`)).status).toBe(200);
  });
});

describe('fault injection', () => {
  it('5xx JSON and proxy HTML pages answer before the service and are counted as faults', async () => {
    const sb = await startSandbox({ faults: { errorRate: 1 } });
    const r = await call(sb, '/api/open/quota');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ ok: false, error: 'service_unavailable' });
    sb.control.setFaults({ errorRate: 0, htmlErrorRate: 1 });
    const html = await call(sb, '/api/open/quota');
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.text).toContain('<html>');
    const counts = sb.ledger.counts();
    expect(counts.faults).toMatchObject({ error5xx: 1, html_error: 1 });
    expect(counts.requests).toBe(0);
    expect(counts.byStatus).toEqual({});
    expect(sb.ledger.faults().map((f) => [f.kind, f.method, f.path])).toEqual([
      ['error5xx', 'GET', '/api/open/quota'],
      ['html_error', 'GET', '/api/open/quota'],
    ]);
  });

  it('dropped connections and networkDown destroy the socket; control still works', async () => {
    const sb = await startSandbox({ faults: { dropRate: 1 } });
    await expect(call(sb, '/api/open/quota')).rejects.toThrow();
    sb.control.clearFaults();
    await control(sb, '/faults', { networkDown: true });
    await expect(call(sb, '/api/open/quota')).rejects.toThrow();
    await expect(postTask(sb, await uniqueJpeg())).rejects.toThrow();
    expect((await control(sb, '/state')).status).toBe(200);
    await control(sb, '/faults', { networkDown: false });
    expect((await call(sb, '/api/open/quota')).status).toBe(200);
    expect(sb.ledger.counts().faults).toMatchObject({ drop: 1, network_down: 2 });
    expect(sb.ledger.counts().tasksCreated).toBe(0);
  });

  it('drop-after-processing: the task exists although the client saw no answer', async () => {
    const sb = await startSandbox({ faults: { dropAfterRate: 1 } });
    await expect(postTask(sb, await uniqueJpeg())).rejects.toThrow();
    expect(sb.ledger.counts()).toMatchObject({ tasksCreated: 1, faults: { drop_after: 1 } });
  });

  it('slow responses still answer correctly and are counted', async () => {
    const sb = await startSandbox({ faults: { slowRate: 1, slowMs: 50 } });
    const r = await postTask(sb, await uniqueJpeg());
    expect(r.status).toBe(200);
    await waitTaskFinal(sb, String(r.body.task_id));
    expect(sb.ledger.counts().faults.slow).toBeGreaterThanOrEqual(2);
  });

  it('is seeded: the same seed injects the same faults in the same order', async () => {
    const run = async (seed: number) => {
      const sb = await startSandbox({ seed, faults: { errorRate: 0.3, htmlErrorRate: 0.3 } });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await call(sb, '/api/open/quota')).status);
      const counts = sb.ledger.counts();
      expect(counts.faults.error5xx + counts.faults.html_error + counts.requests).toBe(30);
      return statuses;
    };
    const a = await run(42);
    expect(await run(42)).toEqual(a);
    expect(new Set(a).size).toBe(3);
  });
});
