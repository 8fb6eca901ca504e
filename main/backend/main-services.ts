// What the backend asks of the Electron main process, derived from the contract (MAIN_CALLS):
// each call answers a result union within its deadline. In the app they travel over the
// utility-process port (host.ts); in tests and the in-process bridges a plain-Node stand-in answers
// them through main/ipc/answer.ts.
import type { CallersFor, HandlersFor } from '../../common/ipc/bridge';
import { MAIN_CALLS, type MainCalls } from '../../common/ipc/backend-contract';
import type { Result } from '../../common/ipc/result';
import { answering, errorReporter } from '../ipc/answer';
import type { SafeStorageLike } from './secret-choice';

export type MainServices = CallersFor<MainCalls>;
/** Main's side of them (the Electron shell's desktopServices, the tests' TestOs). */
export type MainServiceHandlers = HandlersFor<MainCalls>;

/** A failed call to main, thrown here in the backend (never across the port). */
export class MainServiceError extends Error {
  override readonly name = 'MainServiceError';
}

async function value<T>(answer: Promise<Result<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new MainServiceError(result.error.message);
  return result.value;
}

/** Electron's safeStorage in main, as the secret store's fallback sees it. */
export function safeStorageThrough(main: MainServices): SafeStorageLike {
  return {
    info: () => value(main.safeStorageInfo({})),
    encryptString: (plain) => value(main.encryptString(plain)),
    decryptString: (sealed) => value(main.decryptString(sealed)),
  };
}

/** Main's services answered in this process, as the backend reaches them over the port. */
export function mainServicesInProcess(
  handlers: MainServiceHandlers,
  log: (line: string) => void = () => undefined,
): MainServices {
  return answering(MAIN_CALLS, handlers, {
    report: errorReporter((text) => text, log),
    who: 'The MeterDesk main process',
  });
}
