import type { Words } from '../catalogue-types';
import type { onboarding as en } from '../en/onboarding';

export const onboarding: Words<typeof en> = {
  welcome: 'Willkommen bei MeterDesk',
  lead: 'MeterDesk macht aus Ordnern mit Fotos von Wasserzählern Zählerstände, die für die Abrechnung bereitstehen. Verbinden Sie es zuerst mit Ihrem Ablesedienst.',
  checkAndContinue: 'Prüfen und weiter',
  or: 'oder',
  justLooking: 'Nur mal ansehen?',
  sandboxOffer:
    'Die eingebaute Testumgebung simuliert den Dienst auf diesem Computer, mit einem Ordner Beispielfotos zum Hineinziehen. Nichts verlässt diesen Computer. Auch das Kontingent ist simuliert: Es zählt wie ein echtes herunter, kostet aber nichts.',
  starting: 'Wird gestartet …',
  trySandbox: 'Testumgebung ausprobieren',
  form: {
    address: 'Adresse des Dienstes',
    addressEmpty: 'Geben Sie die Adresse des Ablesedienstes ein.',
    addressInvalid: 'Das sieht nicht nach einer Webadresse aus, z. B. https://meters.example.com',
    addressNotHttps:
      'Die Adresse muss mit https:// beginnen (einfaches http nur für diesen Computer).',
    addressApiPath: 'Die Adresse enthält den API-Pfad (/api/open…); MeterDesk ergänzt ihn selbst.',
    useFixed: '{{url}} verwenden',
    addressNoScheme:
      'Der Adresse fehlt das Schema: Beginnen Sie sie mit https:// (http:// nur für diesen Computer).',
    schemeAdded: 'MeterDesk ergänzt https:// und verwendet {{url}}',
    key: 'API-Schlüssel',
    keyEmpty: 'Geben Sie den API-Schlüssel ein.',
    keySpaces:
      'Der Schlüssel enthält Leerzeichen oder Zeilenumbrüche; fügen Sie nur den Schlüssel ein.',
    keyCharacters:
      'Der Schlüssel enthält Zeichen, die ein API-Schlüssel nicht haben kann; fügen Sie nur den Schlüssel ein.',
    keyTooLong: 'Das ist viel länger als ein API-Schlüssel; fügen Sie nur den Schlüssel ein.',
    keepKey: 'Leer lassen, um den gespeicherten Schlüssel zu behalten',
    pasteKey: 'Fügen Sie den erhaltenen Schlüssel ein',
    hide: 'Verbergen',
    show: 'Anzeigen',
    keyHint:
      'Der Schlüssel wird im Schlüsselbund des Systems aufbewahrt, nie in Dateien oder Exporten.',
    connected: 'Verbunden. Kontingent: {{quota}}; KI {{ai}}.',
    unlimited: 'unbegrenzt',
    leftToday: 'heute noch {{n, number}}',
    online: 'bereit',
    offline: 'offline',
    checking: 'Wird geprüft …',
  },
};
