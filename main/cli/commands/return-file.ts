// `meter-desk export OUT --return-file [--db DB]`: the loaded order file given back with the
// readings in (main/billing/order-files/write-return-file.ts). Exit 2 and nothing written without
// an order file, or when the profile has no code for a read type or code a meter needs.
import { officeTimeZone } from '../../../common/billing/export-read-at';
import { writeReturnFile } from '../../billing/order-files/write-return-file';
import type { Store } from '../../store/store';
import { systemClock } from '../../time/clock';
import { EXIT, UsageError } from '../exit-codes';
import type { CliIo } from '../output';
import { printExceptions } from './order-file-route';

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
  if (!written.ok) {
    if (written.problem === 'no_order_file')
      throw new UsageError(
        'No order file is loaded: load one with "meter-desk run PHOTOS --route ORDERS" first. Nothing was written.',
      );
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
  if (json) {
    const { exceptions, ...rest } = written;
    io.out(`${JSON.stringify({ ...rest, exceptions: exceptions.length })}\n`);
    return EXIT.ok;
  }
  io.out(
    `Return file ${written.path} (${written.profile}, from ${written.orderFile}): ` +
      `${String(written.filled)} filled, ${String(written.notRead)} not read; ` +
      `${String(written.exceptions.length)} exceptions in ${written.exceptionsPath}\n`,
  );
  printExceptions(written.exceptions, (l) => {
    io.out(l);
  });
  return EXIT.ok;
}
