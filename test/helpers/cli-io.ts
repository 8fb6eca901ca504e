// The CLI's input and output as a test sees them: what `main` wrote to stdout and stderr, with the
// environment the test gives it (and no terminal, no standard input).
import type { CliIo } from '../../main/cli/output';

export type CapturedIo = CliIo & { stdout: () => string; stderr: () => string };

export function captureIo(env: Record<string, string>): CapturedIo {
  let out = '';
  let err = '';
  return {
    out: (t) => (out += t),
    err: (t) => (err += t),
    isTty: false,
    env: { HOME: process.env.HOME, ...env },
    readStdin: () => Promise.resolve(''),
    stdout: () => out,
    stderr: () => err,
  };
}
