import type { Words } from '../catalogue-types';
import type { billing as en } from '../en/billing';

export const billing: Words<typeof en> = {
  title: 'Route',
};
