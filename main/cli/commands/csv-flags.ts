import type { ExportOptions } from '../../export/export';
import { UsageError } from '../exit-codes';

export const CSV_FLAGS = {
  'no-bom': { type: 'boolean', default: false },
  delimiter: { type: 'string' },
} as const;

export function csvOptions(values: {
  'no-bom'?: boolean | undefined;
  delimiter?: string | undefined;
}): ExportOptions {
  const delimiter = values.delimiter ?? ',';
  if (delimiter !== ',' && delimiter !== ';')
    throw new UsageError(`--delimiter must be ',' or ';'`);
  return { bom: !values['no-bom'], delimiter };
}
