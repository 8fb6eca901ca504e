// Usage: tsx sandbox/samples/cli.ts <dir> [--count 50] [--seed 1] [--bad] [--formats jpeg,png,webp]
//        [--width 640] [--no-subfolders] [--duplicates 2] [--manifest manifest.json]
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateSampleFolder } from './folder';
import type { SampleFormat } from './marker';

const USAGE =
  'usage: tsx sandbox/samples/cli.ts <dir> [--count 50] [--seed 1] [--bad] [--formats jpeg,png,webp] [--width 640] [--no-subfolders] [--duplicates 2] [--manifest file.json]';

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number`);
  return parsed;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      count: { type: 'string' },
      seed: { type: 'string' },
      bad: { type: 'boolean', default: false },
      formats: { type: 'string' },
      width: { type: 'string' },
      'no-subfolders': { type: 'boolean', default: false },
      duplicates: { type: 'string' },
      manifest: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const dir = positionals[0];
  if (values.help || !dir || positionals.length > 1) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const formats = values.formats?.split(',').map((f) => f.trim().toLowerCase());
  for (const f of formats ?? []) {
    if (f !== 'jpeg' && f !== 'png' && f !== 'webp') throw new Error(`unknown format ${f}`);
  }
  const started = performance.now();
  const manifest = await generateSampleFolder(dir, {
    count: integer(values.count, 'count', 50),
    seed: integer(values.seed, 'seed', 1),
    includeBadFiles: values.bad,
    subfolders: !values['no-subfolders'],
    width: integer(values.width, 'width', 640),
    ...(formats ? { formats: formats as SampleFormat[] } : {}),
    ...(values.duplicates !== undefined
      ? { duplicates: integer(values.duplicates, 'duplicates', 2) }
      : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  if (values.manifest) await writeFile(values.manifest, JSON.stringify(manifest, null, 2) + '\n');
  const byFormat = new Map<string, number>();
  for (const file of manifest.files) {
    if (file.expected.outcome === 'accepted') {
      byFormat.set(file.expected.format, (byFormat.get(file.expected.format) ?? 0) + 1);
    }
  }
  const { counts } = manifest;
  console.log(
    `Wrote ${manifest.files.length} files (${(manifest.bytes / 1048576).toFixed(1)} MiB) to ${manifest.dir} in ${seconds.toFixed(2)} s`,
  );
  console.log(
    `  accepted ${counts.accepted} (${[...byFormat].map(([f, c]) => `${f} ${c}`).join(', ')}; ${counts.duplicates} duplicates)`,
  );
  console.log(`  rejected ${counts.rejected}, skipped junk ${counts.skipped}`);
  for (const file of manifest.files) {
    if (file.expected.outcome !== 'accepted') {
      console.log(`  ${file.expected.outcome.padEnd(8)} ${file.relPath}: ${file.expected.why}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
