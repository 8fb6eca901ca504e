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
    locked_by_policy: 'Diese Einstellung hat Ihre IT festgelegt',
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
  said: {
    photoGone: 'Dieses Foto ist nicht mehr in der Liste.',
    meterNotInSheets: 'Zähler {{meter}} ist in den geladenen Ableselisten nicht enthalten.',
    onlyFinishedReviewed: 'Nur fertige Ablesungen können geprüft werden.',
    nothingToUndo:
      'Nichts rückgängig zu machen: Diese Ablesung wurde erneut geprüft oder ist nicht mehr fertig.',
    keepsConfirmedMeter:
      'Die Ablesung dieses Fotos wurde für seinen Zähler bestätigt; es behält diesen Zähler.',
    needsAMeter:
      'Einem von Hand zugeordneten Foto kann ein anderer Zähler gegeben werden, aber nicht keiner.',
    skipNeedsNote: 'Schreiben Sie in eine Notiz, warum der Zähler nicht abgelesen werden konnte.',
    changedInOffice:
      '{{clerk}} ({{desk}}) hat diesen Zähler im Büro geändert oder prüft ihn gerade; Ihre Änderung wurde nicht gespeichert.',
    chooseSheetFirst: 'Wählen Sie die Ableseliste zuerst mit „Ableseliste laden…“.',
    sheetMappingInvalid: 'Die Spaltenzuordnung ist nicht verwendbar: {{problems}}',
    templateInvalid: 'Die Exportvorlage ist nicht verwendbar: {{problems}}',
    orderProfileInvalid: 'Das Auftragsdatei-Profil ist nicht verwendbar: {{problems}}',
    filePatternInvalid: 'Das Dateinamen-Muster ist nicht verwendbar: {{problem}}',
    exportNotWritten: 'Export nach „{{file}}“ nicht möglich: {{why}}',
    exportWhy: {
      ENOENT: 'Der Ordner „{{folder}}“ existiert nicht.',
      ENOENTlate: 'Der Ordner „{{folder}}“ ist während des Exports verschwunden.',
      noNewFiles: 'Im Ordner „{{folder}}“ können keine Dateien angelegt werden.',
      ENOTDIR: '„{{folder}}“ ist kein Ordner.',
      EISDIR: 'Es gibt bereits einen Ordner mit diesem Namen.',
      EACCES: 'Keine Berechtigung, im Ordner „{{folder}}“ zu schreiben.',
      EACCESfinish:
        'Die Datei konnte nicht ersetzt werden. Sie ist vielleicht in einem anderen Programm geöffnet (dort schließen) oder der Ordner ist nicht beschreibbar.',
      EBUSY:
        'Die Datei wird von einem anderen Programm verwendet. Schließen Sie sie dort und versuchen Sie es erneut.',
      EROFS: 'Der Ordner „{{folder}}“ liegt auf einem schreibgeschützten Laufwerk.',
      ENOSPC: 'Das Laufwerk ist voll.',
      ENAMETOOLONG: 'Der Dateiname ist zu lang.',
      other: '{{detail}}',
    },
    unencodable:
      'Zeile {{row}}, Spalte {{column}} ({{header}}): „{{character}}“ lässt sich nicht in Windows-1252 schreiben. Wählen Sie UTF-8 in der Vorlage oder lassen Sie solche Zeichen als „?“ schreiben.',
    notShownHere:
      'MeterDesk zeigt nur Dateien und Ordner, die hinzugefügt oder von MeterDesk exportiert wurden.',
    folderNotShown: 'Der Ordner konnte nicht angezeigt werden.',
    logFolderNotOpened: 'Der Protokollordner {{folder}} ließ sich nicht öffnen: {{detail}}',
    noReportDay: 'Den Tag {{day}} gibt es nicht.',
    officePasswordAlone: 'Ein Passwort braucht die Büro-Einstellungen, zu denen es gehört.',
    keyNotUsable: 'Dieser API-Schlüssel ist nicht verwendbar: {{detail}}',
    enterAddressFirst:
      'Geben Sie zuerst die Adresse des Dienstes ein; die eingebaute Sandbox hat einen eigenen Schlüssel.',
    sandboxDidNotStart: 'Die eingebaute Sandbox ist nicht gestartet.',
    noKeyStored: 'Für {{address}} ist kein API-Schlüssel gespeichert; bitte einen eingeben.',
    lockedByPolicy:
      'Diese Einstellung ist durch die Richtlinie dieses Computers festgelegt ({{source}}); bitte wenden Sie sich an die IT.',
    addressNotUrl:
      'Die Adresse des Dienstes ist keine gültige URL. Sie sieht so aus: https://meters.example.com.',
    addressNotHttps: 'Die Adresse des Dienstes muss mit https:// beginnen.',
    addressNotHttpsHost:
      'Die Adresse des Dienstes muss mit https:// beginnen: Über einfaches http:// ginge der API-Schlüssel unverschlüsselt an {{host}}.',
    addressHasApiPath:
      'Die Adresse enthält den API-Pfad ({{path}}); den ergänzt MeterDesk selbst. Verwenden Sie stattdessen {{fixed}}.',
    addressHasCredentials:
      'Die Adresse des Dienstes darf keinen Benutzernamen und kein Passwort enthalten.',
    addressHasQuery:
      'Die Adresse des Dienstes darf keine Abfrage und kein Fragment (# …) enthalten.',
    serviceRefusedKey:
      'Der Dienst hat diesen API-Schlüssel abgelehnt (401). Prüfen Sie, ob der ganze Schlüssel eingefügt wurde und ob er auf der Seite „API Keys“ der Website noch aktiv ist.',
    keyNotAllowed:
      'Der Schlüssel ist gültig, darf das aber nicht (403). Vielleicht fehlt ihm eine Berechtigung, das Konto ist inaktiv oder die IP-Adresse dieses Computers steht nicht auf der Liste des Schlüssels.',
    keyNotAllowedSaid:
      'Der Schlüssel ist gültig, darf das aber nicht (403): {{serviceSays}}. Vielleicht fehlt ihm eine Berechtigung, das Konto ist inaktiv oder die IP-Adresse dieses Computers steht nicht auf der Liste des Schlüssels.',
    nameNotFound:
      'Den Namen {{host}} gibt es nicht: Kein Computer im Netz heißt so. Prüfen Sie die Schreibweise der Adresse.',
    nameNotLookedUp:
      'Der Name {{host}} konnte nicht aufgelöst werden: Der Namensdienst des Netzes antwortet nicht. Prüfen Sie die Netzwerkverbindung dieses Computers.',
    nothingListens:
      '{{host}} existiert, aber unter {{origin}} antwortet nichts. Prüfen Sie den Port in der Adresse oder ob der Dienst läuft.',
    originUnreachable:
      '{{origin}} ist von diesem Computer aus nicht erreichbar ({{code}}). Prüfen Sie die Netzwerkverbindung sowie Proxy und Firewall.',
    cannotReach:
      '{{origin}} ist nicht erreichbar: {{detail}} Prüfen Sie die Adresse, das Netz sowie Proxy und Firewall.',
    serviceFaulty:
      'Der Dienst unter {{origin}} hat gerade ein Problem ({{detail}}). Versuchen Sie es später erneut.',
    notTheService:
      'Unter {{origin}} antwortet etwas anderes, nicht der Ablesedienst ({{detail}}). Prüfen Sie die Adresse.',
    notTheService404:
      'Unter {{origin}} antwortet etwas anderes, nicht der Ablesedienst (dort gibt es keine Ablese-API: 404). Prüfen Sie die Adresse.',
    serviceOnHold:
      'Der Dienst unter {{origin}} ist vorübergehend nicht verfügbar (Wartung oder Überlast). Versuchen Sie es in einigen Minuten erneut.',
    serviceOnHoldSaid:
      'Der Dienst unter {{origin}} ist vorübergehend nicht verfügbar (Wartung oder Überlast): {{serviceSays}}. Versuchen Sie es in einigen Minuten erneut.',
    keyRateLimited:
      'Der Dienst begrenzt die Anfragen dieses Schlüssels; versuchen Sie es in {{seconds}} s erneut.',
    serviceAnswerUnusable: 'Die Antwort des Dienstes ist nicht verwendbar: {{detail}}',
    unexpectedProblem: 'MeterDesk ist auf ein unerwartetes Problem gestoßen ({{detail}}).',
    noAnswer:
      'MeterDesk hat nicht innerhalb von {{seconds}} s geantwortet ({{call}}) und hängt vielleicht. Wenn das öfter passiert, beenden Sie MeterDesk und öffnen es erneut.',
    noAnswerMinutes:
      'MeterDesk hat nicht innerhalb von {{minutes}} Minuten geantwortet ({{call}}) und hängt vielleicht. Wenn das öfter passiert, beenden Sie MeterDesk und öffnen es erneut.',
    queueOwned:
      'Jetzt nicht möglich: {{action}}. Diese Warteschlange wird von {{owner}} verwendet (Prozess {{pid}}, seit {{since}}). Schließen Sie es oder warten Sie, bis es fertig ist, und versuchen Sie es dann erneut.',
    queueOwnedElsewhere:
      'Jetzt nicht möglich: {{action}}. Diese Warteschlange wird von {{owner}} verwendet (Prozess {{pid}} auf {{host}}, seit {{since}}). Schließen Sie es oder warten Sie, bis es fertig ist, und versuchen Sie es dann erneut.',
    action: {
      addPhotos: 'Fotos hinzufügen',
      addArrivals: 'Neue Fotos hinzufügen',
      review: 'Prüfen',
      undoReview: 'Prüfung rückgängig machen',
      retry: 'Erneut versuchen',
      remove: 'Entfernen',
      assignMeter: 'Zähler zuordnen',
      skipMeter: 'Zähler überspringen',
      typeReading: 'Ablesung eingeben',
      decideMeter: 'Zähler entscheiden',
      undoMeterDecision: 'Zählerentscheidung rückgängig machen',
      loadRouteSheet: 'Ableseliste laden',
      setFilePattern: 'Dateinamen-Muster festlegen',
      setCameraCounters: 'Kamerazähler festlegen',
      saveTemplate: 'Vorlage speichern',
      sendAnyway: 'Trotzdem senden',
      setPhotoChecks: 'Fotoprüfungen festlegen',
      setPlausibilityLimits: 'Plausibilitätsgrenzen festlegen',
      other: 'Das',
    },
  },
};
