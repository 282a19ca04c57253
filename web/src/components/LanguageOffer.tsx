import type { Locale } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { languageOfLocale, localeOfLanguage } from '../i18n/i18n';
import { markChoiceOffered, rememberLanguage, visitChoice } from '../i18n/remember';
import { getConfig } from '../lib/config';
import { useCurrentUser } from '../lib/session';
import { focusStep } from '../lib/step-focus';
import { Actions } from './Actions';
import { BusyLabel } from './BusyLabel';
import { LANGUAGE_NAMES, useSaveLanguage } from './LanguageSwitcher';
import { toastSuccess } from './Toasts';

/** A text of the offer with a language's name in it, the name marked with its own `lang`. */
function Named({
  i18nKey,
  language,
}: {
  i18nKey: `common.languageOffer.${'text' | 'use' | 'keep'}`;
  language: { name: string; lang: string };
}) {
  const { t } = useTranslation();
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={{ name: language.name }}
      components={{ lang: <span lang={language.lang} /> }}
    />
  );
}

/**
 * The language picked during this visit, before the sign-in, when the
 * account's language is another one: offered once for the account, on the
 * first account page (docs/journeys-signin.md#the-language-chosen-before-signing-in).
 * "Use" saves it to the profile; "Keep" leaves the account as it is, and this
 * visit goes on in the chosen language. Each language is named in its own
 * language, marked with its `lang` for screen readers.
 */
export function LanguageOffer() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const save = useSaveLanguage();
  const textId = useId();
  const [offer, setOffer] = useState<{ chosen: Locale; account: Locale } | null>(null);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    if (!user || offer) return;
    const choice = visitChoice();
    if (!choice || choice.offered || choice.language === user.language) return;
    const { languages } = getConfig();
    const chosen = localeOfLanguage(choice.language, languages);
    const account = localeOfLanguage(user.language, languages);
    // An account language this variant does not offer cannot be kept on screen anyway.
    if (!chosen || !account) return;
    markChoiceOffered();
    setOffer({ chosen, account });
  }, [user, offer]);

  if (!offer || closed) return null;
  const chosen = LANGUAGE_NAMES[offer.chosen];
  const account = LANGUAGE_NAMES[offer.account];
  // The button has gone: the cursor to the page's heading, never left on <body>.
  const close = () => {
    setClosed(true);
    focusStep(() => document.querySelector<HTMLElement>('main h1'));
  };
  const accept = () =>
    save.mutate(
      { body: { language: languageOfLocale(offer.chosen) } },
      {
        onSuccess: () => {
          rememberLanguage(offer.chosen);
          toastSuccess(t('common.languageOffer.saved', { name: chosen.name }));
          close();
        },
      },
    );

  return (
    <section className="notice notice-info language-offer" aria-labelledby={textId}>
      <p id={textId}>
        <Named i18nKey="common.languageOffer.text" language={chosen} />
      </p>
      <Actions
        error={save.isError && t('common.errors.generic')}
        busy={save.isPending}
        primary={{
          label: (
            <BusyLabel busy={save.isPending}>
              {/* One flex item: the button's gap would widen the words' own spaces. */}
              <span>
                <Named i18nKey="common.languageOffer.use" language={chosen} />
              </span>
            </BusyLabel>
          ),
          onPress: accept,
        }}
        secondary={{
          label: (
            <span>
              <Named i18nKey="common.languageOffer.keep" language={account} />
            </span>
          ),
          onPress: close,
        }}
      />
    </section>
  );
}
