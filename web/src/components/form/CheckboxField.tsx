import { type ReactNode, useMemo } from 'react';
import { Checkbox } from '../Choices';
import { OwnFieldError, useOwnField } from './own-fields';

/**
 * A check box of a form (the `Checkbox` of `Choices`): sent as `on` under its
 * `name`, its check (`validate` of whether it is ticked) said under it once
 * the form was sent, or the server's refusal of it.
 */
export function CheckboxField({
  name,
  checked,
  onChange,
  validate,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  validate?: (checked: boolean) => string | null;
  children: ReactNode;
}) {
  const field = useOwnField(
    name,
    checked ? 'on' : '',
    useMemo(() => (validate ? (value: string) => validate(value === 'on') : undefined), [validate]),
  );
  return (
    <div className="field">
      <Checkbox
        name={name}
        checked={checked}
        onChange={(value) => {
          field.onChanged();
          onChange(value);
        }}
        invalid={Boolean(field.error)}
        describedBy={field.error ? field.errorId : undefined}
      >
        {children}
      </Checkbox>
      <OwnFieldError id={field.errorId}>{field.error}</OwnFieldError>
    </div>
  );
}
