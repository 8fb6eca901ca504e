// Deutsche Wörter der Karte „Büro“ in den Einstellungen; dieselben Schlüssel wie en/office.ts.
import type { Words } from '../catalogue-types';
import type { office as en } from '../en/office';

export const office: Words<typeof en> = {
  title: 'Büro',
  intro:
    'Mehrere Arbeitsplätze teilen sich für einen Ablesezyklus die PostgreSQL-Datenbank des Büros. Ohne sie arbeitet dieser Platz allein, wie bisher.',
  use: 'In eine Büro-Datenbank veröffentlichen',
  host: 'Server',
  hostHint: 'Ein Name oder eine Adresse, oder eine postgres://-Adresse ohne Passwort einfügen.',
  port: 'Port',
  database: 'Datenbank',
  user: 'Benutzername',
  password: 'Passwort',
  passwordSaved: 'Dort gespeichert, wo der API-Schlüssel liegt. Zum Ersetzen ein neues eingeben.',
  passwordHint:
    'Wird wie der API-Schlüssel aufbewahrt, im Schlüsselbund, wo es einen gibt; nie wieder angezeigt.',
  desk: 'Name des Arbeitsplatzes',
  deskHint: 'Nennt im Protokoll des Büros, wer es getan hat.',
  sslmode: 'Verschlüsselung',
  ssl: {
    disable: 'Aus (nur in einem Netz, dem Sie vertrauen)',
    require: 'Verschlüsselt',
    'verify-full': 'Verschlüsselt, Serverzertifikat geprüft',
  },
  caFile: 'Zertifizierungsstelle (optional)',
  caFileHint:
    'Die eigene Zertifizierungsstelle des Büros als PEM-Datei, wenn dieser PC dem Serverzertifikat nicht von sich aus vertraut. Leer: die Zertifikate, denen das System vertraut.',
  caFileBrowse: 'Durchsuchen…',
  caFileAbsolute:
    'Bitte den vollständigen Pfad der Datei angeben, zum Beispiel /etc/ssl/office-ca.pem oder C:\\certs\\office-ca.pem.',
  test: 'Verbindung testen',
  testing: 'Verbinde…',
  save: 'Büro-Einstellungen übernehmen',
  saving: 'Übernehme…',
  saved: 'Übernommen.',
  savedOff: 'Übernommen. Dieser Platz arbeitet ohne Büro.',
  needed: 'Bitte Server, Port, Datenbank, Benutzername und Namen des Arbeitsplatzes ausfüllen.',
  address: {
    notPostgres: 'Das ist keine postgres://-Adresse.',
    hasPassword:
      'Bitte das Passwort nicht in die Adresse schreiben, sondern in das Feld „Passwort“.',
  },
  ok: 'Verbunden: PostgreSQL {{server}}, Büro-Schema {{schema}}. Bereit.',
  problem: {
    wrongPassword:
      'Der Server hat das Passwort für „{{user}}“ abgelehnt. Bitte Passwort (und Benutzernamen) prüfen.',
    noPassword: 'Der Server verlangt ein Passwort; bitte im Feld „Passwort“ eingeben.',
    noSuchDatabase:
      'Auf dem Server gibt es keine Datenbank „{{database}}“. Bitte den Namen mit der IT klären.',
    unreachable:
      'Der Server {{host}} antwortet nicht auf Port {{port}}. Bitte Adresse und Port prüfen und ob dieser PC ihn erreichen darf.',
    tlsRequired:
      'Der Server nimmt nur verschlüsselte Verbindungen an. Bitte unter Verschlüsselung „Verschlüsselt“ wählen.',
    tlsUnavailable:
      'Der Server bietet keine verschlüsselten Verbindungen an. Bitte die IT, TLS einzuschalten, oder in einem vertrauenswürdigen Netz „Aus“ wählen.',
    certificateUntrusted:
      'Diesem PC ist das Zertifikat des Servers nicht vertrauenswürdig (unbekannter Aussteller oder anderer Name). Bitte die IT nach der Datei der Zertifizierungsstelle des Büros fragen oder „Verschlüsselt“ ohne Prüfung wählen.',
    caFileUnreadable:
      'Die Datei der Zertifizierungsstelle lässt sich nicht lesen. Bitte prüfen, ob sie dort liegt und dieser Benutzer sie lesen darf.',
    schemaMissing:
      'Die Datenbank ist leer: Die Tabellen des Büros sind noch nicht eingerichtet. Die IT führt einmal „meter-desk office init“ aus.',
    schemaOlder:
      'Die Büro-Datenbank hat Schema {{found}}; dieses MeterDesk braucht {{known}}. Die IT aktualisiert sie mit „meter-desk office init“.',
    schemaNewer:
      'Die Büro-Datenbank wurde von einem neueren MeterDesk eingerichtet (Schema {{found}}, dieses kennt {{known}}). Bitte MeterDesk auf diesem PC aktualisieren.',
    permissionDenied:
      'Der Benutzer „{{user}}“ darf die Tabellen des Büros nicht lesen. Bitte die IT, ihn der Gruppe der Arbeitsplätze hinzuzufügen.',
    other: 'Die Büro-Datenbank hat die Verbindung abgelehnt:',
  },
  status: {
    title: 'Büro',
    label: 'Büro-Datenbank',
    state: {
      starting: 'Verbinde…',
      connected: 'Verbunden',
      away: 'Nicht erreichbar',
      refused: 'Abgelehnt',
    },
    where: '{{desk}}, veröffentlicht in {{database}} auf {{host}}',
    published: 'Alles veröffentlicht',
    publishing: '{{count, number}} zu veröffentlichen',
    awayLine: 'Ausgang: {{count, number}} wartend',
    unclaimed: '{{count, number}} ohne Reservierung gesendet',
    unclaimedHelp:
      'Gesendet, während das Büro nicht erreichbar war: ein anderer Platz hat dieselben Fotos vielleicht auch bezahlt.',
    awayHelp:
      'Dieser Platz arbeitet weiter; seine Ablesungen und Entscheidungen warten im Ausgang, bis das Büro wieder erreichbar ist.',
    startingLine: 'Erreiche {{host}}…',
    problem: {
      wrongPassword: 'Falsches Passwort',
      noPassword: 'Kein Passwort gespeichert',
      noSuchDatabase: 'Keine solche Datenbank',
      unreachable: 'Server nicht erreichbar',
      tlsRequired: 'Verschlüsselung verlangt',
      tlsUnavailable: 'Verschlüsselung nicht angeboten',
      certificateUntrusted: 'Zertifikat nicht vertrauenswürdig',
      caFileUnreadable: 'Datei der Zertifizierungsstelle nicht lesbar',
      schemaMissing: 'Büro-Tabellen nicht eingerichtet',
      schemaOlder: 'Büro-Schema älter als dieses MeterDesk',
      schemaNewer: 'Büro-Schema neuer: MeterDesk aktualisieren',
      permissionDenied: 'Darf die Büro-Tabellen nicht lesen',
      other: 'Verbindung abgelehnt',
    },
    refusedHelp:
      'Bitte Einstellungen → Büro und dort „Verbindung testen“ prüfen. Bis dahin arbeitet dieser Platz allein.',
  },
};
