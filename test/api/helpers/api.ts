import { inspect } from 'node:util';
import { expect } from 'vitest';
import { createMeterApi, type MeterApi, type MeterApiOptions } from '../../../main/api/client';
import { ApiError, type ErrorClass } from '../../../main/api/errors';
import { createPacer } from '../../../main/api/pacer';

/** A key that looks real enough; every error is checked never to contain it. */
export const SECRET_KEY = 'mdk_live_7f3a9c1e5b2d4f60SECRET';

/** A client with its own pacer (tests must not share pacing state through the key registry). */
export function makeApi(baseUrl: string, options: Partial<MeterApiOptions> = {}): MeterApi {
  return createMeterApi({ baseUrl, apiKey: SECRET_KEY, pacer: createPacer(), ...options });
}

/** Whatever a log line, a crash report or an IPC reply might make of the error. */
export function expectNoSecret(value: unknown): void {
  // JSON.stringify returns undefined for functions, whatever its declared type says.
  const json = JSON.stringify(value) as string | undefined;
  const renderings = [
    String(value),
    inspect(value, { depth: 10, showHidden: true }),
    json ?? '',
    value instanceof Error ? (value.stack ?? '') : '',
  ];
  for (const text of renderings) expect(text).not.toContain(SECRET_KEY);
}

/** Awaits a call that must fail, checks it is a safe ApiError of the class, and returns it. */
export async function failure(
  promise: Promise<unknown>,
  expectedClass: ErrorClass,
): Promise<ApiError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ApiError);
  const error = caught as ApiError;
  expect(error.info.class, error.message).toBe(expectedClass);
  expect(error.message.length).toBeGreaterThan(0);
  expectNoSecret(error);
  return error;
}
