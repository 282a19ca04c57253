import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespaces } from '../i18n/i18n';
import { useHydrated } from '../lib/hydration';

/**
 * The toggle alone, in the field's right edge: pressed while the password
 * shows. Its name does not change with its state (`aria-pressed` says it).
 */
export default function PasswordToggle({
  controls,
  shown,
  onToggle,
}: {
  controls: string;
  shown: boolean;
  onToggle: (shown: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  // Its name is a text of the forms, which the sign-in page (where this loads
  // after the page) has not loaded: the toggle shows once it can be named.
  const [named, setNamed] = useState(() => i18n.exists('forms.password.show'));
  useEffect(() => {
    if (!named) void ensureNamespaces(['forms']).then(() => setNamed(true));
  }, [named]);
  // Showing the password is the script's: drawn disabled until the app has the page.
  const hydrated = useHydrated();
  if (!named) return null;
  const Icon = shown ? EyeOff : Eye;
  return (
    <button
      type="button"
      className="password-toggle"
      aria-pressed={shown}
      aria-controls={controls}
      disabled={!hydrated}
      onClick={() => onToggle(!shown)}
    >
      <Icon aria-hidden="true" />
      <span className="visually-hidden">{t('forms.password.show')}</span>
    </button>
  );
}
