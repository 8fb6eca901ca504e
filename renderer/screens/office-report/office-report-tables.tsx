// The Office report's four sections as tables, in the order and words of `meter-desk office
// report`: routes (the `routes --office` columns), clerks (decisions, first, last, per hour),
// readers (photo folders: photos, skips and re-reads with their rates) and the day's quota.
// Names (routes, clerks, folders) are data; numbers and times in the window's language.
import type { OfficeReportView } from '../../../common/ipc';
import { formatCount, formatDay, formatRate, formatShare, formatTime } from '../../i18n/format';
import { useT } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';

type Report = Extract<OfficeReportView, { state: 'report' }>;

function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  /** Said instead of the table when it has no rows. */
  empty: string | null;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <section
      className="card office-report-section"
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <h2 className="card-title" id={`${id}-title`}>
        {title}
      </h2>
      {empty === null ? (
        <div className="office-report-table">{children}</div>
      ) : (
        <p className="muted" data-testid={`${id}-empty`}>
          {empty}
        </p>
      )}
    </section>
  );
}

/** One row: its name (data, unless the catalogue words it) and its numbers, already worded. */
interface Row {
  readonly key: string;
  readonly name: string;
  /** The name is the catalogue's own word ("(no route)"), not data. */
  readonly worded?: boolean;
  readonly cells: readonly string[];
}

/** A table whose first column names the row and whose other columns are numbers. */
function ReportTable({
  columns,
  rows,
}: {
  columns: readonly string[];
  rows: readonly Row[];
}): React.JSX.Element {
  return (
    <table>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={c} scope="col" className={i === 0 ? undefined : 'num'}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" data-i18n-skip={r.worded ? undefined : true}>
              {r.name}
            </th>
            {r.cells.map((v, i) => (
              <td key={i} className="num">
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OfficeReportTables({ report }: { report: Report }): React.JSX.Element {
  const t = useT('officeReport');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  const day = formatDay(report.day, lang);
  const share = (v: number | null): string => (v === null ? t('none') : formatShare(v, lang));
  const time = (iso: string): string => formatTime(Date.parse(iso), lang);
  return (
    <div className="office-report-sections">
      <Section
        id="office-report-routes"
        title={t('routes.title')}
        empty={report.routes.length === 0 ? t('routes.none') : null}
      >
        <ReportTable
          columns={[
            t('routes.route'),
            t('routes.meters'),
            t('routes.read'),
            t('routes.confirmed'),
            t('routes.notChecked'),
            t('routes.flagged'),
            t('routes.skipped'),
            t('routes.pending'),
            t('routes.missing'),
          ]}
          rows={report.routes.map((r) => ({
            key: r.route ?? '',
            name: r.route ?? t('routes.noRoute'),
            worded: r.route === null,
            cells: [
              r.meters,
              r.read,
              r.confirmed,
              r.not_checked,
              r.flagged,
              r.skipped,
              r.pending,
              r.missing,
            ].map(n),
          }))}
        />
      </Section>

      <Section
        id="office-report-clerks"
        title={t('clerks.title', { day })}
        empty={report.clerks.length === 0 ? t('clerks.none', { day }) : null}
      >
        <ReportTable
          columns={[
            t('clerks.clerk'),
            t('clerks.decisions'),
            t('clerks.first'),
            t('clerks.last'),
            t('clerks.perHour'),
          ]}
          rows={report.clerks.map((c) => ({
            key: c.clerk,
            name: c.clerk,
            cells: [
              n(c.decisions),
              time(c.first),
              time(c.last),
              c.perHour === null ? t('none') : formatRate(c.perHour, lang),
            ],
          }))}
        />
      </Section>

      <Section
        id="office-report-readers"
        title={t('readers.title', { day })}
        empty={report.readers.length === 0 ? t('readers.none', { day }) : null}
      >
        <ReportTable
          columns={[
            t('readers.reader'),
            t('readers.photos'),
            t('readers.skips'),
            t('readers.skipRate'),
            t('readers.rereads'),
            t('readers.rereadRate'),
          ]}
          rows={report.readers.map((r) => ({
            key: r.reader,
            name: r.reader,
            cells: [n(r.photos), n(r.skips), share(r.skipRate), n(r.rereads), share(r.rereadRate)],
          }))}
        />
      </Section>

      <Section id="office-report-quota" title={t('quota.title', { day })} empty={null}>
        <p className="office-report-quota">
          <span data-testid="office-report-paid">
            {t('quota.paid', { count: report.quota.paid })}
          </span>
          <span data-testid="office-report-failed">
            {t('quota.failed', { count: report.quota.failed })}
          </span>
        </p>
      </Section>
    </div>
  );
}
