// Which meter a photo shows, keyboard first: type to filter (meter number, account, address), ↑/↓
// to choose, Enter to assign, Escape to leave. An ARIA combobox with a listbox of the matches.
import { useEffect, useId, useRef, useState } from 'react';
import type { MeterChoice } from '../../common/ipc';
import { describeError } from '../lib/errors';
import { useT } from '../i18n/i18n';
import { useAppApi } from '../store/context';

export function MeterPicker({
  jobId,
  current,
  onDone,
}: {
  jobId: number;
  current: string | null;
  onDone?: () => void;
}): React.JSX.Element {
  const t = useT('billing');
  const errorsT = useT('errors');
  const api = useAppApi();
  const ids = useId();
  const [query, setQuery] = useState('');
  const [choices, setChoices] = useState<readonly MeterChoice[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const asked = useRef(0);

  // Enter pressed while the matches for the text typed are still on their way: the list shown is
  // for an older text, so the choice waits for the answer and takes its first match.
  const enterWaiting = useRef(false);

  const assign = async (meterId: string): Promise<void> => {
    const assigned = await api.getState().assignMeter(jobId, meterId);
    if (!assigned.ok) setError(describeError(assigned.error, errorsT));
    else {
      setError(null);
      setQuery('');
      api.getState().notify('ok', t('picker.assigned', { meter: meterId }));
      onDone?.();
    }
  };
  const assignLatest = useRef(assign);
  assignLatest.current = assign;

  useEffect(() => {
    const ask = ++asked.current;
    setAnsweredFor(null);
    void api
      .getState()
      .findMeters(query)
      .then((found) => {
        // Only the answer to the latest text counts; a failed search offers no meters.
        if (ask !== asked.current) return;
        const offered = found.ok ? found.value.filter((m) => m.meterId !== current) : [];
        setChoices(offered);
        setActive(0);
        setAnsweredFor(query);
        const first = offered[0];
        if (enterWaiting.current && first) void assignLatest.current(first.meterId);
        enterWaiting.current = false;
      });
  }, [query, current, api]);

  const onKeyDown = (e: React.KeyboardEvent): void => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(choices.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (answeredFor !== query) {
        enterWaiting.current = query.trim() !== '';
        return;
      }
      const chosen = choices[active];
      if (chosen) void assign(chosen.meterId);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setQuery('');
      onDone?.();
    }
  };

  const listId = `${ids}-list`;
  const optionId = (i: number): string => `${ids}-opt-${String(i)}`;
  return (
    <div className="meter-picker" data-testid="meter-picker">
      <label htmlFor={`${ids}-input`} className="label">
        {t('picker.label')}
      </label>
      <input
        id={`${ids}-input`}
        className="input"
        role="combobox"
        aria-expanded={choices.length > 0}
        aria-controls={listId}
        aria-activedescendant={choices[active] ? optionId(active) : undefined}
        aria-autocomplete="list"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('picker.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setError(null);
          enterWaiting.current = false;
        }}
        onKeyDown={onKeyDown}
        data-testid="meter-picker-input"
      />
      <ul id={listId} role="listbox" className="picker-list" aria-label={t('picker.label')}>
        {choices.map((m, i) => (
          <li
            key={m.meterId}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'picker-option picker-active' : 'picker-option'}
            onMouseDown={(e) => {
              e.preventDefault();
              void assign(m.meterId);
            }}
            data-testid="meter-option"
          >
            <span className="mono">{m.meterId}</span>
            <span className="muted small ellipsis">
              {[m.account, m.address, m.route].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      {query && choices.length === 0 && (
        <p className="muted small">{t('picker.none', { query })}</p>
      )}
      {error ? (
        <p className="field-problem" role="alert">
          {error}
        </p>
      ) : (
        <p className="hint muted small">{t('picker.hint')}</p>
      )}
    </div>
  );
}
