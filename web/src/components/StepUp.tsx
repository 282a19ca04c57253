import type { MfaKind, SignInView } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, queryKeys } from '../lib/api';
import { type ErrorTexts, errorOf, isSudoRequired } from '../lib/errors';
import { useContactFormat } from '../lib/phone';
import { authenticateWithPasskey, type PasskeyFailure, usePasskeyOffer } from '../lib/webauthn';
import { CodeEntry } from './form/CodeEntry';
import { ErrorText } from './form/ErrorText';
import { Modal } from './Modal';
import { SelectField } from './SelectField';

interface Answer {
  status: number;
  body: unknown;
}

/**
 * Step-up that keeps the user's work: `run(send)` sends a sensitive change; if
 * the server wants a fresh MFA check, a modal asks for the code in place (the
 * form behind it keeps what was typed) and the same change is sent again.
 * Resolves with the final answer, or null when the user closed the check.
 */
export function useStepUpInPlace() {
  const [pending, setPending] = useState<{ done: (ok: boolean) => void } | null>(null);
  const run = useCallback(async <A extends Answer>(send: () => Promise<A>): Promise<A | null> => {
    const first = await send();
    if (!isSudoRequired(first)) return first;
    const ok = await new Promise<boolean>((resolve) => setPending({ done: resolve }));
    setPending(null);
    return ok ? send() : null;
  }, []);
  const dialog = pending ? <StepUpDialog onDone={pending.done} /> : null;
  return { run, dialog };
}

/** A wrong code (400, 422) and a spent check (410) in the step-up's words. */
const STEP_UP_TEXTS = {
  invalid: 'account.stepUp.invalidCode',
  rejected: 'account.stepUp.invalidCode',
  gone: 'account.stepUp.spent',
} as const satisfies ErrorTexts;

const CODE_LENGTH: Partial<Record<MfaKind, number>> = { email: 8, sms: 8, card: 8, totp: 6 };

function StepUpDialog({ onDone }: { onDone: (ok: boolean) => void }) {
  // A user with a passkey is offered it first; a code only when they ask
  // (docs/journeys-signin.md, Straight to the code).
  const { t } = useTranslation();
  const passkey = usePasskeyOffer();
  const [useCode, setUseCode] = useState(false);
  if (!passkey.ready) {
    return (
      <Modal title={t('account.stepUp.title')} onClose={() => onDone(false)}>
        <p aria-live="polite">{t('account.common.loading')}</p>
      </Modal>
    );
  }
  if (passkey.offer && !useCode) {
    return <PasskeyStepUp onDone={onDone} onUseCode={() => setUseCode(true)} />;
  }
  return <CodeStepUp onDone={onDone} />;
}

function PasskeyStepUp({
  onDone,
  onUseCode,
}: {
  onDone: (ok: boolean) => void;
  onUseCode: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<PasskeyFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    const outcome = await authenticateWithPasskey('sudo');
    setBusy(false);
    if (!outcome.ok) return setFailure(outcome.reason);
    await queryClient.invalidateQueries({ queryKey: queryKeys.mfaStatus });
    onDone(true);
  };
  return (
    <Modal title={t('account.stepUp.title')} onClose={() => onDone(false)}>
      <p>{t('account.stepUp.why')}</p>
      <p>{t('passkeys.stepUp.intro')}</p>
      <ErrorText>{failure && t(`passkeys.errors.${failure}`)}</ErrorText>
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
          {t('passkeys.stepUp.use')}
        </button>
        <button type="button" className="button button-secondary" onClick={onUseCode}>
          {t('passkeys.stepUp.orCode')}
        </button>
        <button type="button" className="link-button" onClick={() => onDone(false)}>
          {t('account.common.cancel')}
        </button>
      </div>
    </Modal>
  );
}

/** The methods the dialog sends a code by (the card and the recovery keys have their own page). */
const isCodeMethod = (m: { id: number; method: MfaKind }) =>
  m.id > 0 && (m.method === 'email' || m.method === 'sms' || m.method === 'totp');

/** A step of the step-up's flow (`/api/step-up/*`): what it draws now, or why it was refused. */
type StepAnswer = Awaited<ReturnType<typeof api.stepUp.start>>;

/** The view a step answered with a check under way; anything else is thrown (the start failed). */
function checkOf(res: StepAnswer): SignInView {
  if (res.status === 200 && res.body.view?.check) return res.body.view;
  throw res;
}

/**
 * The code, in place: the gateway's step-up flow (docs/flows.md, "Step-up")
 * keeps the check (the account API's payload, the methods); the dialog sends
 * its steps and draws the view it is answered. The flow's `next` (the page it
 * would end on) is not followed: the dialog's caller sends its change again.
 */
function CodeStepUp({ onDone }: { onDone: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const show = useContactFormat();
  const queryClient = useQueryClient();
  const [view, setView] = useState<SignInView | null>(null);
  const [code, setCode] = useState('');
  const check = view?.check ?? null;
  const choices = (view?.methods ?? []).filter(isCodeMethod);

  /**
   * Starts the check (a code by the primary method, or by `mfaId`): the view
   * with the code on its way, or `done` when a recent check still holds.
   */
  const start = useMutation({
    mutationFn: async (mfaId?: number): Promise<SignInView | 'done'> => {
      if (mfaId !== undefined) return checkOf(await api.stepUp.method({ body: { mfaId } }));
      const res = await api.stepUp.start({ body: { target: window.location.pathname } });
      // A recent check still holds: nothing to ask.
      if (res.status === 200 && res.body.view === null) return 'done';
      // A passkey's owner starts at the list (the passkey first): a code was asked for, by the default method.
      if (res.status === 200 && res.body.view && !res.body.view.check) {
        const usable = res.body.view.methods.filter(isCodeMethod);
        const first = usable.find((m) => m.primary) ?? usable[0];
        if (first) return checkOf(await api.stepUp.method({ body: { mfaId: first.id } }));
      }
      return checkOf(res);
    },
    onSuccess: (answer) => (answer === 'done' ? onDone(true) : setView(answer)),
  });

  /** The code checked: the change is sent again; a spent check makes way for a new one. */
  const confirm = useMutation({
    mutationFn: async (typed: string) => {
      const res = await api.stepUp.code({ body: { code: typed } });
      if (res.status !== 200) throw res;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.mfaStatus });
      onDone(true);
    },
    onError: (thrown) => {
      if (errorOf(thrown).kind !== 'gone' || !check) return;
      // A spent check: a new one, with a new code on its way (the refusal says so).
      setCode('');
      start.mutate(check.mfaId > 0 ? check.mfaId : undefined);
    },
  });

  const started = useRef(false);
  const codeField = useRef<HTMLInputElement>(null);
  const { mutate: begin } = start;
  useEffect(() => {
    // Once per dialog, also under StrictMode's double effects: each start sends a code.
    if (started.current) return;
    started.current = true;
    begin(undefined);
  }, [begin]);

  const resend = async () => {
    try {
      return (await api.stepUp.resend({ body: {} })).status === 200;
    } catch {
      return false;
    }
  };

  const length = check ? CODE_LENGTH[check.method] : undefined;
  const intro = !check
    ? t('account.stepUp.sending')
    : check.method === 'totp'
      ? t('account.stepUp.introTotp')
      : check.method === 'totpRecovery'
        ? t('account.stepUp.introRecovery')
        : t('account.stepUp.introCode', { target: show(check.target ?? '') });

  return (
    <Modal title={t('account.stepUp.title')} onClose={() => onDone(false)}>
      <p>{t('account.stepUp.why')}</p>
      <p aria-live="polite">{intro}</p>
      <CodeEntry
        label={t('account.stepUp.code')}
        length={length ?? 32}
        recoveryKey={check?.method === 'totpRecovery'}
        // Sent with "Confirm and continue": the change waiting behind the dialog goes with it.
        autoSubmit={false}
        value={code}
        onChange={setCode}
        inputRef={codeField}
        mutation={confirm}
        texts={STEP_UP_TEXTS}
        refusal={start.isError ? t('account.stepUp.startFailed') : null}
        submitLabel={t('account.stepUp.confirm')}
        onCancel={() => onDone(false)}
        onSubmit={(typed) => {
          if (check) confirm.mutate(typed);
        }}
        onResend={
          check && (check.method === 'email' || check.method === 'sms') ? resend : undefined
        }
      >
        {choices.length > 1 && (
          <div className="field">
            <SelectField
              label={t('account.stepUp.otherMethod')}
              value={check?.mfaId ?? choices.find((m) => m.primary)?.id ?? choices[0]?.id ?? 0}
              onChange={(id) => {
                setCode('');
                start.mutate(id);
              }}
              options={choices.map((m) => ({
                id: m.id,
                label: `${t(`account.mfa.kind.${m.method as 'email' | 'sms' | 'totp'}`)}${m.target ? ` (${m.target})` : ''}`,
              }))}
            />
          </div>
        )}
      </CodeEntry>
    </Modal>
  );
}
