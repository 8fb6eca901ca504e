// English words of billing files in the window (issue 31): an order file loaded under "Load route
// sheet", the return file in the Export dialog, and billing's own limits in a meter's detail.
export const orderFiles = {
  load: {
    title: 'Load order file {{name}}',
    recognised:
      'This is an order file from billing, in the {{profile}} layout. MeterDesk keeps it byte for byte and gives the same file back with the readings filled in.',
    choose:
      'Choose the layout of this order file: one of the built-in profiles, or your office’s own profile file.',
    profile: 'Profile',
    recognisedTag: '{{label}} (recognised)',
    ownFile: 'Profile file: {{name}}',
    chooseFile: 'Profile file…',
    fileProblems: 'This profile file cannot be used:',
    run: 'Load order file',
    cancel: 'Cancel',
    asOrderFile: 'Read as an order file…',
    failed: {
      not_an_order_file:
        'No built-in profile recognises this file. Choose the profile of its layout.',
      no_header: 'The file cannot be read as {{profile}}: it has no header line.',
      no_key_column:
        'The file cannot be read as {{profile}}: none of its columns is the profile’s key or meter column.',
      no_reading_column:
        'The file cannot be read as {{profile}}: it has no column for the reading.',
      no_orders: 'The file cannot be read as {{profile}}: it holds no order record.',
    },
    columns: 'Its columns: {{columns}}',
    nothingLoaded: 'Nothing was loaded.',
  },
  loaded: {
    title: 'Order file loaded',
    summary:
      '{{name}}, {{profile}} layout: {{records}} order records, {{meters}} meters. Kept byte for byte (SHA-256 {{sha}}…).',
    matched: 'Photos matched: {{matched}}. Photos without a meter: {{unmatched}}.',
    exceptions_one:
      '{{count, number}} exception. It stopped nothing: the line goes back to billing as it came.',
    exceptions_other:
      '{{count, number}} exceptions. None stopped the load: each line goes back to billing as it came.',
    noExceptions: 'No exceptions.',
    more: '… and {{count, number}} more (the return file’s exceptions CSV lists them all).',
    close: 'Close',
  },
  exception: {
    line: 'Line {{line}}',
    photo: 'Photo',
    key: 'key {{key}}',
    duplicate_key:
      'The key {{key}} was already on line {{first}}: the first record is filled, this one goes back not read.',
    no_key: 'An order record without a key: it goes back unchanged.',
    shared_meter:
      'Meter {{meter}} has {{records}} records (registers), which MeterDesk does not support yet: none of them is filled.',
    not_read: 'Not read ({{why}}): it goes back in the not-read form.',
    not_read_skip: 'Not read: skipped ({{skip}}); the profile has no note for it.',
    no_order: 'The photo {{photo}} shows meter {{meter}}, which is in no order record.',
    no_order_unmatched: 'The photo {{photo}} matches no meter of the order file.',
    format_digits:
      'The reading {{reading}} has more whole digits than the register’s {{digits}}: it goes back not read.',
    format_decimals:
      'The reading {{reading}} has more decimals than the register’s {{decimals}} (never rounded): it goes back not read.',
    format_width: 'The reading {{reading}} does not fit its field: it goes back not read.',
    not_an_order_comment: 'A comment or trailer line: passed through unchanged.',
    not_an_order_type: 'Record type {{type}} is not known: passed through unchanged.',
    not_an_order_cells:
      'A line with {{cells}} of the header’s {{columns}} cells: passed through unchanged.',
    not_an_order_length:
      'A line of {{length}} characters is no order record: passed through unchanged.',
    limits_high:
      'The reading {{reading}} is above billing’s limits ({{low}} to {{high}}): written with code {{code}}.',
    limits_low:
      'The reading {{reading}} is below billing’s limits ({{low}} to {{high}}): written with code {{code}}.',
    read_date:
      'Read on {{readDate}}, {{days}} days from the scheduled {{scheduled}} (more than {{window}}).',
    file_age: 'The order file is from {{fileDate}}, {{days}} days ago (more than {{limit}}).',
    exchanged:
      'Meter {{oldMeter}} was exchanged on {{exchangedAt}}: removed at {{oldFinal}}, new meter {{newMeter}} installed at {{newStart}}. The profile has no place for a new meter: the order goes back not read; book the exchange in billing (the billing export has its removal and installation rows).',
  },
  ret: {
    title: 'Return file for billing',
    lead: 'The order file {{name}} ({{profile}} layout) goes back to billing byte for byte, with each meter’s reading, read date and time, read type and code filled in. A meter without a reading goes back in the profile’s not-read form.',
    beside: 'Beside it MeterDesk writes {{name}}.exceptions.csv: one line per exception.',
    run: 'Write return file…',
    cancel: 'Cancel',
    doneTitle: 'Return file written',
    exceptions_one: '{{count, number}} exception, also in the exceptions file:',
    exceptions_other: '{{count, number}} exceptions, also in the exceptions file:',
    done: '{{path}}: {{filled}} records filled, {{notRead}} not read.',
    exceptionsFile: 'Exceptions: {{path}}',
    close: 'Close',
    show: 'Show in folder',
    refused:
      'Nothing was written: meter {{meter}} (key {{key}}) needs a {{what}} for “{{kind}}”, and the profile {{profile}} has none. Change the meter’s reading type, or add the code to the profile.',
    readTypeWord: 'read type',
    codeWord: 'code',
    noOrderFile:
      'No order file is loaded: load one with “Load route sheet…” first. Nothing was written.',
    unreadable: 'The kept order file can no longer be read by its profile. Nothing was written.',
    officeLead:
      'The office’s copy of the newest order file it keeps goes back to billing byte for byte, filled from every desk’s readings and decisions, whichever desk read the meter.',
    officeFrom: 'Order file loaded at {{desk}}. Readings from: {{desks}}.',
    officeNoReading: 'Order file loaded at {{desk}}. No desk has read one of its meters yet.',
    officeNoOrderFile:
      'The office keeps no order file: load one at a desk of the office with “Load route sheet…” first. Nothing was written.',
    kinds: {
      actual: 'read by a reader',
      customer: 'read by the customer',
      estimated: 'estimated',
      normal: 'within limits',
      high: 'above the limits',
      low: 'below the limits',
      verified: 'verified',
      zero: 'no consumption',
      negative: 'below the previous reading',
    },
  },
  limits: {
    title: 'Billing’s check',
    from: 'From {{file}}, {{profile}} layout, line {{line}}, key {{key}}',
    range: 'Limits {{low}} to {{high}}',
    wraps: 'Limits {{low}} to {{high}}, past zero (a rollover is expected)',
    noRange: 'No limits in the order file',
    expected: 'Expected reading {{expected}}',
    register: 'Register {{digits}} digits, {{decimals}} decimals',
    window: 'Read between {{from}} and {{to}} (scheduled {{scheduled}})',
    verdict: {
      normal: 'This reading is within billing’s limits.',
      high: 'This reading is above billing’s limits: it goes back with the high code.',
      low: 'This reading is below billing’s limits: it goes back with the low code.',
      negative: 'This reading is below the previous one: it goes back with the negative code.',
      verified:
        'This reading is outside billing’s limits and a person confirmed it: it goes back verified.',
      zero: 'No consumption since the previous reading: it goes back with the zero code.',
    },
    noReading: 'No reading yet: the meter goes back in the not-read form.',
    dateOutside: 'Read on {{date}}, outside billing’s read-date window.',
    sharedMeter:
      'Several records share this meter (registers): none of them is filled until MeterDesk supports registers.',
    unknown: '–',
  },
};
