// The CLI's input and output as a test sees them: what `main` wrote to stdout and stderr (apart,
// and together in the order written), with the environment and standard input the test gives it,
// and no terminal.
import type { CliIo } from '../../main/cli/output';

export type CapturedIo = CliIo & { stdout: () => string; stderr: () => string; all: () => string };

export function captureIo(env: Record<string, string>, stdin = ''): CapturedIo {
  let out = '';
  let err = '';
  let all = '';
  return {
    out: (t) => {
      out += t;
      all += t;
    },
    err: (t) => {
      err += t;
      all += t;
    },
    isTty: false,
    env: { HOME: process.env.HOME, ...env },
    readStdin: () => Promise.resolve(stdin),
    stdout: () => out,
    stderr: () => err,
    all: () => all,
  };
}
