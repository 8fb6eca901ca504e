// `meter-desk export OUT --return-file [--db DB]`: the loaded order file given back with the
// readings in (main/billing/order-files/write-return-file.ts). With `--office URL` the office-wide
// return: the office's copy of the order file filled from every desk's readings and decisions
// (main/office/office-return-file.ts). Exit 2 and nothing written without an order file, or when
// the profile has no code for a read type or code a meter needs.
import { officeTimeZone } from '../../../common/billing/export-read-at';
import { writeReturnFile, type ReturnFileWrite } from '../../billing/order-files/write-return-file';
import { writeOfficeReturnFile } from '../../office/office-return-file';
import { redactOfficeUrl } from '../../office/office-url';
import type { Store } from '../../store/store';
import { systemClock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { withOffice, type OfficeReportFlags } from './office-export-routes';
import { printExceptions } from './order-file-route';

type Written = Extract<ReturnFileWrite, { ok: true }>;

/** The written return, or the usage error that says why nothing was written. */
function writtenOrRefused(written: ReturnFileWrite, noOrderFile: string): Written {
  if (written.ok) return written;
  if (written.problem === 'no_order_file')
    throw new UsageError(`${noOrderFile} Nothing was written.`);
  if (written.problem !== 'refused')
    throw new UsageError(
      'The kept order file can no longer be read by its profile. Nothing was written.',
    );
  const r = written.refusal;
  throw new UsageError(
    `Cannot write the return file: meter ${r.meter} (key ${r.key}) needs a ${r.readType} ` +
      `${r.fill === 'readType' ? 'read type' : 'code'}, and the profile ${r.profile} has none for it. ` +
      'Nothing was written.',
  );
}

function report(written: Written, io: CliIo, json: boolean, title: string, extra = ''): void {
  if (json) {
    const { exceptions, ...rest } = written;
    io.out(`${JSON.stringify({ ...rest, exceptions: exceptions.length })}\n`);
    return;
  }
  io.out(
    `${title} ${written.path} (${written.profile}, from ${written.orderFile}): ` +
      `${String(written.filled)} filled, ${String(written.notRead)} not read; ` +
      `${String(written.exceptions.length)} exceptions in ${written.exceptionsPath}\n${extra}`,
  );
  printExceptions(written.exceptions, (l) => {
    io.out(l);
  });
}

export async function returnFileCommand(
  store: Store,
  out: string,
  io: CliIo,
  json: boolean,
): Promise<number> {
  const written = await writeReturnFile(store, out, {
    now: new Date(systemClock.now()),
    zone: officeTimeZone(),
  });
  report(
    writtenOrRefused(
      written,
      'No order file is loaded: load one with "meter-desk run PHOTOS --route ORDERS" first.',
    ),
    io,
    json,
    'Return file',
  );
  return EXIT.ok;
}

/** `export OUT --return-file --office URL`: this desk's queue published first, as for the CSV. */
export function officeReturnFileCommand(
  url: string,
  out: string,
  flags: OfficeReportFlags,
  io: CliIo,
): Promise<number> {
  return withOffice(url, flags, io, async (office) => {
    const written = await writeOfficeReturnFile(office, out, {
      now: new Date(systemClock.now()),
      zone: officeTimeZone(),
    });
    const ok = writtenOrRefused(
      written,
      `The office ${redactOfficeUrl(url)} keeps no order file: load one at a desk with ` +
        '"meter-desk run PHOTOS --route ORDERS --office URL" first.',
    );
    const from = (written.desks ?? []).map((d) => `${d.desk} ${String(d.rows)}`).join(', ');
    report(
      ok,
      io,
      flags.json === true,
      `Office return file (${redactOfficeUrl(url)}, loaded at ${written.loadedBy ?? '?'}):`,
      from === ''
        ? 'No desk has published a reading of its meters yet.\n'
        : `Readings from: ${from}\n`,
    );
  });
}
