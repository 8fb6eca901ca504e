// `meter-desk run` over a harness's folder with a CSV export, and what the CSV says of each photo.
import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { main } from '../../main/cli/main';
import { captureIo } from './cli-io';
import { expectedReadings, type Harness } from './engine-harness';

/** Runs the CLI against the harness's sandbox; the exit code and what it printed. */
export async function runCli(h: Harness): Promise<{ code: number; stderr: () => string }> {
  const io = captureIo({
    METER_DESK_BASE_URL: h.sandbox.url,
    METER_DESK_API_KEY: h.sandbox.apiKey,
  });
  const code = await main(['run', h.photos, '--db', h.dbFile, '--export', csvOf(h)], io);
  return { code, stderr: () => io.stderr() };
}

const csvOf = (h: Harness): string => join(h.dir, 'out.csv');

/** Every photo the samples mark readable is done in the CSV, with its reading. */
export function expectEveryReading(h: Harness): void {
  const rows = parse<Record<string, string>>(readFileSync(csvOf(h), 'utf8'), {
    bom: true,
    columns: true,
  });
  for (const [file, reading] of expectedReadings(h.manifest)) {
    expect(rows.find((r) => r.file === file)).toMatchObject({ status: 'done', reading });
  }
}
