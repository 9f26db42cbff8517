import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function usePageTitle(page: string): void {
  const { t } = useTranslation();
  const product = t('app.name');
  useEffect(() => {
    document.title = page && page !== product ? `${page} · ${product}` : product;
  }, [page, product]);
}
