// The two schemes the window uses instead of file://: its own page (meterdesk-app://app/) and the
// photos of known jobs (meterdesk-photo://job/<id>). Both are answered by plain-Node code in
// main/desktop; this file only registers them with Electron.
import { protocol } from 'electron';
import type { PhotoFile } from '../../common/ipc/backend-views';
import { APP_SCHEME, PHOTO_SCHEME } from '../../common/ipc/channels';
import { photoResponse } from '../desktop/photo-response';
import { rendererResponse } from '../desktop/renderer-files';

/** Must run before the app is ready. `standard` + `secure`: a real origin, treated like https. */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: PHOTO_SCHEME, privileges: { standard: true, secure: true } },
  ]);
}

export function serveSchemes(
  rendererDir: string,
  photoFile: (jobId: number) => Promise<PhotoFile | null>,
): void {
  protocol.handle(APP_SCHEME, (request) => rendererResponse(request, rendererDir));
  protocol.handle(PHOTO_SCHEME, (request) => photoResponse(request, photoFile));
}
