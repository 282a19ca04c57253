import { type ContactEntry, Email, type MfaMethod, toE164, type User } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/Modal';
import { ReasonButton } from '../../components/ReasonButton';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { CODE_TEXTS, CodeForm } from '../../components/CodeForm';
import { queryKeys, tsr } from '../../lib/api';
import { maybeConfig } from '../../lib/config';
import {
  type ErrorTexts,
  errorOf,
  errorText,
  type PortalError,
  useErrorText,
} from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { mfaMethodsKey } from './profile-keys';

type Kind = 'email' | 'phone';

/** What the screen says after an action, at the top of the list it concerns. */
type Outcome =
  | { kind: Kind; tone: 'success'; text: string }
  | { kind: Kind; tone: 'error'; title: string; text: string; toSecurity?: boolean };

/** A code was sent to a new or unverified entry; the user types it in. */
interface Pending {
  kind: Kind;
  id: number;
  value: string;
  payload: string;
}

export default function EditCredentialsScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const methods = tsr.mfa.listMethods.useQuery({
    queryKey: mfaMethodsKey,
    queryData: { query: {} },
  });
  if (!user) return null;
  const mfa = methods.data?.status === 200 ? methods.data.body : [];
  return (
    <section aria-labelledby="credentials-title">
      <h1 id="credentials-title">{t('account.contacts.title')}</h1>
      <p>{t('account.contacts.intro')}</p>
      <ContactSection kind="email" user={user} methods={mfa} />
      <ContactSection kind="phone" user={user} methods={mfa} />
    </section>
  );
}

/** Why an entry cannot be deleted (spec part 5), or null when it can. */
export function deleteBlocker(
  kind: Kind,
  entry: ContactEntry,
  entries: readonly ContactEntry[],
  methods: readonly MfaMethod[],
): 'lastEmail' | 'lastPhone' | 'primary' | 'lastMfa' | null {
  if (entries.length <= 1) return kind === 'email' ? 'lastEmail' : 'lastPhone';
  if (entry.default) return 'primary';
  const codeMethods = methods.filter(
    (m) => m.id > 0 && (m.method === 'email' || m.method === 'sms'),
  );
  const method = kind === 'email' ? 'email' : 'sms';
  const isMethod = codeMethods.some((m) => m.method === method && m.target === entry.value);
  if (isMethod && codeMethods.length <= 1) return 'lastMfa';
  return null;
}

function ContactSection({
  kind,
  user,
  methods,
}: {
  kind: Kind;
  user: User;
  methods: readonly MfaMethod[];
}) {
  const { t } = useTranslation();
  const describe = useErrorText();
  const queryClient = useQueryClient();
  const stepUp = useStepUpInPlace();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [toDelete, setToDelete] = useState<ContactEntry | null>(null);
  const entries = [...user[kind]].sort((a, b) => Number(b.default) - Number(a.default));
  const titleId = useId();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.user }),
      queryClient.invalidateQueries({ queryKey: mfaMethodsKey }),
    ]);

  const remove = useMutation({
    mutationFn: (entry: ContactEntry) =>
      stepUp.run(() => tsr.profile.deleteContact.mutate({ params: { id: entry.id } })),
    onSuccess: async (res) => {
      setToDelete(null);
      if (!res) return;
      if (res.status === 200) {
        await refresh();
        setOutcome({ kind, tone: 'success', text: t(`account.contacts.${kind}.deleted`) });
      } else {
        deletionFailed();
      }
    },
    onError: () => {
      setToDelete(null);
      deletionFailed();
    },
  });
  const deletionFailed = () =>
    setOutcome({
      kind,
      tone: 'error',
      title: t('account.common.deletionFailed'),
      text: t('account.common.deletionFailedText'),
    });

  const makePrimary = useMutation({
    mutationFn: (entry: ContactEntry) =>
      stepUp.run(() => tsr.profile.makeContactPrimary.mutate({ params: { id: entry.id } })),
    onSuccess: async (res) => {
      if (!res) return;
      if (res.status === 200) {
        await refresh();
        setOutcome({ kind, tone: 'success', text: t(`account.contacts.${kind}.primaryChanged`) });
      } else switchFailed();
    },
    onError: () => switchFailed(),
  });
  const switchFailed = () =>
    setOutcome({
      kind,
      tone: 'error',
      title: t('account.common.switchFailed'),
      text: t('account.common.switchFailedText'),
      toSecurity: true,
    });

  const resend = useMutation({
    mutationFn: (entry: ContactEntry) =>
      stepUp.run(() => tsr.profile.resendContactCode.mutate({ params: { id: entry.id } })),
    onSuccess: (res, entry) => {
      if (!res) return;
      if (res.status === 200) {
        setPending({ kind, id: entry.id, value: entry.value, payload: res.body.payload });
      } else {
        setOutcome({
          kind,
          tone: 'error',
          title: t('account.contacts.sendFailed'),
          text: t('account.common.tryLater'),
        });
      }
    },
  });

  const blockerText = (entry: ContactEntry) => {
    const blocker = deleteBlocker(kind, entry, entries, methods);
    return blocker ? t(`account.contacts.blocked.${blocker}`) : null;
  };

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(`account.contacts.${kind}.title`)}</h2>
      <div role="status">
        {outcome?.tone === 'success' && <p className="notice notice-success">{outcome.text}</p>}
      </div>
      {outcome?.tone === 'error' && (
        <div className="notice notice-error" role="alert">
          <strong>{outcome.title}</strong>
          <p>{outcome.text}</p>
          {outcome.toSecurity && (
            <p>
              <Link to={href('security')}>{t('account.common.goToSecurity')}</Link>
            </p>
          )}
        </div>
      )}
      <ul className="rows" aria-label={t(`account.contacts.${kind}.title`)}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <div className="row-main">
              <strong>{entry.value}</strong>
              {entry.default && (
                <span className="badge badge-brand">{t('account.contacts.primary')}</span>
              )}
              {entry.verified ? (
                <span className="badge badge-ok">{t('account.contacts.verified')}</span>
              ) : (
                <span className="badge">{t('account.contacts.unverified')}</span>
              )}
              {entry.verified && entry.mfa && (
                <span className="badge">{t('account.contacts.twoFactor')}</span>
              )}
            </div>
            <div className="actions">
              {!entry.verified && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    setOutcome(null);
                    resend.mutate(entry);
                  }}
                  aria-label={t('account.contacts.verifyEntry', { value: entry.value })}
                >
                  {t('account.contacts.verify')}
                </button>
              )}
              {!entry.default && entry.verified && entry.mfa && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => {
                    setOutcome(null);
                    makePrimary.mutate(entry);
                  }}
                  aria-label={t('account.contacts.makePrimaryEntry', { value: entry.value })}
                >
                  {t('account.contacts.makePrimary')}
                </button>
              )}
              <ReasonButton
                reason={blockerText(entry)}
                onClick={() => {
                  setOutcome(null);
                  setToDelete(entry);
                }}
              >
                <span aria-hidden="true">{t('account.common.delete')}</span>
                <span className="visually-hidden">
                  {t('account.contacts.deleteEntry', { value: entry.value })}
                </span>
              </ReasonButton>
            </div>
          </li>
        ))}
      </ul>
      {pending?.kind === kind ? (
        <CodeForm
          label={t('account.contacts.codeLabel')}
          intro={t('account.contacts.codeSent', { value: pending.value })}
          length={8}
          onConfirm={async (code) => {
            const res = await tsr.profile.confirmLogin.mutate({
              body: { payload: pending.payload, code },
            });
            if (res.status === 200) {
              await refresh();
              setPending(null);
              setOutcome({ kind, tone: 'success', text: t(`account.contacts.${kind}.verified`) });
              return null;
            }
            return describe(res, CODE_TEXTS);
          }}
          onResend={async () => {
            const entry = user[kind].find((e) => e.id === pending.id);
            if (!entry) return false;
            const res = await resend.mutateAsync(entry);
            return res?.status === 200;
          }}
          onCancel={() => setPending(null)}
        />
      ) : (
        <AddContact
          kind={kind}
          run={stepUp.run}
          onSent={(p) => {
            setOutcome(null);
            setPending(p);
            void queryClient.invalidateQueries({ queryKey: queryKeys.user });
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title={t(`account.contacts.${kind}.deleteTitle`)}
          text={t('account.contacts.deleteText', { value: toDelete.value })}
          confirmLabel={t('account.common.delete')}
          cancelLabel={t('account.common.cancel')}
          busy={remove.isPending}
          onConfirm={() => {
            setToDelete(null);
            remove.mutate(toDelete);
          }}
          onCancel={() => setToDelete(null)}
        />
      )}
      {stepUp.dialog}
    </section>
  );
}

function AddContact({
  kind,
  run,
  onSent,
}: {
  kind: Kind;
  run: ReturnType<typeof useStepUpInPlace>['run'];
  onSent: (pending: Pending) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [mfa, setMfa] = useState(true);
  /** `invalid`: not an e-mail address or phone number (checked before sending). */
  const [problem, setProblem] = useState<PortalError | 'invalid' | null>(null);
  const country = maybeConfig()?.variant === 'lu' ? 'LU' : 'BE';
  // A refused value (400) and a duplicate (409) in this list's words; a 422 shows its message.
  const addTexts = {
    invalid: `account.contacts.${kind}.invalid`,
    'email-duplicated': 'account.contacts.email.duplicated',
    'phone-duplicated': 'account.contacts.phone.duplicated',
    fallback: 'account.contacts.sendFailed',
  } as const satisfies ErrorTexts;

  const add = useMutation({
    mutationFn: (body: { email: string; mfa: boolean } | { phone: string; mfa: boolean }) =>
      run(() => tsr.profile.addLogin.mutate({ body })),
    onSuccess: (res, body) => {
      if (!res) return;
      if (res.status === 200) {
        const sent = 'email' in body ? body.email : body.phone;
        setValue('');
        onSent({ kind, id: res.body.id, value: sent, payload: res.body.payload });
      } else setProblem(errorOf(res, addTexts));
    },
    onError: (thrown) => setProblem(errorOf(thrown, addTexts)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (kind === 'email') {
      const parsed = Email.safeParse(value);
      if (!parsed.success) return setProblem('invalid');
      add.mutate({ email: parsed.data, mfa });
    } else {
      const phone = toE164(value, country);
      if (!phone) return setProblem('invalid');
      add.mutate({ phone, mfa });
    }
  };

  const message =
    problem === null
      ? null
      : problem === 'invalid'
        ? t(`account.contacts.${kind}.invalid`)
        : errorText(t, problem);

  return (
    <form onSubmit={submit} noValidate aria-label={t(`account.contacts.${kind}.add`)}>
      <h3>{t(`account.contacts.${kind}.add`)}</h3>
      <div className="field">
        <label htmlFor={`${id}-value`}>{t(`account.contacts.${kind}.new`)}</label>
        <input
          id={`${id}-value`}
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {message && (
          <p id={`${id}-error`} className="error" role="alert">
            {message}
          </p>
        )}
      </div>
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" checked={mfa} onChange={(e) => setMfa(e.target.checked)} />
          {t(`account.contacts.${kind}.useForMfa`)}
        </label>
      </div>
      <button type="submit" className="button" disabled={add.isPending}>
        {t('account.contacts.sendCode')}
      </button>
    </form>
  );
}
