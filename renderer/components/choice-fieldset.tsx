// One question of a dialog answered by one of a few choices (which photos, which delimiter, which
// export, whose meters): a fieldset of radio buttons, each a label the whole line of which can be
// clicked. The export dialogs each had their own copy of this markup.
import { useId, type ReactNode } from 'react';

export function ChoiceFieldset<T extends string>({
  legend,
  choices,
  value,
  onChange,
  testIds,
  disabled = [],
  after = {},
  children,
}: {
  legend: string;
  /** Each answer and its words, in the order shown. */
  choices: Readonly<Record<T, ReactNode>>;
  value: T;
  onChange: (value: T) => void;
  /** Each radio's test id is this, a dash and its answer. */
  testIds?: string;
  disabled?: readonly T[];
  /** What an answer carries inside its label after the words (the folder picker of "One folder"). */
  after?: Partial<Readonly<Record<T, ReactNode>>>;
  /** More of the same question after the choices (a checkbox that goes with them). */
  children?: ReactNode;
}): React.JSX.Element {
  // A name of its own per question: two groups never take each other's checks.
  const name = useId();
  // The record's keys are its answers: Object.keys only forgets that they are T.
  const answers = Object.keys(choices) as T[];
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      {answers.map((answer) => (
        <label key={answer} className="choice">
          <input
            type="radio"
            name={name}
            checked={value === answer}
            disabled={disabled.includes(answer)}
            onChange={() => {
              onChange(answer);
            }}
            data-testid={testIds === undefined ? undefined : `${testIds}-${answer}`}
          />
          {choices[answer]}
          {after[answer]}
        </label>
      ))}
      {children}
    </fieldset>
  );
}

/** One yes-or-no among a dialog's questions (a byte order mark, read by the customer, a folder). */
export function CheckChoice({
  checked,
  onChange,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
  children: ReactNode;
}): React.JSX.Element {
  return (
    <label className="choice">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          onChange(e.target.checked);
        }}
        data-testid={testId}
      />{' '}
      {children}
    </label>
  );
}
