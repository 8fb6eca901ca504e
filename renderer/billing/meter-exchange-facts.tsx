// A booked exchange in the meter's facts: the old meter removed at its reading on the day, the new
// one installed at its own. It stands where the photo's check said the reading was below the
// previous one: that was the exchange, not a misread.
import type { StoredDecision } from '../../common/billing/meter-decision';
import { useT } from '../i18n/i18n';
import { formatDay, formatReading } from '../i18n/format';
import { useLang } from '../i18n/use-lang';

export function MeterExchangeFacts({
  oldMeter,
  decision,
}: {
  oldMeter: string;
  decision: StoredDecision | null | undefined;
}): React.JSX.Element | null {
  const t = useT('decisions');
  const lang = useLang();
  const d = decision?.decision;
  if (d?.kind !== 'exchange' || d.newMeter === undefined || d.exchangedAt === undefined)
    return null;
  const installed = {
    meter: d.newMeter,
    reading: formatReading(d.newStart, lang),
    serial: d.newSerial ?? '',
  };
  return (
    <>
      <dt>{t('facts.oldMeter')}</dt>
      <dd data-testid="facts-exchange-old">
        {t('facts.removed', {
          meter: oldMeter,
          reading: formatReading(d.oldFinal, lang),
          date: formatDay(d.exchangedAt, lang),
        })}
      </dd>
      <dt>{t('facts.newMeter')}</dt>
      <dd data-testid="facts-exchange-new">
        {d.newSerial ? t('facts.installedSerial', installed) : t('facts.installed', installed)}
      </dd>
    </>
  );
}
