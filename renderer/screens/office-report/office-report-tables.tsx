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

/** A header row of column names; the first column is the row's name, the others numbers. */
function Head({ columns }: { columns: readonly string[] }): React.JSX.Element {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={c} scope="col" className={i === 0 ? undefined : 'num'}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function OfficeReportTables({ report }: { report: Report }): React.JSX.Element {
  const t = useT('officeReport');
  const lang = useLang();
  const n = (v: number): string => formatCount(v, lang);
  const day = formatDay(report.day, lang);
  const share = (v: number | null): string => (v === null ? t('none') : formatShare(v, lang));
  return (
    <div className="office-report-sections">
      <Section
        id="office-report-routes"
        title={t('routes.title')}
        empty={report.routes.length === 0 ? t('routes.none') : null}
      >
        <table>
          <Head
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
          />
          <tbody>
            {report.routes.map((r) => (
              <tr key={r.route ?? ''}>
                {r.route === null ? (
                  <th scope="row">{t('routes.noRoute')}</th>
                ) : (
                  <th scope="row" data-i18n-skip>
                    {r.route}
                  </th>
                )}
                {[
                  r.meters,
                  r.read,
                  r.confirmed,
                  r.not_checked,
                  r.flagged,
                  r.skipped,
                  r.pending,
                  r.missing,
                ].map((v, i) => (
                  <td key={i} className="num">
                    {n(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section
        id="office-report-clerks"
        title={t('clerks.title', { day })}
        empty={report.clerks.length === 0 ? t('clerks.none', { day }) : null}
      >
        <table>
          <Head
            columns={[
              t('clerks.clerk'),
              t('clerks.decisions'),
              t('clerks.first'),
              t('clerks.last'),
              t('clerks.perHour'),
            ]}
          />
          <tbody>
            {report.clerks.map((c) => (
              <tr key={c.clerk}>
                <th scope="row" data-i18n-skip>
                  {c.clerk}
                </th>
                <td className="num">{n(c.decisions)}</td>
                <td className="num">{formatTime(Date.parse(c.first), lang)}</td>
                <td className="num">{formatTime(Date.parse(c.last), lang)}</td>
                <td className="num">
                  {c.perHour === null ? t('none') : formatRate(c.perHour, lang)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section
        id="office-report-readers"
        title={t('readers.title', { day })}
        empty={report.readers.length === 0 ? t('readers.none', { day }) : null}
      >
        <table>
          <Head
            columns={[
              t('readers.reader'),
              t('readers.photos'),
              t('readers.skips'),
              t('readers.skipRate'),
              t('readers.rereads'),
              t('readers.rereadRate'),
            ]}
          />
          <tbody>
            {report.readers.map((r) => (
              <tr key={r.reader}>
                <th scope="row" data-i18n-skip>
                  {r.reader}
                </th>
                <td className="num">{n(r.photos)}</td>
                <td className="num">{n(r.skips)}</td>
                <td className="num">{share(r.skipRate)}</td>
                <td className="num">{n(r.rereads)}</td>
                <td className="num">{share(r.rereadRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
