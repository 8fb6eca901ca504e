// The window's Office settings (docs/office.md): where the office's PostgreSQL is, who this desk is,
// and what a connection test found. The password travels into the backend only; what comes back
// says whether one is saved, never what it is.
import { z } from 'zod';

export const OFFICE_SSL_MODES = ['disable', 'require', 'verify-full'] as const;
export type OfficeSslMode = (typeof OFFICE_SSL_MODES)[number];

/** PostgreSQL's own limit for names (NAMEDATALEN - 1). */
const PG_NAME = z.string().trim().min(1).max(63);

/** An absolute path on POSIX or Windows (drive or UNC): the backend never guesses a base folder. */
const ABSOLUTE_PATH = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

export const officeSettings = z.strictObject({
  host: z.string().trim().min(1).max(253),
  port: z.int().min(1).max(65535),
  database: PG_NAME,
  user: PG_NAME,
  /** Who did it, in the office's record (`--desk`; default user@host). */
  desk: z.string().trim().min(1).max(100),
  sslmode: z.enum(OFFICE_SSL_MODES),
  /**
   * The office's own certificate authority (a PEM file), for `verify-full` when the server's
   * certificate is not one the system trusts; absent: the system's trusted certificates.
   */
  caFile: z
    .string()
    .trim()
    .min(1)
    .max(4096)
    .regex(ABSOLUTE_PATH, 'The certificate authority file needs its full path.')
    .optional(),
});
export type OfficeSettings = z.infer<typeof officeSettings>;

/**
 * A password is accepted in, never sent out. Its UTF-8 bytes are kept as base64 in the API key's
 * secret store (main/office/office-settings.ts), which takes MAX_KEY_CHARS: 768 bytes at most.
 */
export const officePassword = z
  .string()
  .min(1)
  .max(768)
  .refine((text) => new TextEncoder().encode(text).length <= 768, 'The password is too long.');

/** The CA file the person picked in the Office card's open dialog. */
export type OfficeCaChoice =
  { readonly canceled: true } | { readonly canceled: false; readonly path: string };

export interface OfficeView {
  /** null: no office; the desk works alone, as without office mode. */
  readonly settings: OfficeSettings | null;
  /** The desk name used when none is given: the OS user at this computer. */
  readonly defaultDesk: string;
  /** Whether a password is saved for the settings' user at their server. */
  readonly passwordSaved: boolean;
}

/**
 * Why a connection test failed, as a code the window words (renderer i18n `office.problem.*`);
 * `detail` is the driver's own message, password taken out, shown as data.
 */
export const OFFICE_PROBLEMS = [
  'wrongPassword',
  'noPassword',
  'noSuchDatabase',
  'unreachable',
  'tlsRequired',
  'tlsUnavailable',
  'certificateUntrusted',
  'caFileUnreadable',
  'schemaMissing',
  'schemaOlder',
  'schemaNewer',
  'permissionDenied',
  'other',
] as const;
export type OfficeProblem = (typeof OFFICE_PROBLEMS)[number];

export interface OfficeProblemParams {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string;
  /** The office's schema version and the one this MeterDesk knows (schema problems). */
  readonly found: number;
  readonly known: number;
  readonly detail: string;
}

export type OfficeCheck =
  | {
      readonly ok: true;
      readonly serverVersion: string;
      readonly schemaVersion: number;
    }
  | { readonly ok: false; readonly problem: OfficeProblem; readonly params: OfficeProblemParams };

/**
 * The window's desk and its office while the engine runs: `starting` until the office first
 * answered, `connected` (publishing whatever waits in the outbox), `away` (not reachable: the desk
 * works on and the outbox waits), `refused` (the office answered no, `problem` says why, worded as
 * the Test button words it). Plain data; never the password.
 */
export const OFFICE_LINK_STATES = ['starting', 'connected', 'away', 'refused'] as const;
export type OfficeLinkState = (typeof OFFICE_LINK_STATES)[number];

export interface OfficeStatus {
  readonly state: OfficeLinkState;
  /** This desk's name in the office. */
  readonly desk: string;
  readonly host: string;
  readonly database: string;
  /** Readings and decisions in this desk's outbox, not yet published. */
  readonly pending: number;
  /** Why the office refused this desk (`refused` only). */
  readonly problem: OfficeProblem | null;
  /**
   * Photos this desk sent without a claim since it started (the office unreachable): another desk
   * may have paid for the same photos (issue 30: nothing in the window said so).
   */
  readonly unclaimed: number;
}
