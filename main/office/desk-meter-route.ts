// Which of the office's routes this desk has a meter on (issue 30): a meter number on two routes
// (a meter that moved, a sheet loaded with and without a route column) is linked in the office to
// the meter on the desk's route, as the desk's own export and billing rows name it.
import { NO_ROUTE } from '../billing/office-route-sheets';
import type { Store } from '../store/store';
import type { MeterRouteOf } from './store/office-store';

export function deskMeterRoute(store: Pick<Store, 'meters'>): MeterRouteOf {
  return (meterNumber) => {
    const meter = store.meters.get(meterNumber);
    return meter ? (meter.route ?? NO_ROUTE) : null;
  };
}
