// meterdesk-photo://job/<id>: the only way the window sees a photo. Only jobs the queue knows are
// served, only as the image type their bytes really are, and never anything else on disk: the
// window cannot name a path, and file:// stays closed to it. Runs in the main process (Electron's
// protocol.handle wants a Response); the job is looked up in the backend.
import { open } from 'node:fs/promises';
import { MAX_FILE_BYTES } from '../../common/job';
import type { PhotoFile } from '../../common/ipc/backend-views';
import { PHOTO_SCHEME } from '../../common/ipc/channels';
import { sniffImageFormat } from '../scan/sniff';

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

function refuse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/** The job id of a photo address, or null for anything that is not exactly one. */
export function photoJobId(url: string): number | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${PHOTO_SCHEME}:` || parsed.host !== 'job') return null;
  const match = /^\/([1-9]\d{0,15})$/.exec(parsed.pathname);
  const id = match?.[1] ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

export async function photoResponse(
  request: Request,
  lookup: (jobId: number) => Promise<PhotoFile | null>,
): Promise<Response> {
  if (request.method !== 'GET') return refuse(405, 'Only GET');
  const id = photoJobId(request.url);
  if (id === null) return refuse(404, 'Not a photo address');
  const photo = await lookup(id);
  if (!photo) return refuse(404, 'No such photo');
  let bytes: Buffer;
  try {
    const handle = await open(photo.path, 'r');
    try {
      const st = await handle.stat();
      if (!st.isFile()) return refuse(404, 'Not a file');
      if (st.size > MAX_FILE_BYTES) return refuse(413, 'Photo too large to show');
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    return refuse(404, 'The photo cannot be read (moved or deleted?)');
  }
  const format = sniffImageFormat(bytes.subarray(0, 512));
  if (typeof format !== 'string') return refuse(415, 'Not a JPEG, PNG or WEBP image');
  return new Response(bytes, {
    status: 200,
    headers: {
      'content-type': MIME[format],
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'",
    },
  });
}
