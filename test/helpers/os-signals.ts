// Which signals a test may send to a child and expect it to handle. Windows has no POSIX signals:
// Node's kill() ends the child outright whatever the name ('SIGTERM' is not handled there, no exit
// code 0 follows), and process.kill(pid, 'SIGUSR2') fails with ENOSYS. Tests of a handled signal
// skip there, saying why in their name.
import { constants } from 'node:os';

export function handlesSignal(signal: NodeJS.Signals, platform = process.platform): boolean {
  return platform !== 'win32' && signal in constants.signals;
}

/** Appended to a test's name when it skips on this system. */
export function signalNote(signal: NodeJS.Signals): string {
  return handlesSignal(signal) ? '' : ` (skipped: ${process.platform} has no ${signal} to handle)`;
}
