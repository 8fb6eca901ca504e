// How the export template's editor hands a change to its owner: a function of the template, so
// quick edits in a row never work on a stale copy.
import type { ExportTemplate } from '../../common/billing/export-template';

export type TemplatePatch = (t: ExportTemplate) => ExportTemplate;

/** What the editor and each of its parts get: the template and where a change goes. */
export interface TemplatePartProps {
  readonly template: ExportTemplate;
  readonly onChange: (patch: TemplatePatch) => void;
}
