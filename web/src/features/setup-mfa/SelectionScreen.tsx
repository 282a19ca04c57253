import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { useMfaMethods } from '../../lib/mfa-methods';

/** MFA setup, step 1: which kind of method (docs/product.md part 2, MFA setup). */
export default function SelectionScreen() {
  const { t } = useTranslation();
  const methods = useMfaMethods();
  const active = new Set(
    methods.data?.status === 200
      ? methods.data.body.filter((m) => m.id > 0).map((m) => m.method)
      : [],
  );
  const choices = [
    { kind: 'email', to: href('setup-mfa.email') },
    { kind: 'sms', to: href('setup-mfa.phone') },
    { kind: 'totp', to: href('setup-mfa.totp') },
  ] as const;
  return (
    <section className="card narrow" aria-labelledby="selection-title">
      <h1 id="selection-title">{t('account.setup.selectionTitle')}</h1>
      <p>{t('account.setup.selectionIntro')}</p>
      <ul className="choice-list">
        {choices.map((c) => (
          <li key={c.kind}>
            <Link to={c.to}>
              <strong>{t(`account.setup.choice.${c.kind}`)}</strong>
              <span className="muted">{t(`account.setup.choiceText.${c.kind}`)}</span>
              {active.has(c.kind) && (
                <span className="badge badge-ok">{t('account.setup.alreadyOn')}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <Link to={href('security')}>{t('account.setup.backToSecurity')}</Link>
    </section>
  );
}
