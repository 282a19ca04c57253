import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox } from 'react-aria-components/Checkbox';
import { Label } from 'react-aria-components/Label';
import { Radio as AriaRadio, RadioGroup as AriaRadioGroup } from 'react-aria-components/RadioGroup';
import { Switch as AriaSwitch } from 'react-aria-components/Switch';
import './choices.css';

/*
 * Check boxes, radio buttons and switches (React Aria): a real, visually hidden
 * input inside a label, so forms, keyboard (Space; arrow keys within a group)
 * and screen readers get the native behaviour; the box, the dot and the track
 * are ours, with a visible focus ring. Styled in `choices.css`.
 */

/** What a check box and a switch take: on or off, its words, what describes it. */
interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  describedBy?: string;
}

interface CheckboxProps extends ToggleProps {
  /** Marks the box as wrongly left (aria-invalid); `describedBy` names the message that says why. */
  invalid?: boolean;
  /** The input's `name`: a drawn page's form sends it without script. */
  name?: string;
}

export function Checkbox({
  checked,
  onChange,
  children,
  invalid,
  describedBy,
  name,
}: CheckboxProps) {
  return (
    <AriaCheckbox
      className="choice-option"
      name={name}
      isSelected={checked}
      onChange={onChange}
      isInvalid={invalid}
      aria-describedby={describedBy}
    >
      <span className="choice-box" aria-hidden="true">
        <Check size={14} strokeWidth={3} />
      </span>
      <span className="choice-text">{children}</span>
    </AriaCheckbox>
  );
}

/** An on/off setting that takes effect at once (notifications). */
export function Switch({
  checked,
  onChange,
  children,
  describedBy,
  disabled,
}: ToggleProps & { disabled?: boolean }) {
  return (
    <AriaSwitch
      className="choice-option choice-switch"
      isSelected={checked}
      onChange={onChange}
      isDisabled={disabled}
      aria-describedby={describedBy}
    >
      <span className="choice-text">{children}</span>
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
    </AriaSwitch>
  );
}

/**
 * A group of radio buttons under one label (the legend of a fieldset): Tab
 * reaches the chosen one, the arrow keys change the choice.
 */
export function RadioGroup({
  label,
  labelHidden,
  name,
  value,
  onChange,
  children,
  className = 'choice-group',
}: {
  label: ReactNode;
  labelHidden?: boolean;
  /** The inputs' `name`: a drawn page's choice made before its script is found by it. */
  name?: string;
  value: string | null;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <AriaRadioGroup className={className} name={name} value={value} onChange={onChange}>
      <Label className={labelHidden ? 'visually-hidden' : 'choice-group-label'}>{label}</Label>
      {children}
    </AriaRadioGroup>
  );
}

/** One option of a `RadioGroup`; `card` draws it as a bordered row (choice lists). */
export function Radio({
  value,
  children,
  card,
}: {
  value: string;
  children: ReactNode;
  card?: boolean;
}) {
  return (
    <AriaRadio
      value={value}
      className={card ? 'choice-option choice choice-card' : 'choice-option'}
    >
      <span className="choice-box choice-dot" aria-hidden="true" />
      <span className="choice-text">{children}</span>
    </AriaRadio>
  );
}
