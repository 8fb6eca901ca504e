// The billing export's questions of one answer each: which export once a route sheet is loaded
// (for billing, one row per meter, or the per-photo CSV of before), whose meters in an office
// (this desk's or the whole office's), and which meters (finished and reviewed only, or all).
import { ChoiceFieldset } from '../components/choice-fieldset';
import { useT } from '../i18n/i18n';

/** Each question: its legend, its answers with their words, and the radios' test ids. */
const QUESTIONS = {
  kind: {
    legend: 'export.kind',
    answers: { billing: 'export.billing', photos: 'export.photos' },
    testIds: 'export-kind',
  },
  /** With an order file loaded from billing: its return file first. */
  orderKind: {
    legend: 'export.kind',
    answers: { return: 'export.returnFile', billing: 'export.billing', photos: 'export.photos' },
    testIds: 'export-kind',
  },
  source: {
    legend: 'export.source',
    answers: { desk: 'export.sourceDesk', office: 'export.sourceOffice' },
    testIds: 'billing-source',
  },
  scope: {
    legend: 'export.scope',
    answers: { finished: 'export.scopeFinished', all: 'export.scopeAll' },
    testIds: 'billing-scope',
  },
} as const;

type Question = keyof typeof QUESTIONS;
export type ExportAnswer<Q extends Question> = keyof (typeof QUESTIONS)[Q]['answers'] & string;

export function ExportQuestion<Q extends Question>({
  question,
  value,
  onChange,
}: {
  question: Q;
  value: ExportAnswer<Q>;
  onChange: (answer: ExportAnswer<Q>) => void;
}): React.JSX.Element {
  const t = useT('billing');
  const q = QUESTIONS[question];
  // The table's keys are the question's answers: Object.entries only forgets that.
  const choices = Object.fromEntries(
    Object.entries(q.answers).map(([answer, key]) => [answer, t(key)]),
  ) as Record<ExportAnswer<Q>, string>;
  return (
    <ChoiceFieldset
      legend={t(q.legend)}
      choices={choices}
      value={value}
      onChange={onChange}
      testIds={q.testIds}
    />
  );
}
