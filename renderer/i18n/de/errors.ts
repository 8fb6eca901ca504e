import type { Words } from '../catalogue-types';
import type { errors as en } from '../en/errors';

export const errors: Words<typeof en> = {
  headline: {
    invalid_request: 'MeterDesk konnte das nicht ausführen',
    forbidden: 'Dieses Fenster darf das nicht',
    not_found: 'Dieser Eintrag ist nicht mehr vorhanden',
    not_configured: 'Es ist noch kein Dienst eingerichtet',
    key_rejected: 'Der Dienst hat den API-Schlüssel abgelehnt',
    permission_denied: 'Der Schlüssel darf das nicht',
    unreachable: 'Der Dienst war nicht erreichbar',
    not_https: 'Die Adresse muss mit https:// beginnen',
    invalid_url: 'Das ist keine Webadresse',
    bad_response: 'Der Dienst hat unerwartet geantwortet',
    keychain_unavailable: 'Der Schlüsselbund des Systems ist nicht verfügbar',
    file_error: 'Eine Datei konnte nicht gelesen oder geschrieben werden',
    unavailable: 'MeterDesk ist beschäftigt oder startet neu',
    timeout: 'MeterDesk hat nicht rechtzeitig geantwortet',
    internal: 'In MeterDesk ist ein Fehler aufgetreten',
  },
  withDetail: '{{head}}: {{detail}}',
  advice: {
    key_rejected:
      'Der Dienst nimmt diesen API-Schlüssel nicht an. Prüfen Sie ihn auf Tippfehler oder fordern Sie einen neuen an.',
    permission_denied:
      'Der Schlüssel funktioniert, ist hier aber nicht erlaubt (fehlende Berechtigung, inaktives Konto oder die IP-Adresse dieses Computers steht nicht auf der Liste). {{detail}}',
    not_https:
      'Aus Sicherheitsgründen muss die Adresse mit https:// beginnen (http nur für diesen Computer).',
    invalid_url: 'Das sieht nicht wie eine Webadresse aus, z. B. https://meters.example.com',
  },
};
