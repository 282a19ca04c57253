import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Radio, RadioGroup } from '../../components/Choices';
import { Form, FormError, SubmitButton } from '../../components/form';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import type { ErrorTexts } from '../../lib/errors';
import { useMfaMethods, useSetupMethod } from '../../lib/mfa-methods';
import { useContactFormat } from '../../lib/phone';
import { useCurrentUser } from '../../lib/session';
import { pendingSetupQuery } from './api/setup';

type Kind = 'email' | 'sms';

/** A code that could not be sent, unless the answer says more (a duplicate, a 422's message). */
const SEND_TEXTS = {
  'email-duplicated': 'account.setup.email.duplicated',
  'sms-duplicated': 'account.setup.sms.duplicated',
  fallback: 'account.setup.sendFailed',
} as const satisfies ErrorTexts;

/**
 * MFA setup by e-mail or SMS: pick one of the user's verified addresses or
 * numbers that does not receive codes yet; a code goes to it.
 */
export default function ContactStepScreen({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const show = useContactFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const stepUp = useStepUpInPlace();
  const id = useId();
  const methods = useMfaMethods();
  const [chosen, setChosen] = useState<string | null>(null);
  const send = useSetupMethod(stepUp.run);

  if (!user || methods.isPending) return null;
  const taken = new Set(
    methods.data?.status === 200
      ? methods.data.body.filter((m) => m.id > 0 && m.method === kind).map((m) => m.target)
      : [],
  );
  const contacts = (kind === 'email' ? user.email : user.phone)
    .filter((c) => c.verified && !taken.has(c.value))
    .sort((a, b) => Number(b.default) - Number(a.default));
  const target = chosen ?? contacts[0]?.value ?? null;

  const submit = () => {
    if (!target) return;
    send.mutate(kind === 'email' ? { method: 'email', target } : { method: 'sms', target }, {
      onSuccess: (res) => {
        if (!res) return;
        // The gateway keeps it in the set-up's flow; the confirmation starts with this answer.
        queryClient.setQueryData(pendingSetupQuery.queryKey, res.body);
        navigate(href('setup-mfa.confirmation'));
      },
    });
  };

  return (
    <section className="card narrow" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t(`account.setup.${kind}.title`)}</h1>
      {contacts.length === 0 ? (
        <>
          <p>{t(`account.setup.${kind}.noneLeft`)}</p>
          <Link to={href('profile.edit-credentials')}>{t(`account.setup.${kind}.addOne`)}</Link>
        </>
      ) : (
        <Form onSubmit={submit} error={send.error} texts={SEND_TEXTS} busy={send.isPending}>
          <RadioGroup label={t(`account.setup.${kind}.choose`)} value={target} onChange={setChosen}>
            {contacts.map((c) => (
              <Radio key={c.id} value={c.value}>
                {show(c.value)}
              </Radio>
            ))}
          </RadioGroup>
          <FormError />
          <div className="actions">
            <SubmitButton>{t('account.contacts.sendCode')}</SubmitButton>
            <Link to={href('setup-mfa.selection')}>{t('account.common.back')}</Link>
          </div>
        </Form>
      )}
      {stepUp.dialog}
    </section>
  );
}
