// Starts the engine child (chaos-child.ts), keeps what it prints, and SIGKILLs it on request.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const REPO = path.resolve(import.meta.dirname, '../..');
const CHILD = path.join(REPO, 'scripts/chaos/chaos-child.ts');

export interface EngineProcessEnv {
  readonly dbFile: string;
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly photos: string;
  /** Everything the child prints is appended here. */
  readonly logFile: string;
}

export type ExitKind = 'finished' | 'killed' | 'crashed';

export interface EngineExit {
  readonly kind: ExitKind;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Engine log lines that mean a bug, not a fault the run injected. */
const INTERNAL = /^log (Internal error|Unexpected error)/;

export class EngineProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<EngineExit> | null = null;
  private killing = false;
  starts = 0;
  /** Engine log lines reporting an internal or unexpected error, over every start. */
  readonly internalErrors: string[] = [];
  /** The last lines the child wrote to stderr before a crash. */
  readonly crashes: string[] = [];

  constructor(private readonly env: EngineProcessEnv) {}

  get running(): boolean {
    return this.child !== null;
  }

  start(): void {
    if (this.child) throw new Error('engine already running');
    this.starts++;
    this.killing = false;
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: REPO,
      env: {
        ...process.env,
        MD_DB: this.env.dbFile,
        MD_BASE_URL: this.env.baseUrl,
        MD_API_KEY: this.env.apiKey,
        MD_PATHS: this.env.photos,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const header = `--- start ${this.starts} (pid ${String(child.pid)})\n`;
    appendFileSync(this.env.logFile, header);
    let stderr = '';
    createInterface({ input: child.stdout }).on('line', (line) => {
      appendFileSync(this.env.logFile, `${line}\n`);
      if (INTERNAL.test(line)) this.internalErrors.push(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stderr = (stderr + text).slice(-4_000);
      appendFileSync(this.env.logFile, `stderr: ${text}`);
    });
    this.exited = new Promise<EngineExit>((resolve) => {
      child.once('exit', (code, signal) => {
        this.child = null;
        const kind: ExitKind =
          this.killing && signal === 'SIGKILL' ? 'killed' : code === 0 ? 'finished' : 'crashed';
        if (kind === 'crashed') this.crashes.push(`exit ${String(code ?? signal)}: ${stderr}`);
        appendFileSync(this.env.logFile, `--- exit ${kind} (${String(code ?? signal)})\n`);
        resolve({ kind, code, signal });
      });
    });
  }

  /** Resolves when the current child ends (at once when none runs). */
  async waitExit(): Promise<EngineExit | null> {
    return this.exited ? this.exited : null;
  }

  /** SIGKILL: no handler runs, nothing is flushed; the queue file is all that survives. */
  async kill(): Promise<EngineExit | null> {
    const child = this.child;
    if (!child) return null;
    this.killing = true;
    child.kill('SIGKILL');
    return this.exited;
  }
}
