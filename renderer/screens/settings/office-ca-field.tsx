// The Office card's certificate-authority file (docs/office.md, "Passwords and encryption"): the
// office's own CA for "Encrypted, server certificate checked", when the server's certificate is
// not one the system trusts. A full path, typed or picked with Browse; empty means the system's
// trusted certificates.
import { officeSettings } from '../../../common/ipc';
import { useT } from '../../i18n/i18n';
import { useAppApi } from '../../store/context';

/** Whether the typed path can be kept (empty, or a full path): the backend takes nothing else. */
export function caFileProblem(text: string): boolean {
  return text.trim() !== '' && !officeSettings.shape.caFile.safeParse(text.trim()).success;
}

export function OfficeCaField(props: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}): React.JSX.Element {
  const t = useT('office');
  const api = useAppApi();
  const problem = caFileProblem(props.value);
  const browse = (): void => {
    void api
      .getState()
      .chooseOfficeCaFile()
      .then((reply) => {
        if (!reply.ok) api.getState().notifyError(reply.error);
        else if (reply.value !== null) props.onChange(reply.value);
      });
  };
  return (
    <div className="field office-ca">
      <label htmlFor={props.id}>{t('caFile')}</label>
      <div className="input-row">
        <input
          id={props.id}
          className="input mono"
          value={props.value}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={problem}
          aria-describedby={`${props.id}-hint`}
          data-testid="office-ca-file"
          onChange={(e) => {
            props.onChange(e.target.value);
          }}
        />
        <button
          type="button"
          className="btn btn-small"
          data-testid="office-ca-browse"
          onClick={browse}
        >
          {t('caFileBrowse')}
        </button>
      </div>
      <p id={`${props.id}-hint`} className={problem ? 'field-problem' : 'hint muted'}>
        {problem ? t('caFileAbsolute') : t('caFileHint')}
      </p>
    </div>
  );
}
