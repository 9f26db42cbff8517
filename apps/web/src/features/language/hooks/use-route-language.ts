import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { changeLanguage, isOffered } from '@/lib/i18n';

/**
 * Applies (and saves) the language code a link carries, when the configuration offers it;
 * false until that language's content is ready.
 */
export function useRouteLanguage(code: string | undefined): boolean {
  const { i18n } = useTranslation();
  const config = useRuntimeConfig();
  const wanted = isOffered(config, code) ? code : undefined;
  const [ready, setReady] = useState(!wanted || wanted === i18n.language);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void changeLanguage(i18n, wanted).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [wanted, i18n]);
  return ready;
}
