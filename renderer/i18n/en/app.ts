// English words of the main screens (header, table, detail, settings, onboarding, banners).
// Keys are grouped by screen; `{{name}}` is filled in by i18next. German mirrors every key
// (de/app.ts); the type makes a missing key a compile error.
export const app = {
  language: {
    label: 'Language',
    system: 'As the operating system ({{name}})',
    en: 'English',
    de: 'Deutsch',
  },
} as const;
