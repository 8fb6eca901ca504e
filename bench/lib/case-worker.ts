// Child-process entry for one throughput case: argv[2] is the case as JSON; the row goes back
// to the parent over IPC. A process per run keeps runs from sharing an event loop.
import { runThroughputCase, type ThroughputCase } from '../throughput';

const spec = JSON.parse(process.argv[2] ?? 'null') as ThroughputCase | null;
if (!spec || !process.send) {
  process.stderr.write('case-worker: run me through throughput.ts (fork with a case)\n');
  process.exit(2);
}
const warnings: string[] = [];
process.on('warning', (w) => {
  warnings.push(`${w.name}: ${w.message}`);
});
const row = await runThroughputCase(spec);
process.send({ ...row, warnings }, () => {
  process.exit(0);
});
