// English words of MeterDesk's own sentences from the engine and the backend (the activity log, a
// start-up problem, where the API key is kept), one per code of common/engine-messages.ts (renderer/lib/engine-words.ts words them).
export const engine = {
  line: {
    offlineBegan:
      'The service cannot be reached. {{cause}} Sending is paused; MeterDesk keeps checking.',
    offlineEnded: 'The service answers again; sending resumes.',
    quotaExhausted: "Today's reading quota is used up; the other photos stay queued.",
    quotaExhaustedLeft_one:
      'Only {{count, number}} reading is left today; the other photos stay queued.',
    quotaExhaustedLeft_other:
      'Only {{count, number}} readings are left today; the other photos stay queued.',
    quotaAvailable_one: 'Readings are available again ({{count, number}} left); sending resumes.',
    quotaAvailable_other: 'Readings are available again ({{count, number}} left); sending resumes.',
    quotaAsking:
      'The quota figures say no readings are left, but only the service can say so: photos go one at a time until it does.',
    quotaUnlimited: 'Readings are available again (no daily limit); sending resumes.',
    keyRejected: 'The service refused the API key. It says: “{{serviceSays}}”',
    permissionDenied: 'The service does not allow this API key. It says: “{{serviceSays}}”',
    settingRefused: 'The service refuses a setting. It says: “{{serviceSays}}”',
    permissionMissing:
      'This API key may not {{what}}; MeterDesk works around it. The service says: “{{serviceSays}}”',
    batchShrunk_one:
      'The service refused a batch of {{sent, number}} photos; sending batches of {{count, number}} photo from now on. It said: “{{serviceSays}}”',
    batchShrunk_other:
      'The service refused a batch of {{sent, number}} photos; sending batches of {{count, number}} photos from now on. It said: “{{serviceSays}}”',
    batchesUnavailable:
      'Batches are not available; photos are sent one at a time for now. The service says: “{{serviceSays}}”',
    listShrunk:
      'The service refused a list of {{tried, number}} tasks; asking for {{next, number}} at a time.',
    listsRefused: 'The service refuses task lists; asking about each task on its own.',
    listFailing:
      'The task list is failing (the service answers {{status}}); asking about each task on its own until it works again.',
    listFailingUnusable:
      'The task list is failing (its answers cannot be used); asking about each task on its own until it works again.',
    listSlow:
      'The task list does not answer within {{seconds, number}} s; asking about each task on its own until it answers in time.',
    listBack: 'The task list works again; asking about tasks by list.',
    aiStatusFailing:
      'The service’s AI status is failing (it answers {{status}}); photos are sent as usual, the AI’s state is not known.',
    aiStatusFailingUnusable:
      'The service’s AI status is failing (its answers cannot be used); photos are sent as usual, the AI’s state is not known.',
    serviceHoldBegan_one:
      'The service is unavailable for now (maintenance or overload) and asks to wait {{count, number}} second. No photo fails for it: everything waits and is sent once the service is back.',
    serviceHoldBegan_other:
      'The service is unavailable for now (maintenance or overload) and asks to wait {{count, number}} seconds. No photo fails for it: everything waits and is sent once the service is back.',
    serviceHoldBeganSaid_one:
      'The service is unavailable for now (maintenance or overload) and asks to wait {{count, number}} second. No photo fails for it: everything waits and is sent once the service is back. The service says: “{{serviceSays}}”',
    serviceHoldBeganSaid_other:
      'The service is unavailable for now (maintenance or overload) and asks to wait {{count, number}} seconds. No photo fails for it: everything waits and is sent once the service is back. The service says: “{{serviceSays}}”',
    serviceHoldEnded_one:
      'The service answers again after {{count, number}} second of unavailability; sending resumes.',
    serviceHoldEnded_other:
      'The service answers again after {{count, number}} seconds of unavailability; sending resumes.',
    nothingFinishes_one:
      'Nothing has finished for {{count, number}} second: the readings wait at the service. The service says: “{{serviceSays}}”',
    nothingFinishes_other:
      'Nothing has finished for {{count, number}} seconds: the readings wait at the service. The service says: “{{serviceSays}}”',
    fileChanged: '{{file}} changed on disk after it was added; sending the current version.',
    orphanTask: 'Task {{task}} was made for a photo this queue no longer has on its way.',
    resuming: 'Carrying on where MeterDesk stopped: {{uploads}}, {{tasks}}.',
    resumingUploads_one: '{{count, number}} upload to send again',
    resumingUploads_other: '{{count, number}} uploads to send again',
    resumingTasks_one: '{{count, number}} reading to follow',
    resumingTasks_other: '{{count, number}} readings to follow',
    takenOver: 'Stopped: this queue was taken over by {{owner}}.',
    codesBeingRead_one: 'Uploads final; reading the code on {{count, number}} more photo.',
    codesBeingRead_other: 'Uploads final; reading the codes on {{count, number}} more photos.',
    photoChecksUnavailable:
      'Photo checks are off: the photo checker could not be loaded (“{{detail}}”). Photos are sent without the quality check and their codes are not read; reinstall MeterDesk or ask your IT.',
    unexpectedError:
      'Something unexpected went wrong; MeterDesk tries again. The error: “{{detail}}”',
    engineNotStarted: 'The engine could not start. The error: “{{detail}}”',
    backendRestarted:
      'MeterDesk’s background process stopped unexpectedly and was restarted; the queue is intact.',
    queueInUse:
      'This queue is in use by {{owner}} (process {{pid}}). Close it or wait for it to finish: MeterDesk carries on by itself once it is free.',
    queueInUseElsewhere:
      'This queue is in use by {{owner}} (process {{pid}} on {{host}}). Close it or wait for it to finish: MeterDesk carries on by itself once it is free.',
    sandboxNotStarted: 'The built-in sandbox could not start. The error: “{{detail}}”',
    keyUnreadable: 'The API key could not be read. The error: “{{detail}}”',
    keyMissing: 'No API key is stored for {{service}}. Enter it in Settings.',
    keyInEncryptedFile:
      '{{problem}} MeterDesk keeps the API key in an encrypted file protected by {{backend}} instead.',
    keyForSessionOnly:
      '{{problem}} {{why}} The API key is kept only until MeterDesk closes; you will be asked for it again next time.',
  },
  /** Where the API key is kept, after "API key saved in" (desk settings.key.savedIn). */
  place: {
    keychain: 'the {{name}}',
    encryptedFile: 'an encrypted file protected by {{backend}}',
    memory: 'memory, until MeterDesk closes',
  },
  owner: {
    window: 'the MeterDesk window',
    other: 'another process',
  },
  keychain: {
    name: {
      darwin: 'macOS Keychain',
      win32: 'Windows Credential Manager',
      linux: 'Secret Service keyring',
    },
    missingLinux:
      'MeterDesk has no OS keychain module on this machine: keytar was left out when it was installed, because building it needs the libsecret development files (Debian/Ubuntu: sudo apt install libsecret-1-dev, then npm ci again).',
    missing:
      'MeterDesk has no OS keychain module on this machine, so it cannot use the {{name}}: keytar was left out when it was installed. Reinstalling MeterDesk usually fixes this.',
    module:
      'MeterDesk cannot use the {{name}}: its keychain component failed to load. Reinstalling MeterDesk usually fixes this.',
    serviceDarwin:
      'MeterDesk cannot use the macOS Keychain. Unlock your login keychain, allow MeterDesk to access it, and try again.',
    serviceWin32:
      'MeterDesk cannot use Windows Credential Manager. Sign in to Windows with your own account and try again.',
    serviceLinux:
      'MeterDesk cannot reach the system keyring to store the API key. It needs a running keyring service such as GNOME Keyring or KWallet (the “Secret Service”, reached over D-Bus), which is normally part of a desktop session. Start or unlock your keyring and try again.',
    timeout: 'The {{name}} did not answer within {{seconds, number}} s.',
    other: 'MeterDesk cannot use the {{name}}.',
  },
  /** Why a folder cannot hold MeterDesk's data (dataFolderUnusable). */
  dataFolder: {
    EEXIST:
      'MeterDesk cannot keep its data there: {{dir}} is a file, not a folder. Choose a folder, or a name that is not taken.',
    ENOTDIR:
      'MeterDesk cannot keep its data there: part of {{dir}} is a file, not a folder. Check the path.',
    EACCES:
      'MeterDesk cannot keep its data there: MeterDesk is not allowed to write in {{dir}}. Choose a folder of your own.',
    EROFS:
      'MeterDesk cannot keep its data there: {{dir}} is on a drive that cannot be written to. Choose another folder.',
    ENOSPC:
      'MeterDesk cannot keep its data there: the drive of {{dir}} is full. Free some space or choose another folder.',
    ENOENT:
      'MeterDesk cannot keep its data there: {{dir}} cannot be made, a folder on the way there does not exist.',
    other: 'MeterDesk cannot keep its data in {{dir}}. Choose another folder.',
    systemFolder:
      'MeterDesk cannot keep its data in {{dir}}: {{folder}} is a system folder of the operating system, not a place for files. Choose a folder in your home folder or on a data drive.',
    linksToSystem:
      'MeterDesk cannot keep its data in {{dir}}: it leads to {{real}}, inside the system folder {{folder}}, not a place for files. Choose a folder in your home folder or on a data drive.',
    pseudoFileSystem:
      'MeterDesk cannot keep its data in {{dir}}: it is on a “{{real}}” file system, which the operating system uses for itself, not for files. Choose a folder in your home folder or on a data drive.',
  },
  sessionWhy: {
    none: 'There is no other safe place for the key on this machine.',
    unavailable: 'The fallback encryption (Electron safeStorage) is not available either.',
    weak: 'The fallback (Electron safeStorage) would only hide the key behind a built-in password (“{{backend}}”), so MeterDesk does not use it.',
  },
  permission: {
    quota: 'read the quota',
    ai_status: 'read the AI status',
    create_task: 'send single photos',
    create_batch: 'send batches',
    get_task: 'read tasks',
    list_tasks: 'list tasks',
    get_batch: 'read batches',
    other: 'do this',
  },
} as const;
