// English words of the billing screens: route sheets, meters, walking-order review, billing export.
export const billing = {
  title: 'Route',
  panel: {
    intro:
      'Load the route sheet from your billing system: MeterDesk then gives one checked reading per meter.',
    load: 'Load route sheet…',
    reload: 'Load or update a route sheet…',
    sheet: '{{name}} · {{meters}} meters',
    review: 'Review in walking order',
    reviewStop: 'Stop walking-order review',
    reviewDone: 'No more flagged meters on the route.',
    exportMissing: 'Export missing meters…',
    missingWritten: '{{n}} missing meters written to {{path}}',
    noRoute: 'No route',
    progressLabel: 'Meters of route {{route}}',
    meters: '{{n}} meters',
    showMeters: 'Meters and file-name pattern',
    hideMeters: 'Hide meters',
  },
  states: {
    confirmed: 'Passed checks or confirmed',
    passedChecks: 'Passed checks',
    confirmedByYou: 'Confirmed by you',
    not_checked: 'Not checked',
    flagged: 'Flagged',
    skipped: 'Skipped',
    pending: 'Being read',
    missing: 'Missing',
    unmatched: 'No meter',
  },
  filters: {
    label: 'Show meters',
    all: 'All meters',
    flagged: 'Flagged',
    not_checked: 'Not checked',
    confirmed: 'Confirmed',
    skipped: 'Skipped',
    pending: 'Being read',
    missing: 'No photo',
    two_photos: 'Two photos for one meter',
    reread: 'To re-read',
    unmatched: 'Photos without a meter',
    search: 'Find a meter, account or address',
    empty: 'No meters here.',
    more: 'Showing {{shown}} of {{total}}. Narrow the search to see the others.',
  },
  columns: {
    sequence: 'Seq.',
    meter: 'Meter number',
    address: 'Address',
    state: 'State',
    reading: 'Reading',
    photo: 'Photo',
  },
  pattern: {
    label: 'File-name pattern',
    hint: 'For example {meter}_{date}.jpg or IMG_{meter}*. Empty: the meter number anywhere in the file name.',
    save: 'Match again',
    matched: '{{matched}} photos matched a meter, {{unmatched}} did not.',
  },
  sheet: {
    mapTitle: 'Columns of {{name}}',
    format: 'Read as {{encoding}}, columns separated by “{{delimiter}}”.',
    encodingGuess:
      'The file is not UTF-8; it was read as Windows-1252 (Western European, as Excel saves “CSV”). Check that names with accents or ß look right.',
    encodingExample: 'First such text: row {{row}}, column {{column}} ({{header}}): “{{text}}”.',
    saved: 'The mapping of your last route sheet fits: check it and load.',
    suggested: 'MeterDesk suggests a column for each field it recognised. Choose the others.',
    required: 'Choose the column that holds the meter number.',
    foldersTitle: 'Photos of this route',
    foldersHint:
      'The sheet matches only the photos in the folders ticked (those added with the newest by default). None ticked: every folder.',
    requiredTag: 'required',
    optionalTag: 'optional',
    checksOff: 'Without it, not checked: {{checks}}',
    checksOffLead:
      'A reading whose checks cannot all run is marked “Not checked” and is not billed until you confirm it.',
    column: 'Column in the sheet',
    none: '– not in the sheet –',
    dateOrder: 'Dates like 03/04/2026 are',
    dayFirst: 'day first (03 April)',
    monthFirst: 'month first (March 4)',
    hintDayFirst: 'The sheet’s dates show day first.',
    hintMonthFirst: 'The sheet’s dates show month first.',
    preview: 'First rows of the sheet',
    load: 'Load route sheet',
    cancel: 'Cancel',
    problemsTitle: '{{name}} was not loaded',
    problemsLead: 'Nothing of it was loaded. Correct these rows in the sheet and load it again:',
    moreProblems: '… and {{n}} more problems.',
    changeMapping: 'Change the columns',
    close: 'Close',
    loadedTitle: 'Route sheet loaded',
    loaded: '{{meters}} meters: {{added}} new, {{updated}} updated.',
    matched: '{{matched}} photos matched a meter, {{unmatched}} did not.',
    warnings: 'Notes (the sheet loaded):',
    fields: {
      meterId: 'Meter number',
      account: 'Account',
      address: 'Address',
      route: 'Route',
      sequence: 'Walking sequence',
      registerDigits: 'Register digits',
      registerDecimals: 'Register decimals',
      previousReading: 'Previous reading',
      previousReadAt: 'Previous read date',
      avgDailyUse: 'Average daily use',
      barcode: 'Serial or barcode',
    },
    /** Route-sheet problems, from their code and params (renderer/billing/sheet-words.ts). */
    place: {
      row: 'Row {{row}}: {{text}}',
      cell: 'Row {{row}}, column {{column}}: {{text}}',
      cellNamed: 'Row {{row}}, column {{column}} ({{header}}): {{text}}',
    },
    problem: {
      empty_file: 'The file is empty.',
      no_rows: 'The file has no rows.',
      file_too_large:
        'The file is {{mb}} MB; route sheets of at most {{max}} MB are read. Split the route into several sheets.',
      not_a_file: '“{{path}}” is not a file.',
      unreadable: 'The file “{{path}}” cannot be read: {{why}}.',
      xlsx: 'This is an Excel workbook (.xlsx) or another zip file, not a CSV. In Excel choose “Save as” and “CSV UTF-8”.',
      xls: 'This is an old Excel workbook (.xls), not a CSV. In Excel choose “Save as” and “CSV UTF-8”.',
      binary_file:
        'The file contains NUL bytes and is not a text file. Export the route sheet as CSV.',
      invalid_utf8:
        'The file is not valid UTF-8 (first bad byte on line {{line}}). Save it again as “CSV UTF-8”, or read it as Windows-1252.',
      invalid_text: 'The file is not valid {{encoding}} text.',
      malformed_csv: 'the row cannot be read as CSV ({{detail}}).',
      unclosed_quote:
        'a quoted value that starts in this row is never closed (a missing " ?); nothing after it can be read.',
      too_many_rows:
        'The sheet has more than {{max}} rows of meters; split the route into several sheets.',
      too_many_columns:
        'The sheet has {{columns}} columns; at most {{max}} are read. Remove the columns billing does not need.',
      header_only: 'The sheet has a header row but no meters.',
      no_meters: 'The sheet has a header row but no meters.',
      required_column_unmapped:
        'No column is chosen for “{{field}}”, and no header is a name MeterDesk knows for it (such as meter_id, serial or Zählernummer). Choose the column in the column mapping.',
      mapped_column_missing:
        'the column mapping takes “{{field}}” from a column “{{name}}”, but no header has that name (headers: {{headers}}).',
      ambiguous_header:
        'the header “{{name}}” (“{{field}}”) appears in columns {{columns}}; rename all but one.',
      cell_too_large: 'the cell has {{length}} characters; at most {{max}} are read.',
      extra_cells:
        'the row has {{cells}} cells but the header row has {{width}} columns (a delimiter inside a value that is not in quotes?).',
      short_row:
        'the row has {{cells}} cells but the header row has {{width}} columns; the missing cells were read as empty.',
      missing_meter_id: 'the meter id is empty.',
      duplicate_meter_id: 'meter id “{{id}}” is already in row {{firstRow}}.',
      duplicate_meter_id_case:
        'meter id “{{id}}” is already in row {{firstRow}} (“{{firstId}}”; ids are compared ignoring case, as file names are).',
      invalid_value: '{{field}}: {{reason}}.',
      previous_reading_too_long:
        'the previous reading {{reading}} has {{wholeDigits}} whole digits, but the register has {{registerDigits}}.',
      previous_reading_decimals:
        'the previous reading {{reading}} has {{decimals}} decimals, but the register has {{registerDecimals}}.',
      blank_rows_one: '{{count}} blank row was skipped.',
      blank_rows_other: '{{count}} blank rows were skipped.',
      missing: 'it does not exist',
      denied: 'permission denied',
    },
    meterId: {
      too_long: 'the meter id has {{length}} characters; at most {{max}} are allowed.',
      control: 'the meter id contains control characters.',
      formula:
        'the meter id “{{id}}” starts like a spreadsheet formula; meter ids start with a letter or digit.',
      scientific:
        'the meter id “{{id}}” looks like a number Excel shortened to scientific notation; format the column as Text before exporting the sheet.',
      no_letter: 'the meter id “{{id}}” has no letter or digit.',
    },
    value: {
      scientific:
        '“{{text}}” looks like a number Excel shortened to scientific notation (format the column as Text before exporting the sheet)',
      not_number: '“{{text}}” is not a number',
      not_reading:
        '“{{text}}” is not a meter reading (digits with at most one decimal mark, e.g. 00123 or 00123,4)',
      not_day_first:
        '“{{text}}” is not a date when read day first (month {{month}} does not exist); if the sheet writes the month first, set the date order to “month first” in the column mapping',
      not_month_first:
        '“{{text}}” is not a date when read month first (month {{month}} does not exist); if the sheet writes the day first, set the date order to “day first” in the column mapping',
      not_date: '“{{text}}” is not a date',
      unknown_date: '“{{text}}” is not a date (write 2026-10-12, 12.10.2026 or 12/10/2026)',
      date_serial:
        '“{{text}}” looks like an Excel date serial number (format the column as a date before exporting the sheet)',
      no_such_day: '“{{text}}” is not a date (no day {{day}} in month {{month}} of {{year}})',
      two_digit_year:
        '“{{text}}” has a two-digit year; write the year with four digits (the century is not guessed)',
      below: '{{value}} is below {{min}}',
      not_whole_in: '“{{text}}” is not a whole number from {{min}} to {{max}}',
    },
  },
  /** Plausibility sentences, from a rule's code and params (renderer/billing/rule-words.ts). */
  /** Checks that could not run (common/billing/plausibility-inputs.ts). */
  unchecked: {
    line: 'Not checked ({{why}}): the {{checks}} checks could not run. Confirm the reading yourself.',
    inputs: {
      previous_reading: 'no previous reading',
      previous_date: 'no previous read date',
      avg_daily_use: 'no average daily use',
      register: 'no register set-up',
    },
  },
  /** One meter's different photos from several folders or days. */
  spread: {
    line: 'Different photos of this meter {{where}}: check which one shows it.',
    folders: 'from the folders {{folders}}',
    days: 'taken on {{days}}',
    and: ' and ',
  },
  ruleNames: {
    format: 'format',
    dates: 'dates',
    negative: 'negative consumption',
    rollover: 'rollover',
    high_low: 'high/low',
    zero: 'zero consumption',
    daily_jump: 'daily jump',
    misread: 'misread signature',
  },
  rule: {
    notANumber: 'The reading "{{reading}}" is not a number.',
    tooLong: 'The reading {{reading}} has more than {{max}} digits.',
    tooManyDigits:
      'The reading {{reading}} has {{whole}} whole digits; the register shows {{digits}}.',
    tooManyDecimals:
      'The reading {{reading}} has {{decimals}} decimals; the register shows {{shows}}.',
    registerNoDecimals: 'no decimals',
    tooFewDigits:
      'The reading {{reading}} has {{whole}} whole digits; the register shows {{digits}} (leading zeros left out? {{padded}}).',
    negative:
      'The reading {{reading}} is {{below}} m³ below the previous reading {{previous}}: negative consumption. A misread, or was the meter exchanged?',
    previousInvalid:
      'The previous reading "{{previous}}" is not a number; consumption is not checked.',
    negativeOf:
      'The reading {{reading}} is {{below}} m³ below the previous reading {{previous}} of {{date}}: negative consumption. A misread, or was the meter exchanged?',
    zero: 'No consumption since the previous reading: is the premises empty, or the meter stuck?',
    zeroDays_one: 'No consumption in {{count}} day: is the premises empty, or the meter stuck?',
    zeroDays_other: 'No consumption in {{count}} days: is the premises empty, or the meter stuck?',
    zeroDaysSince_one:
      'No consumption in {{count}} day since {{since}}: is the premises empty, or the meter stuck?',
    zeroDaysSince_other:
      'No consumption in {{count}} days since {{since}}: is the premises empty, or the meter stuck?',
    high_one:
      '{{consumption}} m³ in {{count}} day is {{deviation}} above the expected {{expected}} m³ ({{perDay}} m³/day × {{count}}; limit +{{limit}}%).',
    high_other:
      '{{consumption}} m³ in {{count}} days is {{deviation}} above the expected {{expected}} m³ ({{perDay}} m³/day × {{count}}; limit +{{limit}}%).',
    low_one:
      '{{consumption}} m³ in {{count}} day is {{deviation}} below the expected {{expected}} m³ ({{perDay}} m³/day × {{count}}; limit −{{limit}}%).',
    low_other:
      '{{consumption}} m³ in {{count}} days is {{deviation}} below the expected {{expected}} m³ ({{perDay}} m³/day × {{count}}; limit −{{limit}}%).',
    misreadRolling:
      '{{consumption}} m³ against the expected {{expected}} m³: the reading {{reading}} looks like a drum caught turning; {{likely}} fits the expected use.',
    misreadDigit:
      '{{consumption}} m³ against the expected {{expected}} m³: the reading {{reading}} differs from the expected {{expectedReading}} in one digit only (digit {{position}} from the right): a misread digit?',
    jumpFactor:
      '{{consumption}} m³ is {{factor}} the usual {{avg}} m³/day (limit {{maxFactor}}): a misread digit?',
    jumpFactorSince:
      '{{consumption}} m³ since {{since}} is {{factor}} the usual {{avg}} m³/day (limit {{maxFactor}}): a misread digit?',
    jumpLimit:
      '{{consumption}} m³ is {{perDay}} m³/day, above the limit of {{limit}} m³/day: a misread digit?',
    jumpLimitSince:
      '{{consumption}} m³ since {{since}} is {{perDay}} m³/day, above the limit of {{limit}} m³/day: a misread digit?',
    datesUnreadable:
      'The read date "{{readAt}}" cannot be read; consumption per day is not checked.',
    previousAfterRead: 'The previous reading is dated {{previous}}, after this reading ({{read}}).',
    readDateFuture:
      "Taken {{taken}}, which is in the future: the camera's clock is probably wrong.",
    readDateAfter_one:
      "Taken {{taken}}, {{count}} day after most of this route's photos (around {{around}}): check the camera's clock.",
    readDateAfter_other:
      "Taken {{taken}}, {{count}} days after most of this route's photos (around {{around}}): check the camera's clock.",
    readDateBefore_one:
      "Taken {{taken}}, {{count}} day before most of this route's photos (around {{around}}): check the camera's clock.",
    readDateBefore_other:
      "Taken {{taken}}, {{count}} days before most of this route's photos (around {{around}}): check the camera's clock.",
  },
  /** Why a read date is less than certain (common/billing/read-date-notes.ts). */
  dateNote: {
    fileTime:
      "No EXIF date ({{why}}); the file's modification time was used, which changes when files are copied.",
    noTimeZone: "The camera recorded no time zone; the time is its clock's local time.",
    why: {
      notJpeg: 'not a JPEG; only JPEG photos carry EXIF that MeterDesk reads',
      endsInHeaders: 'the file ends inside its headers',
      damagedHeaders: 'the JPEG headers are damaged',
      noExifBlock: 'the photo has no EXIF block',
      notInFirstHeaders: 'no EXIF block in the first headers',
      damagedExif: 'the EXIF block is damaged: {{detail}}',
      noDateTimeOriginal: 'the EXIF block has no DateTimeOriginal',
      clockNotSet: "the EXIF DateTimeOriginal is empty (the camera's clock was not set)",
    },
  },
  detail: {
    title: 'Meter',
    meter: 'Meter number',
    account: 'Account',
    address: 'Address',
    route: 'Route · sequence',
    previous: 'Previous reading',
    previousAt: 'on {{date}}',
    readAt: 'Read date',
    fileTime: 'file time',
    consumption: 'Consumption',
    rolledOver: 'after the register rolled over',
    plausibility: 'Plausibility',
    level: { ok: 'Plausible', not_checked: 'Not checked', warning: 'Warning', error: 'Error' },
    rules: 'Why it was flagged',
    matched: 'Matched by',
    how: {
      pattern: 'file-name pattern',
      token: 'meter number in the file name',
      folder: 'folder name',
      code: 'the code on the photo',
      manual: 'hand',
    },
    noMeter: 'No meter of the route sheet matches this photo.',
    state: 'Billing',
    typed: 'Typed by hand: {{reading}}',
    skippedAs: 'Reason: {{code}}',
    noPhoto: 'No photo of this meter yet.',
    close: 'Close meter',
  },
  /** The code on a photo (a serial sticker) against its meter (renderer/billing/code-mismatch-note.tsx). */
  codes: {
    namesOtherMeter: 'The code on the photo says {{code}}; this photo was matched to {{matched}}.',
    moveTo: 'Move to meter {{meter}}',
  },
  picker: {
    label: 'Meter for this photo',
    change: 'Change meter',
    placeholder: 'Type a meter number, account or address',
    none: 'No meter matches “{{query}}”.',
    hint: '↑/↓ choose · Enter assign · Esc cancel',
    assigned: 'Photo assigned to meter {{meter}}.',
  },
  skip: {
    title: 'Could not be read',
    code: 'Reason',
    note: 'Note',
    notePlaceholder: 'What the reader found',
    save: 'Record skip',
    needNote: 'Say in the note why the meter could not be read.',
    codes: {
      no_access: 'No access',
      locked: 'Locked',
      dog: 'Dog',
      buried: 'Buried or covered',
      damaged: 'Damaged',
      other: 'Other (note)',
    },
  },
  hand: {
    title: 'Type the reading',
    label: 'Reading from the meter',
    hint: 'Recorded as typed by hand. Digits with one decimal mark, e.g. 00123,45.',
    save: 'Save reading',
  },
  review: {
    walking: 'Walking order: meter {{meter}}, sequence {{sequence}}',
    aiKept: 'AI read {{reading}}',
  },
  export: {
    kind: 'What to export',
    billing: 'For billing: one row per meter',
    photos: 'Per photo: one row per file',
    title: 'Export for billing',
    contents: 'What is in it',
    finished: 'Finished',
    toReview: 'To review',
    pending: 'Being read',
    notSent: 'No reading yet',
    skipped: 'Skipped',
    scope: 'Which meters',
    scopeFinished: 'Finished and reviewed only',
    scopeAll: 'Every meter (those without a confirmed reading are marked not for billing)',
    warnLeftOut: 'Left out until reviewed: meters {{meters}}.',
    warnIncluded: 'Not reviewed, written with use_on_bill = no: meters {{meters}}.',
    warnMore: '… and {{n}} more.',
    run: 'Export…',
    done: 'Exported {{readings}} readings ({{skipped}} skipped meters) to {{path}}',
    replaced: '{{n}} characters Windows-1252 cannot hold were written as “?”.',
  },
  template: {
    title: 'Template',
    summary: '{{n}} columns, separator “{{delimiter}}”, decimal mark “{{mark}}”',
    edit: 'Edit columns and format',
    fold: 'Fold',
    name: 'Name',
    builtIn: 'Built-in template',
    columns: 'Columns',
    include: 'Include {{field}}',
    header: 'Header of {{field}}',
    up: 'Move {{field}} up',
    down: 'Move {{field}} down',
    delimiter: 'Separator',
    comma: 'Comma (,)',
    semicolon: 'Semicolon (;)',
    tab: 'Tab',
    decimalMark: 'Decimal mark',
    point: 'Point (12.5)',
    decimalComma: 'Comma (12,5)',
    dateFormat: 'Dates',
    includeTime: 'With the time',
    encoding: 'Encoding',
    utf8bom: 'UTF-8 for Excel (with BOM)',
    utf8: 'UTF-8',
    windows1252: 'Windows-1252 (older importers)',
    unmatched: 'Add a row per photo without a meter (marked)',
    save: 'Save template',
    saved: 'Template “{{name}}” saved for the next export.',
    import: 'Import…',
    imported: 'Template “{{name}}” imported.',
    exportFile: 'Export…',
    exported: 'Template written to {{path}}',
    reset: 'Built-in template',
    invalid: 'This template cannot be used: {{reason}}',
  },
} as const;
