// The header of a route sheet exported from SAP IS-U by a German utility (issue 29: a clerk chose
// six columns by hand), for the tests of the column guessing and of the sheet dialog.
export const SAP_SHEET_HEADERS = [
  'Ableseeinheit',
  'Folge',
  'Zählerseriennummer',
  'Straße',
  'Vorjahresstand',
  'Ablesedatum Vorjahr',
  'Ableseauftrag',
] as const;
