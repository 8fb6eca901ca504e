// Runs npm scripts in parallel lanes, each lane's scripts one after another, and prints each
// script's output in one piece when it ends, with its time: `npm test`'s checks (typecheck, ESLint,
// Prettier, Electronegativity) are single-threaded, and two lanes keep both cores busy.
// Usage: node scripts/lanes.js [--live SCRIPT] LANE [LANE...]   where LANE is npm script names
// joined by commas. The --live script (the tests, in `npm test`) prints as it goes, beside the lanes.
// Example: node scripts/lanes.js --live test:unit lint:eslint typecheck,format:check
// Exits with the first failing script's code after every lane has ended.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const live = args[0] === '--live' ? args[1] : undefined;
const lanes = (live ? args.slice(2) : args).map((lane) => lane.split(',').filter(Boolean));
if ((args[0] === '--live' && !live) || lanes.some((lane) => lane.length === 0)) {
  console.error(
    'usage: node scripts/lanes.js [--live SCRIPT] SCRIPT[,SCRIPT...] [SCRIPT[,SCRIPT...]...]',
  );
  process.exit(2);
}

const npm = process.env.npm_execpath;

/** Runs one npm script with its output captured (or shown as it comes); resolves to its exit code. */
function run(name, { shown = false } = {}) {
  const started = performance.now();
  const [command, commandArgs] = npm
    ? [process.execPath, [npm, 'run', '--silent', name]]
    : ['npm', ['run', '--silent', name]];
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', shown ? 'inherit' : 'pipe', shown ? 'inherit' : 'pipe'],
    });
    if (shown) {
      child.on('error', (error) => process.stderr.write(`${String(error)}\n`));
      child.on('close', (code, signal) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const status = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${String(code)}`})`;
        process.stdout.write(`\n== ${name}: ${status}, ${seconds} s\n`);
        resolve(code ?? 1);
      });
      return;
    }
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => chunks.push(Buffer.from(`${String(error)}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${String(code)}`})`;
      const output = Buffer.concat(chunks).toString('utf8').trimEnd();
      process.stdout.write(`\n== ${name}: ${status}, ${seconds} s\n${output ? `${output}\n` : ''}`);
      resolve(code ?? 1);
    });
  });
}

async function lane(names) {
  for (const name of names) {
    const code = await run(name);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all([
  ...lanes.map(lane),
  ...(live ? [run(live, { shown: true })] : []),
]);
process.exit(codes.find((code) => code !== 0) ?? 0);
