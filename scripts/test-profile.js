// `npm run test:profile [-- --project slow] [-- --top N] [-- --write-times]`: runs a vitest
// project (fast unless told) under the throwaway keyring, as `npm test` does, and then prints its slowest files by wall time
// and by CPU, so whoever adds the next test sees where the two-minute budget goes. Wall time is
// each file's own start-to-end time inside a worker; four files run at once, so they add up to
// more than the run took. CPU is the worker's and its children's (a browser, a forked backend, a
// CLI process) while the file ran (test/helpers/cpu-profile-setup.ts): on two cores the run
// cannot take less than half their sum.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** Seconds of CPU of this process's waited-for children and theirs (Linux /proc; 0 elsewhere). */
function waitedChildrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
};
const project = option('--project', 'fast');
const top = Number(option('--top', '15'));
// Writes each file's time into test/file-times.json, which orders a fresh clone's run (CI) longest
// first (test/helpers/environment-sequencer.ts); other projects' entries are kept.
const writeTimes = args.includes('--write-times');
if (!Number.isInteger(top) || top < 1) {
  console.error('test:profile: --top takes a whole number of files, e.g. --top 15');
  process.exit(2);
}

const out = mkdtempSync(join(tmpdir(), 'meterdesk-profile-'));
const report = join(out, 'report.json');
const cpuFile = join(out, 'cpu.jsonl');
const started = Date.now();
const run = spawnSync(
  process.execPath,
  [
    join(import.meta.dirname, 'with-keyring.js'),
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { stdio: 'inherit', env: { ...process.env, METERDESK_CPU_PROFILE: cpuFile } },
);
const wall = (Date.now() - started) / 1000;
const runCpu = waitedChildrenCpu();

let files = [];
try {
  files = JSON.parse(readFileSync(report, 'utf8')).testResults.map((file) => ({
    name: relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }));
} catch (error) {
  console.error(`test:profile: no report from vitest (${String(error)})`);
}
let cpu = [];
try {
  cpu = readFileSync(cpuFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((c) => ({ ...c, name: relative(process.cwd(), c.file) }));
} catch {
  // No file ran to its end.
} finally {
  rmSync(out, { recursive: true, force: true });
}

files.sort((a, b) => b.seconds - a.seconds);
if (writeTimes && files.length > 0) {
  const timesFile = join(import.meta.dirname, '..', 'test', 'file-times.json');
  let kept = {};
  try {
    kept = JSON.parse(readFileSync(timesFile, 'utf8'));
  } catch {
    // No times yet: this run's are the first.
  }
  const others = Object.entries(kept).filter(([key]) => !key.startsWith(`${project}:`));
  // Rounded to a tenth of a second: the order needs no more, and the file changes less.
  const these = files.map((f) => [`${project}:${f.name}`, Math.round(f.seconds * 10) * 100]);
  const sorted = Object.fromEntries([...others, ...these].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  writeFileSync(timesFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`\n   wrote ${files.length} file times to ${relative(process.cwd(), timesFile)}`);
}
const total = files.reduce((sum, f) => sum + f.seconds, 0);
console.log(`\n== ${project} project: ${files.length} files, ${wall.toFixed(1)} s wall`);
console.log(
  `   the ${Math.min(top, files.length)} slowest (file time adds to ${total.toFixed(0)} s):`,
);
for (const f of files.slice(0, top)) {
  const share = total > 0 ? (100 * f.seconds) / total : 0;
  console.log(
    `   ${f.seconds.toFixed(1).padStart(7)} s  ${share.toFixed(1).padStart(4)} %  ${String(f.tests).padStart(3)} tests  ${f.name}`,
  );
}

cpu.sort((a, b) => b.own + b.children - (a.own + a.children));
const cpuTotal = cpu.reduce((sum, c) => sum + c.own + c.children, 0);
console.log(
  `\n   by CPU (all files: ${cpuTotal.toFixed(0)} s, so at least ${(cpuTotal / 2).toFixed(0)} s on 2 cores):`,
);
for (const c of cpu.slice(0, top)) {
  const all = c.own + c.children;
  console.log(
    `   ${all.toFixed(1).padStart(7)} s  ${c.own.toFixed(1).padStart(6)} own ${c.children.toFixed(1).padStart(6)} children  ${c.name}`,
  );
}
// The same CPU by folder (test/office, test/e2e ...): where a round of trimming pays most.
const folders = new Map();
for (const c of cpu) {
  const folder = c.name.split('/').slice(0, 2).join('/');
  const f = folders.get(folder) ?? { cpu: 0, files: 0 };
  folders.set(folder, { cpu: f.cpu + c.own + c.children, files: f.files + 1 });
}
console.log(`\n   by folder (CPU):`);
for (const [folder, f] of [...folders].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, top)) {
  console.log(
    `   ${f.cpu.toFixed(1).padStart(7)} s  ${String(f.files).padStart(4)} files  ${folder}`,
  );
}
// What the per-file figures leave out: each worker's imports (paid once per module a worker had not
// loaded yet) and the rest of its life (environments, collection), and the main process (transforms).
const workers = new Map();
for (const c of cpu)
  workers.set(c.worker, Math.max(workers.get(c.worker) ?? 0, c.workerTotal ?? 0));
const inWorkers = [...workers.values()].reduce((sum, t) => sum + t, 0);
const imports = cpu.reduce((sum, c) => sum + (c.imports ?? 0), 0);
if (runCpu > 0) {
  console.log(
    `\n   the whole run: ${runCpu.toFixed(0)} s of CPU (${(runCpu / wall / 2).toFixed(2)} of 2 cores over its wall time); ` +
      `its ${workers.size} workers ${inWorkers.toFixed(0)} s, of which imports ${imports.toFixed(0)} s and the files above ${cpuTotal.toFixed(0)} s`,
  );
}
process.exit(run.status ?? 1);
