// The fields the meter's forms share (a skip, a re-read, an estimate, a typed reading): a code
// chosen from a list, a note, a date; each a label and its control in the form's grid.

interface FieldProps<V> {
  readonly id: string;
  readonly label: string;
  readonly value: V;
  readonly onChange: (value: V) => void;
  readonly testId: string;
}

/** One of `codes`, each said by `words`. */
export function CodeSelect<C extends string>({
  id,
  label,
  value,
  onChange,
  testId,
  codes,
  words,
}: FieldProps<C> & {
  readonly codes: readonly C[];
  readonly words: (code: C) => string;
}): React.JSX.Element {
  return (
    <>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => {
          const next = codes.find((c) => c === e.target.value);
          if (next) onChange(next);
        }}
        data-testid={testId}
      >
        {codes.map((c) => (
          <option key={c} value={c}>
            {words(c)}
          </option>
        ))}
      </select>
    </>
  );
}

/** A free-text note (at most 500 characters), or a local date (yyyy-mm-dd) with `type="date"`. */
export function TextField({
  id,
  label,
  value,
  onChange,
  testId,
  type = 'text',
  placeholder,
}: FieldProps<string> & {
  readonly type?: 'text' | 'date';
  readonly placeholder?: string;
}): React.JSX.Element {
  return (
    <>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="input"
        maxLength={type === 'text' ? 500 : undefined}
        value={value}
        placeholder={placeholder}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        data-testid={testId}
      />
    </>
  );
}
