// What a 413 says about the deployment's byte limit. The spec's "20MB" is not pinned to a unit:
// a deployment may count 20 MiB (20,971,520 bytes) or 20,000,000. Its message states the figure
// (spec 7: "string stating the 20MB maximum"); a figure in MB is read in decimal megabytes, the
// smaller reading, because an upload of at most 20 MiB was refused. A figure that does not fit
// below what was refused is no figure.
const MIB = 1024 * 1024;

function below(value: number, refused: number): number | null {
  return Number.isFinite(value) && value >= 1 && value < refused ? Math.floor(value) : null;
}

/** The limit the service stated in `message`, if it fits below the `refused` bytes. */
export function statedByteLimit(message: string, refused: number): number | null {
  const bytes = /(\d[\d,]*)\s*bytes/i.exec(message);
  if (bytes?.[1] !== undefined) {
    const exact = below(Number(bytes[1].replaceAll(',', '')), refused);
    if (exact !== null) return exact;
  }
  const mb = /(\d+(?:\.\d+)?)\s*(MiB|MB|megabytes?)\b/i.exec(message);
  if (mb?.[1] === undefined || mb[2] === undefined) return null;
  const unit = mb[2].toLowerCase() === 'mib' ? MIB : 1_000_000;
  return below(Number(mb[1]) * unit, refused);
}
