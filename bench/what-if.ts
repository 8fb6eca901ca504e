// `npx tsx bench/what-if.ts [--photos N] [--jobs N]`: the throughput runs of the engine again with
// proposed engine changes emulated from outside main/ (see WhatIf in lib/engine-run.ts), to put a
// measured number on each finding in bench/README.md before anyone edits the engine. Not part of
// `npm run bench`: it measures changes that do not exist yet.
import { parseArgs } from 'node:util';
import type { BatchMode } from '../common/job';
import type { WhatIf } from './lib/engine-run';
import { renderTable, type Cell } from './lib/table';
import { preparePhotos } from './lib/photos';
import { writeResult } from './lib/results';
import { codeVersion, runAll, type ThroughputCase, type Variant } from './throughput';

const STEPS: readonly { readonly name: string; readonly whatIf: WhatIf }[] = [
  { name: 'engine as is', whatIf: {} },
  { name: 'F1 poll feedback per request', whatIf: { pollFeedbackPerRequest: true } },
  {
    name: 'F1 + F2 list limit 100',
    whatIf: { pollFeedbackPerRequest: true, listLimit: 100 },
  },
  {
    name: 'F1 + F2 + F4 pacer slack 0',
    whatIf: { pollFeedbackPerRequest: true, listLimit: 100, pacerSlackMs: 0 },
  },
];

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '200' },
    jobs: { type: 'string', default: '8' },
    modes: { type: 'string', default: 'auto,always,never' },
    variants: { type: 'string', default: 'local,high-latency' },
    /** Indices into STEPS, e.g. 1,2,3 to skip "as is" when the benchmark proper has it. */
    steps: { type: 'string', default: '0,1,2,3' },
    /** Window length; limits are scaled to keep 600/900 per minute (60000: the real windows). */
    'window-ms': { type: 'string' },
  },
});
const steps = values.steps.split(',').map((i) => {
  const step = STEPS[Number(i)];
  if (!step) throw new Error(`--steps: no step ${i}`);
  return step;
});
const photos = Number(values.photos);
const jobs = Number(values.jobs);
const modes = values.modes.split(',') as BatchMode[];
const variants = values.variants.split(',') as Variant[];
const windowMs = values['window-ms'] === undefined ? undefined : Number(values['window-ms']);

await preparePhotos(photos);
const cases: ThroughputCase[] = variants.flatMap((variant) =>
  modes.flatMap((mode) =>
    steps.map((step) => ({
      variant,
      client: 'engine' as const,
      mode,
      photos,
      whatIf: step.whatIf,
      ...(windowMs === undefined ? {} : { windowMs }),
    })),
  ),
);
const rows = await runAll(cases, jobs, (line) => process.stderr.write(`   ${line}\n`));
const name = `what-if-${photos}${windowMs === undefined ? '' : `-window-${windowMs}`}`;
const code = codeVersion();
await writeResult(name, { benchmark: 'what-if', photos, windowMs, code, steps, rows });
const table: Cell[][] = rows.map((r, i) => [
  `+${r.profile.addedLatencyMs} ms`,
  r.case.mode,
  steps[i % steps.length]?.name ?? '?',
  r.wallMs / 1000,
  r.bound.boundMs / 1000,
  r.timeOverBound,
  r.requestsPerPhoto,
  r.http429,
  r.run.windows.meanInnerSubmissions,
  r.run.windows.tailMs === null ? null : r.run.windows.tailMs / 1000,
  r.run.discovery === null ? null : r.run.discovery.meanMs / 1000,
]);
process.stdout.write(
  `${renderTable({
    title: `What if: ${photos} photos per run, ${rows[0]?.profile.windowMs ?? 0} ms windows`,
    columns: [
      'added latency',
      'batch mode',
      'emulated changes',
      'wall s',
      'bound s',
      'time/bound',
      'req/photo',
      '429s',
      'subs/window',
      'tail s',
      'seen after s',
    ],
    rows: table,
    notes: [
      'F1, F2, F4: the findings in bench/README.md; how each is emulated: WhatIf in ' +
        'bench/lib/engine-run.ts. seen after s: mean time from the service finishing a task ' +
        'to the engine having its result.',
    ],
  })}\n`,
);
