// Anna's desk in an office: the Office settings the window's tests share, and a real office on the
// throwaway cluster for them (desk role desk_anna, password pw-anna, as pg-cluster.ts makes it).
import type { OfficeSettings } from '../../common/ipc/office-views';

export const ANNA_OFFICE: OfficeSettings = {
  host: 'db.office.example',
  port: 5432,
  database: 'meterdesk',
  user: 'desk_anna',
  desk: 'anna@pc-7',
  sslmode: 'verify-full',
};

export const ANNA_PASSWORD = 'pw-anna';
