import { Check, ChevronDown } from 'lucide-react';
import type { Key } from 'react-aria-components';
import {
  Select as AriaSelect,
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
} from 'react-aria-components/Select';
import { useFormState } from './form/Form';
import { FieldMessage } from './form/fields';
import { useFieldCheck } from './form/own-fields';

/** One choice of a select: its value, its words in the list, and in the closed field if shorter. */
export interface SelectOption<K extends Key> {
  id: K;
  label: string;
  /** What the closed field shows (`BE +32` for "Belgium +32"); the label when absent. */
  short?: string;
  /** The language the label is written in, when not the page's (a language's own name). */
  lang?: string;
}

interface SelectFieldProps<K extends Key> {
  label: string;
  /** Sent with the form (a hidden select), and the key of the server's refusal of it. */
  name?: string;
  /** The label is read by screen readers but not shown (a field whose neighbours say what it is). */
  labelHidden?: boolean;
  value: K;
  onChange: (value: K) => void;
  options: readonly SelectOption<K>[];
  /** Marks the field as wrongly filled (aria-invalid); `describedBy` names the message that says why. */
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}

/**
 * A single choice from a short list (React Aria's Select): a button that
 * opens a list box in a popover kept inside the viewport. The keyboard works
 * as on a native select (arrows, typing the first letters, Enter, Escape);
 * screen readers hear the label, the value and whether it is invalid.
 * Styled in `widgets.css`, like the header's language switcher.
 */
export function SelectField<K extends Key>({
  label,
  name,
  labelHidden,
  value,
  onChange,
  options,
  invalid,
  describedBy,
  className,
}: SelectFieldProps<K>) {
  const check = useFieldCheck(name, undefined);
  // The server's refusal of the choice, until another is chosen.
  const { fieldErrors } = useFormState();
  const refused = name ? fieldErrors[name] : undefined;
  return (
    <AriaSelect
      className={className ? `select-field ${className}` : 'select-field'}
      name={name}
      selectedKey={value}
      onSelectionChange={(key) => {
        check.onChanged();
        if (key !== null) onChange(key as K);
      }}
      isInvalid={invalid || Boolean(refused) || undefined}
      aria-describedby={describedBy}
    >
      <Label className={labelHidden ? 'visually-hidden' : 'select-label'}>{label}</Label>
      <Button className="select-trigger">
        <SelectValue>
          {({ selectedText }) => {
            const chosen = options.find((o) => o.id === value);
            return chosen ? (
              <span lang={chosen.lang}>{chosen.short ?? chosen.label}</span>
            ) : (
              selectedText
            );
          }}
        </SelectValue>
        <ChevronDown className="select-chevron" size={18} aria-hidden="true" />
      </Button>
      <FieldMessage>{refused}</FieldMessage>
      <Popover className="popover select-popover" placement="bottom start">
        <ListBox className="listbox">
          {options.map((option) => (
            <ListBoxItem
              key={String(option.id)}
              id={option.id}
              className="listbox-item"
              textValue={option.label}
            >
              {({ isSelected }) => (
                <>
                  <span lang={option.lang}>{option.label}</span>
                  {isSelected && <Check size={16} aria-hidden="true" />}
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
