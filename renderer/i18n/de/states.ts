import type { Words } from '../catalogue-types';
import type { states as en } from '../en/states';

export const states: Words<typeof en> = {
  state: {
    queued: { label: 'Wartend', help: 'Wartet auf das Senden.' },
    uploading: { label: 'Wird gesendet', help: 'Wird an den Dienst gesendet.' },
    submitted: { label: 'Wird abgelesen', help: 'Der Dienst liest den Zählerstand ab.' },
    done: { label: 'Fertig', help: 'Der Zählerstand liegt vor.' },
    failed: { label: 'Fehlgeschlagen', help: 'Es konnte kein Zählerstand ermittelt werden.' },
    rejected: {
      label: 'Nicht gesendet',
      help: 'Kein Foto, das der Dienst annimmt; es wurde nie gesendet.',
    },
    waiting: { label: 'Wartet', help: 'Wartet beim Dienst.' },
    held: {
      label: 'Zurückgehalten',
      help: 'Nicht gesendet: die Bildprüfung vor dem Hochladen hält es zurück, es kostet kein Kontingent. Trotzdem senden, wenn es lesbar ist.',
    },
  },
  checks: {
    title: 'Bildprüfung vor dem Hochladen',
    intro:
      'Ein Foto außerhalb dieser Grenzen wird zurückgehalten, nicht gesendet, und kostet kein Kontingent. Die Balken zeigen Ihre eigenen letzten Fotos; die Linie ist die Grenze.',
    minShortSide: 'Kurze Seite mindestens (px)',
    maxDarkShare: 'Dunkle Pixel höchstens (%)',
    maxBrightShare: 'Überstrahlte Pixel höchstens (%)',
    minSharpness: 'Schärfe mindestens',
    spread: '{{name}}: Ihre letzten Fotos, mit der Grenze markiert',
    wouldHold:
      'Mit diesen Grenzen würden {{held, number}} Ihrer letzten {{count, number}} geprüften Fotos zurückgehalten',
    noPhotos: 'Noch keine Fotos geprüft: die Balken füllen sich, sobald Fotos hinzukommen.',
    save: 'Grenzen anwenden',
    defaults: 'Standardwerte',
    reason: {
      too_small: 'zu klein',
      too_dark: 'zu dunkel',
      blown_out: 'überbelichtet',
      blurred: 'unscharf',
    },
  },
  heldNote:
    '{{count, number}} zurückgehalten, nicht gesendet: {{reasons}} · Kontingent gespart: {{saved, number}}',
  sendAnyway: 'Trotzdem senden',
  sendAnywayHelp:
    'Sendet dieses Foto, obwohl die Bildprüfung es zurückhält; es kostet eine Ablesung.',
  waitingBecause: 'Wartet beim Dienst: {{reason}}',
  waitingForAi: 'Wartet, bis der KI-Dienst wieder bereit ist.',
  officeDesk: {
    waiting: 'Wartet auf die Ablesung von {{desk}}',
    waitingHelp:
      'Wartet auf die Ablesung von {{desk}}: dieser Platz des Büros sendet das Foto, daher wird es hier nicht gesendet und nicht bezahlt.',
    read: 'Von {{desk}} abgelesen – hier nicht erneut bezahlt',
    readHelp:
      'Von {{desk}} abgelesen: das Büro hatte dessen Ablesung desselben Fotos; sie wurde übernommen, das Foto hier weder gesendet noch erneut bezahlt.',
  },
  failure: {
    empty_file: 'Leere Datei',
    too_large: 'Größer als 20 MB',
    unsupported_format: 'Kein JPEG, PNG oder WEBP',
    unreadable: 'Beschädigt oder unlesbar',
    vanished: 'Datei nicht mehr auf dem Datenträger',
    server_rejected_size: 'Vom Dienst abgelehnt: zu groß',
    server_rejected_type: 'Der Dienst konnte es nicht als Bild verwenden',
    ai_failed: 'Die KI konnte es nicht lesen',
    task_lost: 'Beim Dienst verloren gegangen',
    changed_on_disk: 'Datei wurde auf dem Datenträger geändert',
    service_error: 'Fehler des Dienstes',
  },
  source: {
    fresh: 'Neue Ablesung',
    cached_exact: 'Bereits abgelesen (gleiches Foto)',
    cached_stale: 'Älteres Ergebnis (frühere KI)',
    pending: 'Ausstehend',
    failed: 'Fehlgeschlagen',
  },
  sourceShort: {
    fresh: 'Neu',
    cached_exact: 'Bereits abgelesen',
    cached_stale: 'Älteres Ergebnis',
    pending: 'Ausstehend',
    failed: 'Fehlgeschlagen',
  },
  acceptedOr: 'oder',
  job: {
    uploading: 'Wird hochgeladen',
    submittedSingle: 'Übermittelt als Auftrag {{task}} (Einzelauftrag)',
    submittedBatch: 'Übermittelt als Auftrag {{task}} (Stapel {{batch}}, Position {{item}})',
    read: 'Zählerstand {{reading}} ({{source}})',
    readShared: 'Zählerstand {{reading}} ({{source}}), übernommen für ein identisches Foto',
    readByDesk:
      'Zählerstand {{reading}} ({{source}}) von {{desk}} übernommen: dort abgelesen, hier weder gesendet noch erneut bezahlt',
    confirmed: 'Zählerstand in der Prüfung bestätigt',
    corrected: 'Zählerstand korrigiert auf {{reading}}',
    undoneToReview: 'Prüfung zurückgenommen: Der Zählerstand wartet wieder auf Prüfung',
    undoneToConfirmed: 'Prüfung zurückgenommen: wieder wie von der KI abgelesen bestätigt',
    undoneToCorrected: 'Prüfung zurückgenommen: wieder korrigiert auf {{reading}}',
    confirmedAtDesk: 'Zählerstand in der Prüfung an {{desk}} bestätigt',
    correctedAtDesk: 'Zählerstand an {{desk}} korrigiert auf {{reading}}',
    undoneAtDesk: 'Prüfung an {{desk}} zurückgenommen: Der Zählerstand wartet wieder auf Prüfung',
    retryRequested: 'Erneuter Versuch angefordert',
    sameAs: 'Gleiches Foto wie {{file}}: Ergebnis übernommen, nicht erneut hochgeladen',
    heldTooSmall:
      'Zurückgehalten, nicht gesendet: zu klein zum Ablesen ({{side}} px an der kurzen Seite, mindestens {{min}} px erwünscht)',
    heldTooDark: 'Zurückgehalten, nicht gesendet: zu dunkel zum Ablesen',
    heldBlownOut: 'Zurückgehalten, nicht gesendet: überbelichtet, der Zähler ist überstrahlt',
    heldBlurred: 'Zurückgehalten, nicht gesendet: unscharf',
    sentAnyway: 'Trotzdem gesendet: die Bildprüfung wurde übergangen',
    scannedAgain: 'Erneut geprüft: Die Datei ist jetzt ein lesbares Foto',
    waitingForNetwork: 'Wartet auf das Netzwerk',
    waitingForQuota: 'Wartet auf Kontingent',
    unexpectedRetry: 'Unerwarteter Fehler; neuer Versuch folgt',
    taskLostResend: 'Der Dienst kennt diesen Auftrag nicht mehr; das Foto wird erneut gesendet',
    taskLostTwice: 'Der Dienst hat diesen Auftrag zweimal verloren; bitte später erneut versuchen',
    batchItemMissing:
      'Die Antwort auf den Stapel enthielt nichts zu dieser Datei; sie wird einzeln gesendet',
    batchSplit: 'Stapel abgelehnt ({{serviceSays}}); jedes Foto wird einzeln gesendet',
    batchRepacked:
      'Stapel über der Größengrenze des Dienstes ({{serviceSays}}); neu gepackt in Stapel von höchstens {{limit, number}} Bytes',
    resentInBatch:
      'Dieser API-Schlüssel darf einzelne Aufträge nicht lesen: erneut in einem Stapel gesendet, den er lesen darf (der Dienst antwortet aus seinem Speicher)',
    overServiceLimit:
      'Zu groß für diesen Dienst: das Foto hat {{size, number}} Bytes, der Dienst nimmt höchstens {{limit, number}} Bytes je Foto an (so sagte er, als er ein Hochladen ablehnte); nicht gesendet',
    fileMoved: 'Die Datei wurde nach dem Hinzufügen verschoben, umbenannt oder gelöscht',
    fileUnreadable: 'Die Datei kann nicht mehr gelesen werden ({{code}})',
    doneWithoutReading: 'Der Dienst meldete den Auftrag als erledigt, aber ohne Zählerstand',
    retryLater: '{{reason}}',
    retryLaterSaid: '{{serviceSays}}; neuer Versuch folgt',
    gaveUp_one: 'Nach {{count}} Versuch aufgegeben: {{reason}}',
    gaveUp_other: 'Nach {{count}} Versuchen aufgegeben: {{reason}}',
    goneWhileScanning:
      'Die Datei wurde verschoben, umbenannt oder gelöscht, während der Ordner geprüft wurde',
    permissionDenied: 'Zugriff verweigert: Diese Datei kann nicht gelesen werden',
    linkLoop: 'Schleife aus symbolischen Links: Der Link zeigt auf sich selbst',
    fileLocked: 'Die Datei ist von einem anderen Programm gesperrt',
    readError: 'Lesefehler (EIO): Festplatte, Karte oder Netzlaufwerk hat versagt',
    cannotBeRead: 'Die Datei kann nicht gelesen werden ({{code}})',
    notRegular: 'Keine gewöhnliche Datei ({{kind}})',
    emptyFile: 'Die Datei ist leer (0 Byte)',
    truncatedWebp:
      'Die Datei ist ein abgeschnittenes oder beschädigtes WEBP (kürzer, als ihr Kopf angibt)',
    truncatedJpeg:
      'Die Datei ist ein abgeschnittenes oder beschädigtes JPEG (ohne Bildende-Markierung)',
    invalidName:
      'Der Dateiname ist kein gültiges Unicode (UTF-8) und lässt sich daher nicht öffnen; bitte umbenennen',
    brokenLink: 'Defekter Link: Die Datei oder der Ordner, auf den er zeigt, existiert nicht',
    notFound: 'Nicht gefunden: verschoben, umbenannt oder gelöscht',
    stillWritten:
      'Wird nach {{seconds}} s noch geschrieben (Kopieren nicht fertig?); fügen Sie den Ordner erneut hinzu, sobald das Kopieren abgeschlossen ist',
    textFile: 'Das ist eine Textdatei, kein Bild; verwenden Sie {{accepted}}',
    unknownFormat: 'Kein bekanntes Bildformat; verwenden Sie {{accepted}}',
    videoRefused: '{{format}}-Videos werden nicht angenommen; verwenden Sie {{accepted}}',
    fileTypeRefused: '{{format}}-Dateien werden nicht angenommen; verwenden Sie {{accepted}}',
    imageTypeRefused: '{{format}}-Bilder werden nicht angenommen; verwenden Sie {{accepted}}',
    tooLarge: 'Das {{format}} ist {{size}} groß; der Dienst nimmt höchstens {{limit}} pro Bild an',
    bytes: '{{count, number}} Byte',
    folderGone:
      'Der Ordner wurde verschoben, umbenannt oder gelöscht, während er geprüft wurde; die Fotos darin wurden nicht geprüft',
    folderPermissionDenied:
      'Zugriff auf diesen Ordner verweigert; die Fotos darin wurden nicht geprüft',
    folderLinkLoop: 'Schleife aus symbolischen Links; die Fotos darin wurden nicht geprüft',
    folderUnreadable:
      'Der Ordner kann nicht gelesen werden ({{code}}); die Fotos darin wurden nicht geprüft',
    emptyJustChanged: 'Leer und gerade geändert: wird noch kopiert?',
    shortJustChanged: 'Kürzer, als ihr Kopf angibt, und gerade geändert: wird noch kopiert?',
    cutShortJustChanged: 'Abgeschnitten und gerade geändert: wird noch kopiert?',
    changedWhileRead: 'Die Datei hat sich beim Lesen geändert: wird noch geschrieben',
    pathNotFound: 'existiert nicht',
    pathPermissionDenied: 'Zugriff verweigert',
    pathNotFileOrFolder: 'weder Datei noch Ordner',
    pathUnreadable: 'kann nicht geöffnet werden ({{code}})',
    watchGone: 'nicht da (Karte entnommen, Freigabe offline oder gelöscht)',
    watchNotAFolder: 'kein Ordner',
    watchPermissionDenied: 'Zugriff verweigert',
    watchUnreadable: 'kann nicht gelesen werden ({{code}})',
    watchUnwatchable: 'kann nicht überwacht werden ({{detail}})',
  },
  reading: {
    empty: 'Geben Sie den Zählerstand ein, den der Zähler zeigt.',
    grouping:
      'Geben Sie den Zählerstand ohne Tausendertrennzeichen ein: Ziffern mit höchstens einem Dezimalzeichen.',
    notDigits:
      'Geben Sie Ziffern mit höchstens einem Dezimalzeichen (, oder .) ein, z. B. 00123,45.',
    tooManyDigits: 'Höchstens {{max}} Ziffern vor dem Dezimalzeichen für diesen Zähler.',
    tooManyDecimals: 'Höchstens {{max}} Nachkommastellen für diesen Zähler.',
    noDecimals: 'Dieser Zähler hat keine Nachkommastellen.',
  },
};
