// Hostile and malformed input to what the window adds for billing, through the bridge into the
// real backend: template files chosen in the import dialog (wrong encodings, a 1 MB cell, 200
// columns, repeated headers, an empty file), templates and mappings sent as text, file-name
// patterns, typed readings and picker searches. Each is refused with a sentence, or handled as
// plain text; nothing is half-loaded or half-written. (The validators' own cases are in
// test/billing; these are the window's paths to them.)
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../common/ipc';
import { openDesktop, value, type Desktop } from '../ipc/helpers/desktop';

let d: Desktop;

beforeAll(async () => {
  d = await openDesktop();
  const sheet = join(d.dir, 'route.csv');
  writeFileSync(sheet, 'meter_id,account,address\nA1,K1,Lindenweg 1\nZR-77,K2,Am Bach 2\n');
  d.os.openAnswers.push(sheet);
  const choice = value(await d.bridge.chooseRouteSheet());
  if (choice.canceled || !('preview' in choice)) throw new Error('no preview');
  const loaded = value(
    await d.bridge.loadRouteSheet({
      path: sheet,
      mappingJson: JSON.stringify(choice.preview.mapping),
    }),
  );
  expect(loaded.ok).toBe(true);
}, 60_000);

afterAll(async () => {
  await d.close();
});

function refusal(reply: Result<unknown>): string {
  if (reply.ok) throw new Error(`expected a refusal, got ${JSON.stringify(reply.value)}`);
  return reply.error.message;
}

const template = (columns: unknown[], extra: object = {}): string =>
  JSON.stringify({ version: 1, name: 'Büro', columns, ...extra });

async function importBytes(name: string, bytes: Uint8Array | string): Promise<Result<unknown>> {
  const file = join(d.dir, name);
  writeFileSync(file, bytes);
  d.os.openAnswers.push(file);
  return d.bridge.importTemplate();
}

describe('template files in the import dialog', () => {
  it('an empty file', async () => {
    expect(refusal(await importBytes('empty.json', ''))).toMatch(/empty|JSON/i);
  });

  it('UTF-16 (Excel’s "Unicode text") is not read as a template', async () => {
    const text = template([{ field: 'meter_id', header: 'Zähler' }]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(refusal(await importBytes('utf16.json', utf16))).not.toBe('');
  });

  it('Windows-1252 bytes are refused, not imported with broken letters', async () => {
    const text = template([{ field: 'meter_id', header: 'Zähler' }]);
    const ansi = Buffer.from(text, 'latin1');
    expect(refusal(await importBytes('ansi.json', ansi))).toMatch(/UTF-8/);
  });

  it('a 1 MB header cell', async () => {
    const big = template([{ field: 'meter_id', header: 'x'.repeat(1024 * 1024) }]);
    expect(refusal(await importBytes('big.json', big))).toMatch(/MB|KB|at most/);
  });

  it('200 columns and repeated header names', async () => {
    const many = template(
      Array.from({ length: 200 }, (_, i) => ({ field: 'meter_id', header: `c${String(i)}` })),
    );
    expect(refusal(await importBytes('many.json', many))).toMatch(/at most 50/);
    const twice = template([
      { field: 'meter_id', header: 'Zähler' },
      { field: 'account', header: 'ZÄHLER' },
    ]);
    expect(refusal(await importBytes('twice.json', twice))).toMatch(/repeats the name/);
  });

  it('not JSON, a list, and prototype keys', async () => {
    expect(refusal(await importBytes('csv.json', 'meter_id;reading\n1;2\n'))).not.toBe('');
    expect(refusal(await importBytes('list.json', '[1,2,3]'))).not.toBe('');
    const proto = '{"version":1,"__proto__":{"x":1},"name":"a","columns":[]}';
    expect(refusal(await importBytes('proto.json', proto))).toMatch(/__proto__/);
  });
});

describe('templates and mappings sent as text', () => {
  it('a template over 64 KB never reaches the backend; a bad one writes no file', async () => {
    const huge = await d.bridge.saveTemplate({ templateJson: ' '.repeat(70_000) });
    expect(huge.ok ? '' : huge.error.code).toBe('invalid_request');
    const out = join(d.dir, 'never.csv');
    d.os.saveAnswers.push(out);
    const bad = await d.bridge.exportBilling({
      templateJson: template([{ field: 'meter_id', header: 'a\nb' }]),
      scope: 'all',
    });
    expect(refusal(bad)).toMatch(/line breaks/);
    expect(existsSync(out)).toBe(false);
  });

  it('a mapping with prototype keys or unknown fields loads nothing', async () => {
    const sheet = join(d.dir, 'second.csv');
    writeFileSync(sheet, 'Zähler\nB1\n');
    d.os.openAnswers.push(sheet);
    value(await d.bridge.chooseRouteSheet());
    const proto = await d.bridge.loadRouteSheet({
      path: sheet,
      mappingJson: '{"version":1,"fields":{"meterId":"Zähler"},"__proto__":{"a":1}}',
    });
    expect(refusal(proto)).toMatch(/__proto__/);
    const unknown = await d.bridge.loadRouteSheet({
      path: sheet,
      mappingJson: '{"version":1,"fields":{"password":"Zähler"}}',
    });
    expect(refusal(unknown)).not.toBe('');
    expect(value(await d.bridge.billingOverview()).totals.meters).toBe(2);
  });
});

describe('file-name patterns', () => {
  it('are refused with a sentence when too long, with control characters or unknown tokens', async () => {
    expect(refusal(await d.bridge.setFilePattern({ pattern: 'x'.repeat(401) }))).not.toBe('');
    expect(
      refusal(await d.bridge.setFilePattern({ pattern: `{meter}${'x'.repeat(250)}` })),
    ).toMatch(/200/);
    expect(refusal(await d.bridge.setFilePattern({ pattern: '{meter}\u0000.jpg' }))).toMatch(
      /control/i,
    );
    expect(refusal(await d.bridge.setFilePattern({ pattern: '{meter}_{password}' }))).toMatch(
      /password/,
    );
    expect(value(await d.bridge.billingOverview()).pattern).toBeNull();
  });

  it('regular-expression syntax is plain text', async () => {
    const set = value(await d.bridge.setFilePattern({ pattern: '(.*)+[a-z]{meter}*' }));
    expect(set.matched).toBe(0);
    expect(value(await d.bridge.billingOverview()).pattern).toBe('(.*)+[a-z]{meter}*');
    value(await d.bridge.setFilePattern({ pattern: '' }));
    expect(value(await d.bridge.billingOverview()).pattern).toBeNull();
  });
});

describe('typed readings and picker searches', () => {
  it('only digits with one decimal mark are a reading', async () => {
    for (const bad of ['1e5', '-12', '１２３', 'NaN', '12.3.4', '', '1'.repeat(13)]) {
      expect(refusal(await d.bridge.typeReading({ meterId: 'A1', reading: bad })), bad).not.toBe(
        '',
      );
    }
    const typed = value(await d.bridge.typeReading({ meterId: 'A1', reading: ' 00123,40 ' }));
    expect(typed.reading).toBe('00123.40');
  });

  it('a search with regular-expression characters is plain text', async () => {
    expect(value(await d.bridge.findMeters({ query: '.*' }))).toEqual([]);
    expect(value(await d.bridge.findMeters({ query: 'zr-' })).map((m) => m.meterId)).toEqual([
      'ZR-77',
    ]);
    const page = value(await d.bridge.listMeters({ filter: 'all', search: '(' }));
    expect(page.total).toBe(0);
  });
});
