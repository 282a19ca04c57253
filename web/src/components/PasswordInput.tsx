import { type ComponentProps, type InputHTMLAttributes, useState } from 'react';
import PasswordToggle from './PasswordToggle';
import { TextField } from './TextField';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string };

/**
 * A password field with a "Show password" toggle, as the anchors' forms have:
 * what was typed can be checked before it is sent. (Its styles are in
 * `styles.css`: the sign-in page lays the field out before the toggle loads.)
 */
export function PasswordInput(props: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} />
      <PasswordToggle controls={props.id} shown={shown} onToggle={setShown} />
    </div>
  );
}

/**
 * The password of an account that exists, to sign in with (the sign-in, the
 * link of a workplace login): named and filled in by password managers.
 */
export function CurrentPasswordField(
  props: Omit<ComponentProps<typeof TextField>, 'input' | 'name' | 'autoComplete' | 'required'>,
) {
  return (
    <TextField
      {...props}
      input={PasswordInput}
      name="password"
      autoComplete="current-password"
      required
    />
  );
}
