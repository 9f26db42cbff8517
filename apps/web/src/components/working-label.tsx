import { useTranslation } from 'react-i18next';
import { useLongCheck } from '@/lib/attestation-wait';

/**
 * A busy button's words: `children` ("Signing up…"), or what it waits for once the App Check
 * fallback's check has kept it waiting a while (lib/attestation-wait.ts).
 */
export function WorkingLabel({ children }: { children: string }) {
  const { t } = useTranslation();
  return <>{useLongCheck() ? t('app.securityCheck') : children}</>;
}
