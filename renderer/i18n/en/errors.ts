// English headlines of failed calls by error code (renderer/lib/errors.ts) and the advice shown
// when checking a service address and key fails.
export const errors = {
  headline: {
    invalid_request: 'MeterDesk could not do that',
    forbidden: 'This window may not do that',
    not_found: 'That item is no longer there',
    not_configured: 'No service is set up yet',
    key_rejected: 'The service refused the API key',
    permission_denied: 'The key is not allowed to do this',
    unreachable: 'The service could not be reached',
    not_https: 'The address must start with https://',
    invalid_url: 'That is not a web address',
    bad_response: 'The service answered in an unexpected way',
    keychain_unavailable: 'The system keychain is not available',
    file_error: 'A file could not be read or written',
    unavailable: 'MeterDesk is busy or restarting',
    timeout: 'MeterDesk did not answer in time',
    locked_by_policy: 'Your IT has fixed this setting',
    internal: 'Something went wrong inside MeterDesk',
  },
  withDetail: '{{head}}: {{detail}}',
  advice: {
    key_rejected:
      'The service does not accept this API key. Check it for typos or ask for a new one.',
    permission_denied:
      "The key works but is not allowed here (missing permission, inactive account or this computer's IP address is not on the list). {{detail}}",
    not_https:
      'For safety the address must start with https:// (plain http only for this computer).',
    invalid_url: 'That does not look like a web address, e.g. https://meters.example.com',
  },
  /** A failed call's own sentence by its code (common/reply-messages.ts, renderer/lib/reply-words.ts). */
  said: {
    photoGone: 'This photo is no longer in the list.',
    meterNotInSheets: 'Meter {{meter}} is not in the loaded route sheets.',
    onlyFinishedReviewed: 'Only finished readings can be reviewed.',
    nothingToUndo: 'Nothing to undo: this reading was reviewed again or is no longer finished.',
    keepsConfirmedMeter: 'This photo’s reading was confirmed for its meter; it keeps that meter.',
    needsAMeter: 'A photo matched by hand can be given another meter, not none.',
    skipNeedsNote: 'Say in a note why the meter could not be read.',
    changedInOffice:
      '{{clerk}} ({{desk}}) changed or is reviewing this meter in the office; your change was not saved.',
    chooseSheetFirst: 'Choose the route sheet with “Load route sheet…” first.',
    sheetMappingInvalid: 'The column mapping cannot be used: {{problems}}',
    templateInvalid: 'The export template cannot be used: {{problems}}',
    orderProfileInvalid: 'The order-file profile cannot be used: {{problems}}',
    filePatternInvalid: 'The file-name pattern cannot be used: {{problem}}',
    exportNotWritten: 'Could not export to “{{file}}”: {{why}}',
    exportWhy: {
      ENOENT: 'the folder “{{folder}}” does not exist.',
      ENOENTlate: 'the folder “{{folder}}” disappeared while exporting.',
      noNewFiles: 'files cannot be created in the folder “{{folder}}”.',
      ENOTDIR: '“{{folder}}” is not a folder.',
      EISDIR: 'a folder with that name already exists.',
      EACCES: 'no permission to write in the folder “{{folder}}”.',
      EACCESfinish:
        'the file could not be replaced. It may be open in another program (close it there) or the folder may not be writable.',
      EBUSY: 'the file is in use by another program. Close it there and try again.',
      EROFS: 'the folder “{{folder}}” is on a read-only drive.',
      ENOSPC: 'the drive is full.',
      ENAMETOOLONG: 'the file name is too long.',
      other: '{{detail}}',
    },
    unencodable:
      'Row {{row}}, column {{column}} ({{header}}): “{{character}}” cannot be written in Windows-1252. Choose UTF-8 in the template, or let it write “?” for such characters.',
    notShownHere: 'MeterDesk only shows files and folders that were added to it or exported by it.',
    folderNotShown: 'The folder could not be shown.',
    logFolderNotOpened: 'The log folder {{folder}} could not be opened: {{detail}}',
    noReportDay: 'There is no day {{day}}.',
    officePasswordAlone: 'A password needs the office settings it is for.',
    keyNotUsable: 'This API key cannot be used: {{detail}}',
    enterAddressFirst:
      'Enter the service address first; the built-in sandbox has a key of its own.',
    sandboxDidNotStart: 'The built-in sandbox did not start.',
    noKeyStored: 'No API key is stored for {{address}}; enter one.',
    lockedByPolicy:
      'This setting is fixed by this computer’s policy ({{source}}); ask IT to change it.',
    addressNotUrl:
      'The service address is not a valid URL. It looks like https://meters.example.com.',
    addressNotHttps: 'The service address must start with https://.',
    addressNotHttpsHost:
      'The service address must start with https://: over plain http:// the API key would travel unencrypted to {{host}}.',
    addressHasApiPath:
      'The address includes the API path ({{path}}); MeterDesk adds that itself. Use {{fixed}} instead.',
    addressHasCredentials: 'The service address must not contain a user name or password.',
    addressHasQuery: 'The service address must not contain a query or fragment.',
    serviceRefusedKey:
      'The service refused this API key (401). Check that the whole key was pasted and that it is still active on the API Keys page of the website.',
    keyNotAllowed:
      "The key is valid but not allowed to do this (403). The key may lack a scope, the account may be inactive, or this computer's IP address may be outside the key's allowlist.",
    keyNotAllowedSaid:
      "The key is valid but not allowed to do this (403): {{serviceSays}}. The key may lack a scope, the account may be inactive, or this computer's IP address may be outside the key's allowlist.",
    nameNotFound:
      'The name {{host}} does not exist: no computer on the network is called that. Check the spelling of the address.',
    nameNotLookedUp:
      "The name {{host}} could not be looked up: the network's name service does not answer. Check this computer's network connection.",
    nothingListens:
      '{{host}} exists, but nothing listens at {{origin}}. Check the port in the address, or whether the service is running.',
    originUnreachable:
      '{{origin}} cannot be reached from this computer ({{code}}). Check the network connection, and any proxy or firewall.',
    cannotReach:
      'Cannot reach {{origin}}: {{detail}} Check the address, the network and any proxy or firewall.',
    serviceFaulty:
      'The service at {{origin}} has a problem right now ({{detail}}). Try again later.',
    notTheService:
      'Something else answers at {{origin}}, not the meter-reading service ({{detail}}). Check the address.',
    notTheService404:
      'Something else answers at {{origin}}, not the meter-reading service (it has no meter-reading API: 404). Check the address.',
    serviceOnHold:
      'The service at {{origin}} is unavailable for now (maintenance or overload). Try again in a few minutes.',
    serviceOnHoldSaid:
      'The service at {{origin}} is unavailable for now (maintenance or overload): {{serviceSays}}. Try again in a few minutes.',
    keyRateLimited: "The service is limiting this key's requests; try again in {{seconds}} s.",
    serviceAnswerUnusable: 'The service’s answer cannot be used: {{detail}}',
    unexpectedProblem: 'MeterDesk hit an unexpected problem ({{detail}}).',
    noAnswer:
      'MeterDesk did not answer within {{seconds}} s ({{call}}) and may be stuck. If this keeps happening, quit MeterDesk and open it again.',
    noAnswerMinutes:
      'MeterDesk did not answer within {{minutes}} minutes ({{call}}) and may be stuck. If this keeps happening, quit MeterDesk and open it again.',
    queueOwned:
      'Cannot {{action}} now. This queue is in use by {{owner}} (process {{pid}}, since {{since}}). Close it or wait for it to finish, then try again.',
    queueOwnedElsewhere:
      'Cannot {{action}} now. This queue is in use by {{owner}} (process {{pid}} on {{host}}, since {{since}}). Close it or wait for it to finish, then try again.',
    /** The actions queueOwned names (common/reply-messages.ts OWNED_ACTIONS). */
    action: {
      addPhotos: 'add photos',
      addArrivals: 'add arrivals',
      review: 'review',
      undoReview: 'undo a review',
      retry: 'retry',
      remove: 'remove',
      assignMeter: 'assign a meter',
      skipMeter: 'skip a meter',
      typeReading: 'type a reading',
      decideMeter: 'decide a meter',
      undoMeterDecision: 'undo a meter decision',
      loadRouteSheet: 'load a route sheet',
      setFilePattern: 'set the file-name pattern',
      setCameraCounters: 'set camera counters',
      saveTemplate: 'save the template',
      sendAnyway: 'send anyway',
      setPhotoChecks: 'set photo checks',
      setPlausibilityLimits: 'set the plausibility limits',
      other: 'do that',
    },
  },
} as const;
