// Handlers for billing files in the window (issue 31; docs/billing-files.md): an order file chosen
// under "Load route sheet" loaded through the same action as `meter-desk run --route ORDERS`, an
// office's own profile file checked, and the return file written by the same code as
// `meter-desk export OUT --return-file`. A file is loaded only from a path the person chose in
// main's dialog.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { officeTimeZone } from '../../../common/billing/export-read-at';
import { MAX_SHEET_BYTES } from '../../../common/billing/route-sheet-limits';
import {
  builtinProfile,
  BUILTIN_PROFILE_NAMES,
} from '../../../common/billing/order-files/builtin-profiles';
import { parseProfileJson, type OrderProfile } from '../../../common/billing/order-files/profile';
import type {
  OrderFileLoadView,
  OrderFilePreview,
  OrderProfileChoice,
  OrderProfileFile,
  ReturnFileView,
} from '../../../common/ipc/order-file-views';
import { replyMessage } from '../../../common/reply-messages';
import { byteString } from '../../billing/order-files/byte-string';
import { profileFor } from '../../billing/order-files/load-order-file';
import { readProfile } from '../../billing/order-files/profile-file';
import { writeReturnFile } from '../../billing/order-files/write-return-file';
import { AppError } from '../../ipc/app-error';
import { systemClock } from '../../time/clock';
import type { BackendHandlers } from '../backend';
import type { BackendState } from '../backend-state';

type OrderFileHandlers = Pick<
  BackendHandlers,
  'loadOrderFile' | 'readOrderProfile' | 'writeReturnFile'
>;

/** The file at `path` when a built-in profile recognises its content, else null (a sheet). */
export async function orderFileChoice(path: string): Promise<OrderFilePreview | null> {
  let bytes: Uint8Array;
  try {
    // Too large or unreadable: the route sheet's inspection says why, in its words.
    if ((await stat(path)).size > MAX_SHEET_BYTES) return null;
    bytes = new Uint8Array(await readFile(path));
  } catch {
    return null;
  }
  const recognised = profileFor(byteString(bytes), null);
  if (recognised === null) return null;
  return {
    path,
    name: basename(path),
    recognised: recognised.name,
    builtins: BUILTIN_PROFILE_NAMES,
  };
}

function profileOf(choice: OrderProfileChoice): OrderProfile | null {
  if (choice === null) return null;
  if ('builtin' in choice) {
    const builtin = builtinProfile(choice.builtin);
    if (builtin) return builtin;
    const problems = `No built-in profile "${choice.builtin}".`;
    throw new AppError('invalid_request', replyMessage('orderProfileInvalid', { problems }));
  }
  const parsed = parseProfileJson(choice.json);
  if (parsed.ok) return parsed.value;
  const problems = parsed.errors.join(' ');
  throw new AppError('invalid_request', replyMessage('orderProfileInvalid', { problems }));
}

export function orderFileHandlers(
  state: BackendState,
  /** Files the person chose under "Load route sheet" this session. */
  chosen: ReadonlySet<string>,
): OrderFileHandlers {
  return {
    loadOrderFile: ({ path, profile, folders }) =>
      state.use(async (): Promise<OrderFileLoadView> => {
        if (!chosen.has(path))
          throw new AppError('invalid_request', replyMessage('chooseSheetFirst', {}));
        const named = profileOf(profile);
        const bytes = new Uint8Array(await readFile(path));
        const fileTime = (await stat(path)).mtime.toISOString();
        const name = basename(path);
        const loaded = await state.actions.loadOrderFile(bytes, {
          name,
          profile: named,
          fileTime,
          ...(folders && { folders }),
        });
        if (!loaded.ok) {
          return loaded.problem === 'not_an_order_file'
            ? { ok: false, problem: loaded.problem, profile: null, headers: [] }
            : loaded;
        }
        state.hub.markAppChanged();
        state.hub.statusChanged(state.status());
        return {
          ok: true,
          name,
          profile: loaded.profile,
          sha256: loaded.sha256,
          records: loaded.records,
          meters: loaded.meters,
          matched: loaded.match.matched,
          unmatched: loaded.match.unmatched + loaded.match.ambiguous,
          exceptions: loaded.exceptions,
        };
      }),

    readOrderProfile: ({ path }) =>
      state.use(async (): Promise<OrderProfileFile> => {
        const read = await readProfile(path);
        if (!read.ok) return { canceled: false, ok: false, problems: read.errors };
        return {
          canceled: false,
          ok: true,
          name: read.value.name,
          json: JSON.stringify(read.value),
        };
      }),

    writeReturnFile: ({ path }) =>
      state.use(async (): Promise<ReturnFileView> => {
        const written = await writeReturnFile(state.store, path, {
          now: new Date(systemClock.now()),
          zone: officeTimeZone(),
        });
        if (written.ok) {
          state.exported.add(written.path);
          state.exported.add(written.exceptionsPath);
        }
        return written;
      }),
  };
}
