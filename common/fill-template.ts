// The one way MeterDesk's English sentences take their parameters: "{name}" in a template is
// replaced by what `value` gives for that name. The tables that hold such templates (job
// messages, read-date notes, key storage, data-folder problems) all fill them through this.

/** `template` with each "{name}" replaced by `value(name)`. */
export function fillTemplate(template: string, value: (name: string) => string): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => value(name));
}

/** `template` with each "{name}" replaced by `values[name]`, or nothing where it has none. */
export function fillFrom(
  template: string,
  values: Readonly<Record<string, string | number | undefined>>,
): string {
  return fillTemplate(template, (name) => String(values[name] ?? ''));
}

/**
 * The same for i18next's "{{name}}": the templates the export shares with the window's catalogues
 * (the rules' sentences, the export's notes) are written that way.
 */
export function fillBraced(
  template: string,
  values: Readonly<Record<string, string | number | undefined>>,
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}
