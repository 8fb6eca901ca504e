import type { Words } from '../catalogue-types';
import type { engine as en } from '../en/engine';

export const engine: Words<typeof en> = {
  line: {
    offlineBegan:
      'Der Dienst ist nicht erreichbar. {{cause}} Das Senden ist angehalten; MeterDesk prüft weiter.',
    offlineEnded: 'Der Dienst antwortet wieder; das Senden geht weiter.',
    quotaExhausted:
      'Das heutige Ablesekontingent ist aufgebraucht; die übrigen Fotos bleiben in der Warteschlange.',
    quotaExhaustedLeft_one:
      'Heute ist nur noch {{count, number}} Ablesung übrig; die übrigen Fotos bleiben in der Warteschlange.',
    quotaExhaustedLeft_other:
      'Heute sind nur noch {{count, number}} Ablesungen übrig; die übrigen Fotos bleiben in der Warteschlange.',
    quotaAvailable_one:
      'Wieder Ablesungen verfügbar ({{count, number}} übrig); das Senden geht weiter.',
    quotaAvailable_other:
      'Wieder Ablesungen verfügbar ({{count, number}} übrig); das Senden geht weiter.',
    quotaUnlimited: 'Wieder Ablesungen verfügbar (ohne Tageslimit); das Senden geht weiter.',
    quotaAsking:
      'Laut den Kontingentzahlen sind keine Ablesungen mehr übrig, doch nur der Dienst kann das sagen: Fotos gehen einzeln, bis er es tut.',
    keyRejected: 'Der Dienst hat den API-Schlüssel abgelehnt. Er meldet: „{{serviceSays}}“',
    permissionDenied:
      'Der Dienst erlaubt diesem API-Schlüssel das nicht. Er meldet: „{{serviceSays}}“',
    settingRefused: 'Der Dienst lehnt eine Einstellung ab. Er meldet: „{{serviceSays}}“',
    permissionMissing:
      'Dieser API-Schlüssel darf nicht {{what}}; MeterDesk hilft sich anders. Der Dienst meldet: „{{serviceSays}}“',
    batchShrunk_one:
      'Der Dienst hat einen Stapel von {{sent, number}} Fotos abgelehnt; ab jetzt gehen Stapel mit {{count, number}} Foto. Er meldete: „{{serviceSays}}“',
    batchShrunk_other:
      'Der Dienst hat einen Stapel von {{sent, number}} Fotos abgelehnt; ab jetzt gehen Stapel mit {{count, number}} Fotos. Er meldete: „{{serviceSays}}“',
    batchesUnavailable:
      'Stapel sind nicht verfügbar; die Fotos gehen vorerst einzeln. Der Dienst meldet: „{{serviceSays}}“',
    listShrunk:
      'Der Dienst hat eine Liste von {{tried, number}} Aufträgen abgelehnt; gefragt wird nun nach {{next, number}} auf einmal.',
    listsRefused: 'Der Dienst lehnt Auftragslisten ab; jeder Auftrag wird einzeln abgefragt.',
    listFailing:
      'Die Auftragsliste schlägt fehl (der Dienst antwortet {{status}}); jeder Auftrag wird einzeln abgefragt, bis sie wieder geht.',
    listFailingUnusable:
      'Die Auftragsliste schlägt fehl (ihre Antworten sind unbrauchbar); jeder Auftrag wird einzeln abgefragt, bis sie wieder geht.',
    listSlow:
      'Die Auftragsliste antwortet nicht innerhalb von {{seconds, number}} s; jeder Auftrag wird einzeln abgefragt, bis sie rechtzeitig antwortet.',
    listBack: 'Die Auftragsliste geht wieder; Aufträge werden wieder per Liste abgefragt.',
    aiStatusFailing:
      'Der KI-Status des Dienstes schlägt fehl (er antwortet {{status}}); Fotos werden wie gewohnt gesendet, der Zustand der KI ist unbekannt.',
    aiStatusFailingUnusable:
      'Der KI-Status des Dienstes schlägt fehl (seine Antworten sind unbrauchbar); Fotos werden wie gewohnt gesendet, der Zustand der KI ist unbekannt.',
    serviceHoldBegan_one:
      'Der Dienst ist vorübergehend nicht verfügbar (Wartung oder Überlastung) und bittet, {{count, number}} Sekunde zu warten. Kein Foto schlägt deshalb fehl: alles wartet und wird gesendet, sobald der Dienst zurück ist.',
    serviceHoldBegan_other:
      'Der Dienst ist vorübergehend nicht verfügbar (Wartung oder Überlastung) und bittet, {{count, number}} Sekunden zu warten. Kein Foto schlägt deshalb fehl: alles wartet und wird gesendet, sobald der Dienst zurück ist.',
    serviceHoldBeganSaid_one:
      'Der Dienst ist vorübergehend nicht verfügbar (Wartung oder Überlastung) und bittet, {{count, number}} Sekunde zu warten. Kein Foto schlägt deshalb fehl: alles wartet und wird gesendet, sobald der Dienst zurück ist. Er meldet: „{{serviceSays}}“',
    serviceHoldBeganSaid_other:
      'Der Dienst ist vorübergehend nicht verfügbar (Wartung oder Überlastung) und bittet, {{count, number}} Sekunden zu warten. Kein Foto schlägt deshalb fehl: alles wartet und wird gesendet, sobald der Dienst zurück ist. Er meldet: „{{serviceSays}}“',
    serviceHoldEnded_one:
      'Der Dienst antwortet wieder nach {{count, number}} Sekunde Unterbrechung; das Senden geht weiter.',
    serviceHoldEnded_other:
      'Der Dienst antwortet wieder nach {{count, number}} Sekunden Unterbrechung; das Senden geht weiter.',
    nothingFinishes_one:
      'Seit {{count, number}} Sekunde ist nichts fertig geworden: die Ablesungen warten beim Dienst. Er meldet: „{{serviceSays}}“',
    nothingFinishes_other:
      'Seit {{count, number}} Sekunden ist nichts fertig geworden: die Ablesungen warten beim Dienst. Er meldet: „{{serviceSays}}“',
    fileChanged:
      '{{file}} wurde nach dem Hinzufügen auf der Festplatte geändert; gesendet wird die aktuelle Fassung.',
    orphanTask:
      'Auftrag {{task}} wurde für ein Foto angelegt, das diese Warteschlange nicht mehr unterwegs hat.',
    resuming: 'MeterDesk macht dort weiter, wo es aufgehört hat: {{uploads}}, {{tasks}}.',
    resumingUploads_one: '{{count, number}} Foto wird erneut gesendet',
    resumingUploads_other: '{{count, number}} Fotos werden erneut gesendet',
    resumingTasks_one: '{{count, number}} Ablesung wird weiter verfolgt',
    resumingTasks_other: '{{count, number}} Ablesungen werden weiter verfolgt',
    takenOver: 'Angehalten: Diese Warteschlange wurde von {{owner}} übernommen.',
    codesBeingRead_one:
      'Uploads abgeschlossen; der Code auf {{count, number}} weiteren Foto wird noch gelesen.',
    codesBeingRead_other:
      'Uploads abgeschlossen; die Codes auf {{count, number}} weiteren Fotos werden noch gelesen.',
    photoChecksUnavailable:
      'Fotoprüfung ist aus: Die Fotoprüfung konnte nicht geladen werden („{{detail}}“). Fotos werden ohne Qualitätsprüfung gesendet, ihre Codes werden nicht gelesen; installieren Sie MeterDesk neu oder wenden Sie sich an Ihre IT.',
    unexpectedError:
      'Etwas Unerwartetes ist schiefgegangen; MeterDesk versucht es erneut. Der Fehler: „{{detail}}“',
    engineNotStarted: 'Der Sendevorgang konnte nicht starten. Der Fehler: „{{detail}}“',
    backendRestarted:
      'Der Hintergrundprozess von MeterDesk wurde unerwartet beendet und neu gestartet; die Warteschlange ist unversehrt.',
    queueInUse:
      'Diese Warteschlange wird von {{owner}} verwendet (Prozess {{pid}}). Schließen Sie es oder warten Sie, bis es fertig ist: MeterDesk macht von selbst weiter, sobald sie frei ist.',
    queueInUseElsewhere:
      'Diese Warteschlange wird von {{owner}} verwendet (Prozess {{pid}} auf {{host}}). Schließen Sie es oder warten Sie, bis es fertig ist: MeterDesk macht von selbst weiter, sobald sie frei ist.',
    sandboxNotStarted: 'Die eingebaute Testumgebung konnte nicht starten. Der Fehler: „{{detail}}“',
    keyUnreadable: 'Der API-Schlüssel konnte nicht gelesen werden. Der Fehler: „{{detail}}“',
    keyMissing:
      'Für {{service}} ist kein API-Schlüssel gespeichert. Geben Sie ihn in den Einstellungen ein.',
    keyInEncryptedFile:
      '{{problem}} MeterDesk bewahrt den API-Schlüssel stattdessen in einer verschlüsselten Datei auf, geschützt durch {{backend}}.',
    keyForSessionOnly:
      '{{problem}} {{why}} Der API-Schlüssel bleibt nur erhalten, bis MeterDesk geschlossen wird; beim nächsten Start werden Sie erneut danach gefragt.',
  },
  place: {
    keychain: 'dem Schlüsselbund des Systems ({{name}})',
    encryptedFile: 'einer verschlüsselten Datei, geschützt durch {{backend}}',
    memory: 'dem Arbeitsspeicher, bis MeterDesk geschlossen wird',
  },
  owner: {
    window: 'das MeterDesk-Fenster',
    other: 'einen anderen Prozess',
  },
  keychain: {
    name: {
      darwin: 'macOS-Schlüsselbund',
      win32: 'Windows-Anmeldeinformationsverwaltung',
      linux: 'Secret Service',
    },
    missingLinux:
      'MeterDesk hat auf diesem Rechner kein Modul für den Schlüsselbund des Systems: keytar wurde bei der Installation ausgelassen, weil der Bau die libsecret-Entwicklungsdateien braucht (Debian/Ubuntu: sudo apt install libsecret-1-dev, danach erneut npm ci).',
    missing:
      'MeterDesk hat auf diesem Rechner kein Modul für den Schlüsselbund des Systems und kann den Schlüsselbund des Systems ({{name}}) daher nicht verwenden: keytar wurde bei der Installation ausgelassen. Eine Neuinstallation von MeterDesk behebt das meist.',
    module:
      'MeterDesk kann den Schlüsselbund des Systems ({{name}}) nicht verwenden: Die Schlüsselbund-Komponente ließ sich nicht laden. Eine Neuinstallation von MeterDesk behebt das meist.',
    serviceDarwin:
      'MeterDesk kann den macOS-Schlüsselbund nicht verwenden. Entsperren Sie Ihren Anmeldeschlüsselbund, erlauben Sie MeterDesk den Zugriff und versuchen Sie es erneut.',
    serviceWin32:
      'MeterDesk kann die Windows-Anmeldeinformationsverwaltung nicht verwenden. Melden Sie sich mit Ihrem eigenen Konto bei Windows an und versuchen Sie es erneut.',
    serviceLinux:
      'MeterDesk erreicht den Schlüsselbund des Systems nicht, um den API-Schlüssel zu speichern. Dafür braucht es einen laufenden Schlüsselbund-Dienst wie GNOME Keyring oder KWallet (den „Secret Service“, über D-Bus erreichbar), der normalerweise zur Desktop-Sitzung gehört. Starten oder entsperren Sie Ihren Schlüsselbund und versuchen Sie es erneut.',
    timeout:
      'Der Schlüsselbund des Systems ({{name}}) hat nicht innerhalb von {{seconds, number}} s geantwortet.',
    other: 'MeterDesk kann den Schlüsselbund des Systems ({{name}}) nicht verwenden.',
  },
  dataFolder: {
    EEXIST:
      'MeterDesk kann seine Daten dort nicht ablegen: {{dir}} ist eine Datei, kein Ordner. Bitte einen Ordner wählen oder einen Namen, der noch frei ist.',
    ENOTDIR:
      'MeterDesk kann seine Daten dort nicht ablegen: Ein Teil von {{dir}} ist eine Datei, kein Ordner. Bitte den Pfad prüfen.',
    EACCES:
      'MeterDesk kann seine Daten dort nicht ablegen: MeterDesk darf in {{dir}} nicht schreiben. Bitte einen eigenen Ordner wählen.',
    EROFS:
      'MeterDesk kann seine Daten dort nicht ablegen: {{dir}} liegt auf einem Laufwerk, das nicht beschrieben werden kann. Bitte einen anderen Ordner wählen.',
    ENOSPC:
      'MeterDesk kann seine Daten dort nicht ablegen: Das Laufwerk von {{dir}} ist voll. Bitte Platz schaffen oder einen anderen Ordner wählen.',
    ENOENT:
      'MeterDesk kann seine Daten dort nicht ablegen: {{dir}} kann nicht angelegt werden, ein Ordner auf dem Weg dorthin fehlt.',
    other:
      'MeterDesk kann seine Daten nicht in {{dir}} ablegen. Bitte einen anderen Ordner wählen.',
    systemFolder:
      'MeterDesk kann seine Daten nicht in {{dir}} ablegen: {{folder}} ist ein Systemordner des Betriebssystems, kein Ort für Dateien. Bitte einen Ordner im persönlichen Ordner oder auf einem Datenlaufwerk wählen.',
    linksToSystem:
      'MeterDesk kann seine Daten nicht in {{dir}} ablegen: Der Pfad führt nach {{real}}, in den Systemordner {{folder}}, keinen Ort für Dateien. Bitte einen Ordner im persönlichen Ordner oder auf einem Datenlaufwerk wählen.',
    pseudoFileSystem:
      'MeterDesk kann seine Daten nicht in {{dir}} ablegen: Er liegt auf einem Dateisystem vom Typ „{{real}}“, das das Betriebssystem für sich selbst nutzt, nicht für Dateien. Bitte einen Ordner im persönlichen Ordner oder auf einem Datenlaufwerk wählen.',
  },
  sessionWhy: {
    none: 'Einen anderen sicheren Ort für den Schlüssel gibt es auf diesem Rechner nicht.',
    unavailable: 'Die Ersatzverschlüsselung (Electron safeStorage) ist ebenfalls nicht verfügbar.',
    weak: 'Die Ersatzlösung (Electron safeStorage) würde den Schlüssel nur hinter einem eingebauten Passwort („{{backend}}“) verbergen, daher verwendet MeterDesk sie nicht.',
  },
  permission: {
    quota: 'das Kontingent lesen',
    ai_status: 'den KI-Status lesen',
    create_task: 'einzelne Fotos senden',
    create_batch: 'Stapel senden',
    get_task: 'Aufträge lesen',
    list_tasks: 'Aufträge auflisten',
    get_batch: 'Stapel lesen',
    other: 'das tun',
  },
};
