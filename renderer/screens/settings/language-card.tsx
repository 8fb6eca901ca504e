// Settings' language card: the window's language, or the system's.
import { LANGUAGE_CHOICES, type LanguageChoice } from '../../../common/settings';
import { useT } from '../../i18n/i18n';
import { systemLanguage } from '../../i18n/language-setting';
import { Icon } from '../../components/icon';

export function LanguageCard({
  ids,
  language,
  setLanguage,
}: {
  ids: string;
  language: LanguageChoice;
  setLanguage: (language: LanguageChoice) => void;
}): React.JSX.Element {
  const tApp = useT('app');
  return (
    <section className="card form" aria-labelledby={`${ids}-lang-h`}>
      <h2 id={`${ids}-lang-h`} className="card-title">
        <Icon name="info" /> {tApp('language.label')}
      </h2>
      <div className="field">
        <label htmlFor={`${ids}-lang`} className="sr-only">
          {tApp('language.label')}
        </label>
        <select
          id={`${ids}-lang`}
          className="input"
          value={language}
          onChange={(e) => {
            setLanguage(e.target.value as LanguageChoice);
          }}
          data-testid="language"
        >
          {LANGUAGE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 'system'
                ? tApp('language.system', { name: tApp(`language.${systemLanguage()}`) })
                : tApp(`language.${choice}`)}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
