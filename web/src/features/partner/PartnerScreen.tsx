import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Radio, RadioGroup } from '../../components/Choices';
import { Form, FormError, SubmitButton } from '../../components/form';
import { Alert } from '../../components/Notice';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { getConfig } from '../../lib/config';
import { type ErrorTexts, errorOf } from '../../lib/errors';
import { useRequestAccess } from './api/partner';
import { isWebsite, type Website, websitesOf } from './websites';

/** docs/product.md part 8: "We could not send your access request." unless the answer says more. */
const ACCESS_TEXTS = { fallback: 'flows.partner.access.failed' } as const satisfies ErrorTexts;

/**
 * `/partner`: access required (docs/product.md parts 2 and 6). The site the user came
 * for is given as `?website=` (the route's props); the user says which site
 * they need, may add a note, and asks an administrator for access.
 */
export default function PartnerScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = getConfig();
  const sites = websitesOf(config.variant, config.features.dealsSite);
  const asked = params.get('website');
  const [site, setSite] = useState<Website>(
    isWebsite(asked) && sites.includes(asked) ? asked : (sites[0] ?? 'employee_area'),
  );
  const [message, setMessage] = useState('');
  const titleId = useId();
  const messageId = useId();

  const request = useRequestAccess();
  // 409: the access is there already (said as information, not as a failure).
  const already = request.error ? errorOf(request.error).kind === 'conflict' : false;

  const onSubmit = () => {
    const siteLine = t('flows.partner.access.messageSite', {
      site: t(`flows.partner.access.website.${site}`),
    });
    const note = message.trim();
    request.mutate(note ? `${siteLine}\n${note}` : siteLine, {
      onSuccess: (res) =>
        navigate(href('partner.request-access'), {
          state: { requestedAt: res.body.requested_at },
        }),
    });
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.partner.access.title')}</h1>
      <p>{t('flows.partner.access.text')}</p>
      <Form
        onSubmit={onSubmit}
        error={already ? null : request.error}
        texts={ACCESS_TEXTS}
        busy={request.isPending}
      >
        <RadioGroup
          label={t('flows.partner.access.websites')}
          className="choice-group choice-fieldset"
          value={site}
          onChange={(value) => setSite(value as typeof site)}
        >
          <ul className="choice-list">
            {sites.map((s) => (
              <li key={s}>
                <Radio value={s} card>
                  <strong>{t(`flows.partner.access.website.${s}`)}</strong>
                  <span className="muted">{t(`flows.partner.access.website.${s}Text`)}</span>
                </Radio>
              </li>
            ))}
          </ul>
        </RadioGroup>
        <div className="field">
          <label htmlFor={messageId}>{t('flows.partner.access.message')}</label>
          <textarea
            id={messageId}
            name="message"
            rows={3}
            maxLength={900}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        {already && <Alert tone="info">{t('flows.partner.access.already')}</Alert>}
        <FormError />
        <SubmitButton>{t('flows.partner.access.request')}</SubmitButton>
      </Form>
    </section>
  );
}
