import type { Words } from '../catalogue-types';
import type { app as en } from '../en/app';

export const app: Words<typeof en> = {
  language: {
    label: 'Sprache',
    system: 'Wie das Betriebssystem ({{name}})',
    en: 'English',
    de: 'Deutsch',
  },
};
