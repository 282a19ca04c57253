import type { DataExport } from '@portal/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Actions } from '../../components/Actions';
import { BusyLabel } from '../../components/BusyLabel';
import { Status } from '../../components/Notice';
import { useStepUpInPlace } from '../../components/StepUp';
import '../../components/self-service.css';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { href } from '../../lib/routes';
import { useStepFocus } from '../../lib/step-focus';
import { useExportData } from './api/your-data';
import { DataSummary } from './components/DataSummary';

/** The gateway's daily limit (429 `export_limit`) and any other failure, in this screen's words. */
const DOWNLOAD_TEXTS = {
  export_limit: 'data.download.limit',
  fallback: 'data.download.failed',
} as const satisfies ErrorTexts;

/** As many copies a day as the gateway allows (gateway/src/routes/your-data.ts). */
const COPIES_A_DAY = 3;

/**
 * Download your data (docs/flows.md): the account API's copy of the account,
 * made on request (each one is e-mailed to the owner and counted), shown as a
 * summary in the visitor's language and saved as a JSON file from this page.
 */
export default function DownloadDataScreen() {
  const { t } = useTranslation();
  const stepUp = useStepUpInPlace();
  const exported = useExportData(stepUp.run);
  const data = exported.data ?? null;
  const failure = exported.error ? errorOf(exported.error, DOWNLOAD_TEXTS) : null;
  // The copy ready: the cursor to its Save link, the control that goes on (docs/focus.md).
  const section = useRef<HTMLElement>(null);
  useStepFocus(data !== null, () => section.current?.querySelector<HTMLElement>('a[download]'));
  return (
    <section ref={section} aria-labelledby="data-title">
      <h1 id="data-title">{t('data.download.title')}</h1>
      <section className="panel" aria-labelledby="data-what">
        <h2 id="data-what">{t('data.download.what')}</h2>
        <p>{t('data.download.intro')}</p>
        <p>{t('data.download.noSecrets')}</p>
        <p>{t('data.download.notice', { count: COPIES_A_DAY })}</p>
        {data ? (
          <Ready data={data} />
        ) : (
          <Actions
            primary={{
              label: (
                <BusyLabel busy={exported.isPending}>
                  {exported.isPending ? t('data.download.preparing') : t('data.download.prepare')}
                </BusyLabel>
              ),
              onPress: () => exported.mutate(),
            }}
            secondary={{ label: t('account.common.back'), to: href('profile') }}
            busy={exported.isPending}
            error={failure && errorText(t, failure)}
          />
        )}
      </section>
      {data && <DataSummary data={data} />}
      {stepUp.dialog}
    </section>
  );
}

/** The copy is ready: a real link to it as a file (`download`), kept for as long as the page. */
function Ready({ data }: { data: DataExport }) {
  const { t } = useTranslation();
  const url = useMemo(
    () =>
      URL.createObjectURL(
        new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }),
      ),
    [data],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <>
      <Status tone="success">{t('data.download.ready')}</Status>
      <div className="actions">
        <a
          className="button"
          href={url}
          download={`account-data-${data.generated_at.slice(0, 10)}.json`}
        >
          {t('data.download.save')}
        </a>
        <Link className="button button-secondary" to={href('profile')}>
          {t('account.common.back')}
        </Link>
      </div>
    </>
  );
}
