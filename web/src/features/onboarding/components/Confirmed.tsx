import { useTranslation } from 'react-i18next';
import { useContinue } from '../api/onboarding';
import { StepActions } from './StepPage';

/**
 * An address or number already confirmed, shown again after Back: the
 * account API takes each once, in its order, so it is kept; Continue goes on.
 */
export function Confirmed({ text }: { text: string }) {
  const { t } = useTranslation();
  const next = useContinue();
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        next.mutate(undefined);
      }}
    >
      <p className="notice notice-success" role="status">
        {text}
      </p>
      <StepActions>
        <button
          type="submit"
          name="continue"
          value="1"
          className="button"
          disabled={next.isPending}
        >
          {t('flows.onboarding.card.submit')}
        </button>
      </StepActions>
    </form>
  );
}
