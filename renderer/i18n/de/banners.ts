import type { Words } from '../catalogue-types';
import type { banners as en } from '../en/banners';

export const banners: Words<typeof en> = {
  not_configured: {
    title: 'Nicht mit dem Ablesedienst verbunden',
    noService: 'Es ist noch kein Dienst eingerichtet.',
    body: 'Hinzugefügte Fotos bleiben erhalten und werden gesendet, sobald er eingerichtet ist.',
  },
  key_rejected: {
    title: 'Der Dienst hat den API-Schlüssel abgelehnt',
    body: 'Es wird nichts gesendet, bis ein gültiger Schlüssel gespeichert ist.',
  },
  permission_denied: {
    title: 'Der API-Schlüssel darf das nicht',
    body: 'Bitten Sie die Verwaltung des Kontos, die Berechtigung zu erteilen oder die IP-Adresse dieses Computers freizugeben, und versuchen Sie es dann erneut.',
  },
  settings: {
    title: 'Der Dienst lehnt eine Einstellung ab',
    body: 'Ändern Sie sie in den Einstellungen.',
  },
  offline: {
    title: 'Der Dienst ist nicht erreichbar',
    body: 'Es geht nichts verloren: MeterDesk versucht es selbstständig weiter.',
    cause: {
      refused: 'Unter der Adresse des Dienstes antwortet niemand.',
      noName: 'Der Name des Dienstes wird nicht gefunden (kein Netz oder falsche Adresse).',
      noRoute: 'Dieser Computer erreicht den Dienst nicht (ist das Netz ausgefallen?).',
      timeout: 'Der Dienst hat nicht rechtzeitig geantwortet.',
      tls: 'Das Zertifikat des Dienstes konnte nicht geprüft werden.',
      reset: 'Die Verbindung wurde unterbrochen.',
      server: 'Der Dienst meldet ein Problem auf seiner Seite.',
      other: 'Die Netzwerkverbindung ist fehlgeschlagen.',
    },
    detail: {
      networkDown: 'Der Dienst ist nicht erreichbar; bitte die Netzwerkverbindung prüfen.',
      server_error: 'Der Dienst hatte ein vorübergehendes Problem; später neuer Versuch.',
      timeout: 'Der Dienst hat zu lange für die Antwort gebraucht; später neuer Versuch.',
      connection_reset: 'Die Verbindung zum Dienst ist abgebrochen; später neuer Versuch.',
      redirect:
        'Der Dienst hat mit einer unerwarteten Weiterleitung geantwortet (nicht gefolgt); später neuer Versuch.',
      unexpected_status: 'Der Dienst hat unerwartet geantwortet; später neuer Versuch.',
      non_json_body:
        'Der Dienst (oder ein Proxy dazwischen) hat eine Seite statt Daten geschickt; später neuer Versuch.',
      malformed_json: 'Der Dienst hat eine beschädigte Antwort geschickt; später neuer Versuch.',
      invalid_body:
        'Der Dienst hat eine Antwort in unerwartetem Format geschickt; später neuer Versuch.',
      body_too_large:
        'Der Dienst hat eine unerwartet große Antwort geschickt; später neuer Versuch.',
      server_refused: 'Der Dienst hat einen Fehler gemeldet; später neuer Versuch.',
      tls: 'Das Sicherheitszertifikat des Dienstes konnte nicht geprüft werden, daher wurde nichts gesendet. Prüfen Sie die Adresse des Dienstes und die Systemuhr oder ob ein Proxy HTTPS abfängt; später neuer Versuch.',
      proxy_auth:
        'Der Proxy-Server verlangt einen Benutzernamen und ein Passwort (407 Proxy Authentication Required), die MeterDesk nicht kennt, daher wurde nichts gesendet. Tragen Sie sie in die Proxy-Adresse ein (http://benutzer:passwort@proxy:port) oder bitten Sie die IT, MeterDesk durchzulassen; später neuer Versuch.',
      proxy_refused:
        'Der Proxy-Server hat die Verbindung zum Dienst abgelehnt, daher wurde nichts gesendet. Bitten Sie die IT, die Adresse des Dienstes im Proxy freizugeben; später neuer Versuch.',
      transport: 'Keine Verbindung zum Dienst möglich; später neuer Versuch.',
    },
  },
  service_hold: {
    title: 'Der Dienst bittet zu warten (Wartung oder Überlastung)',
    body: 'Kein Foto schlägt deswegen fehl: Alles wartet und wird gesendet, sobald der Dienst wieder antwortet.',
  },
  quota: {
    title: 'Das heutige Ablesekontingent ist aufgebraucht',
    titleAll: 'Das Ablesekontingent ist aufgebraucht',
    resets: 'Das Kontingent wird um {{at}} erneuert.',
    newStay: 'Neue Fotos bleiben in der Warteschlange.',
    body: 'Sie werden dann gesendet; bereits laufende Ablesungen kommen weiterhin an. Wenn es schneller gehen soll, bitten Sie die Verwaltung des Kontos um mehr Kontingent.',
  },
  ai_offline: {
    title: 'Die Ablese-KI ist offline',
    body: 'Neue Fotos warten beim Dienst, bis sie wieder bereit ist.',
    bodyQueue_one:
      'Neue Fotos warten beim Dienst, bis sie wieder bereit ist ({{count, number}} Auftrag wartet).',
    bodyQueue_other:
      'Neue Fotos warten beim Dienst, bis sie wieder bereit ist ({{count, number}} Aufträge warten).',
    historical:
      'Bereits früher gelesene Fotos können mit einem älteren Ergebnis einer früheren KI zurückkommen: diese werden zur Prüfung markiert.',
  },
  paused: {
    title: 'Angehalten',
    body: 'Es wird nichts Neues gesendet. Ablesungen, die schon beim Dienst sind, kommen weiterhin an.',
  },
  checker_unavailable: {
    title: 'Fotoprüfung ist aus: Die Fotoprüfung konnte nicht geladen werden',
    body: 'Fotos werden ohne Qualitätsprüfung gesendet, die Codes darauf werden nicht gelesen. Installieren Sie MeterDesk neu oder wenden Sie sich an Ihre IT; das Protokoll enthält die Einzelheiten.',
  },
  key_storage: {
    title: 'Der API-Schlüssel liegt nicht im Schlüsselbund des Systems',
  },
  stay_one: '{{count, number}} Foto bleibt in der Warteschlange.',
  stay_other: '{{count, number}} Fotos bleiben in der Warteschlange.',
  count: 'Noch {{remaining, number}} von {{limit, number}} Ablesungen für heute.',
  countPlain_one: 'Noch {{count, number}} Ablesung für heute.',
  countPlain_other: 'Noch {{count, number}} Ablesungen für heute.',
  countAll_one: 'Noch {{count, number}} Ablesung übrig.',
  countAll_other: 'Noch {{count, number}} Ablesungen übrig.',
  atAndIn: '{{time}} Uhr (in {{wait}})',
  wait: {
    key: 'Wartet auf einen gültigen API-Schlüssel (Einstellungen).',
    permission: 'Wartet darauf, dass der Dienst diesen API-Schlüssel zulässt.',
    settings: 'Wartet auf eine geänderte Einstellung (Einstellungen).',
    offline: 'Wartet auf eine Antwort des Dienstes.',
    service: 'Wartet, wie der Dienst es erbittet (Wartung oder Überlastung).',
    quota: 'Das Kontingent wird um {{at}} erneuert.',
    ai: 'Wartet auf den KI-Dienst.',
  },
};
