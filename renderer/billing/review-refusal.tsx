// Office mode: why the photo's review (or its undo) was not saved, in the review box: another
// clerk changed the photo's meter in the office since this one saw it ("ben@pc-2 confirmed 01234
// at 10:42; your change was not saved."). The meter's office part shows it as it is now.
import { useT } from '../i18n/i18n';
import { useLang } from '../i18n/use-lang';
import { useApp } from '../store/context';
import { officeRefusalWords } from './office-review-words';

export function ReviewRefusal({ jobId }: { jobId: number }): React.JSX.Element | null {
  const refused = useApp((s) => (s.reviewRefused?.id === jobId ? s.reviewRefused : null));
  const t = useT('officeReview');
  const tBilling = useT('billing');
  const lang = useLang();
  if (!refused) return null;
  return (
    <p className="field-problem" role="alert" data-testid="review-refused">
      {officeRefusalWords(refused.changedBy, t, tBilling, lang)}
    </p>
  );
}
