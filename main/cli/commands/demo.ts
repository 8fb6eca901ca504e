import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { jobText } from '../../../common/job-messages';
import { codeMismatchEnglish } from '../../../common/photo-codes';
import { codeMismatchOfPhoto } from '../../billing/photo-code-check';
import { createSandbox } from '../../../sandbox';
import { generateSampleFolder } from '../../../sandbox/samples';
import { openStore } from '../../store/store';
import { UsageError } from '../exit-codes';
import { table, type CliIo } from '../output';
import { exportJobs } from '../../export/export-jobs';
import { writeDemoRoute } from './demo-route';
import { runCommand } from './run';

/**
 * The product in one command, on nothing but this machine: starts the sandbox service, makes a
 * folder of sample meter photos (with the bad files real folders have) and a route sheet for
 * their meters, reads them all, checks each reading against its meter and writes the billing
 * CSV (one row per meter) and the per-photo CSV.
 */
export async function demoCommand(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '40' },
      seed: { type: 'string', default: '7' },
      dir: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1 || count > 5000)
    throw new UsageError('--count takes 1..5000');
  if (!Number.isInteger(seed)) throw new UsageError('--seed takes an integer');
  const dir = values.dir ?? join(tmpdir(), 'meterdesk-demo');
  const photos = join(dir, 'photos');
  const dbFile = join(dir, 'queue.sqlite');
  const csv = join(dir, 'readings.csv');
  const billing = join(dir, 'billing.csv');
  rmSync(dir, { recursive: true, force: true });

  io.err(`Generating ${count} sample meter photos in ${photos} ...\n`);
  const manifest = await generateSampleFolder(photos, {
    count,
    seed,
    includeBadFiles: true,
    subfolders: true,
    duplicates: 2,
    // Blurred, dark, overexposed and tiny: the quality check holds them instead of paying.
    flawed: 4,
    // Serial stickers on some meters, and one photo named after one meter that shows another's.
    stickers: 6,
    swapped: 1,
  });
  const route = await writeDemoRoute(dir, photos, manifest.files, new Date());
  io.err(`Route sheet for these meters: ${route.sheet}\n`);
  const sandbox = await createSandbox({ ai: { latencyMs: 300, jitterMs: 150 } });
  io.err(`Sandbox service on ${sandbox.url}\n`);
  try {
    const code = await runCommand(
      [
        photos,
        '--route',
        route.sheet,
        // The sample photos carry the camera's numbering, which this demo's sheet uses as meter
        // numbers; only the office can say so (a camera counter is no meter number by itself).
        '--camera-counters',
        '--export',
        billing,
        ...(values.json ? ['--json'] : []),
      ],
      io,
      {
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        sandbox,
        dbFile,
      },
    );
    // The per-photo CSV as well: what each file gave, for audits.
    const store = openStore(dbFile);
    try {
      await exportJobs(store, {}, csv);
    } finally {
      store.close();
    }
    if (!values.json) printSummary(dbFile, manifest.files, io);
    io.out(
      `\nBilling CSV (one row per meter): ${billing}\nPer-photo CSV: ${csv}\nRoute sheet: ${route.sheet}\nPhotos: ${photos}\n`,
    );
    return code;
  } finally {
    await sandbox.close();
  }
}

function printSummary(
  dbFile: string,
  expected: readonly { relPath: string; reading: string | null }[],
  io: CliIo,
): void {
  const want = new Map(expected.map((f) => [f.relPath, f.reading]));
  const store = openStore(dbFile);
  try {
    const rows: string[][] = [['file', 'status', 'reading', 'source', 'check']];
    let right = 0;
    let checked = 0;
    for (const job of store.queries.iterate({})) {
      const expectedReading = want.get(job.relPath);
      let check = '';
      if (expectedReading != null && job.state === 'done') {
        checked++;
        if (job.aiReading === expectedReading) right++;
        check = job.aiReading === expectedReading ? 'ok' : `expected ${expectedReading}`;
      }
      const said = job.state === 'rejected' || job.holdReason !== null;
      rows.push([
        job.relPath,
        job.holdReason === null ? job.state : 'held',
        job.aiReading ?? '',
        job.resultSource ?? (said && job.errorMessage ? jobText(job.errorMessage) : ''),
        check,
      ]);
    }
    io.out(`\n${table(rows)}\nReadings matching the photos: ${right}/${checked}\n`);
    for (const job of store.queries.iterate({})) {
      const swap = job.meterId === null ? null : codeMismatchOfPhoto(store, job.id, job.meterId);
      if (swap) io.out(`Swapped meter? ${job.relPath}: ${codeMismatchEnglish(swap)}\n`);
    }
  } finally {
    store.close();
  }
}
