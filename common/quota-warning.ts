// The one rule for warning that the quota will not cover the photos waiting: the engine decides
// it (it can count distinct photos), the CLI prints it and the window words it with its live
// figures through the same function.

/** More photos wait to be read than readings are left (today, for a daily quota). */
export interface QuotaWarning {
  /** Photos still to cost a reading: queued or uploading, byte-identical copies once. */
  readonly waiting: number;
  readonly remaining: number;
}

/**
 * Warns when more photos still to cost a reading wait than readings are left; never for an
 * unlimited or unknown quota (`remaining` null). A copy of a photo already read is free, so
 * `waiting` counts distinct photos.
 */
export function quotaWarning(remaining: number | null, waiting: number): QuotaWarning | null {
  return remaining === null || waiting <= remaining ? null : { waiting, remaining };
}

/**
 * The engine's warning with the window's fresher figures: the photos waiting can only have gone
 * down since the engine counted them (it counts again when photos are added), and the quota left
 * is the freshest reading.
 */
export function liveQuotaWarning(
  engine: QuotaWarning | null,
  remaining: number | null,
  queuedOrUploading: number,
): QuotaWarning | null {
  if (engine === null) return null;
  return quotaWarning(remaining, Math.min(engine.waiting, queuedOrUploading));
}

/**
 * In English, for the CLI and the log. "Today" only for a daily quota (`daily`,
 * quota-pools.ts quotaIsDaily): a paid account's packages do not renew at midnight.
 */
export function quotaWarningText(w: QuotaWarning, daily = true): string {
  return (
    `${String(w.waiting)} photos are waiting but only ${String(w.remaining)} readings are left` +
    `${daily ? ' today' : ''}. Photos the service has already read are free; the rest will wait for quota.`
  );
}
