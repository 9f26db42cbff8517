import { useTranslation } from 'react-i18next';
import { InviterPicture } from '@/components/inviter-picture';
import type { InviterCard as Card } from '@dayfocus/contracts/answers';

/** The inviter's picture and the invitation text. */
export function InviterCard({ inviter }: { inviter: Card }) {
  const { t } = useTranslation();
  return (
    <div className="inviter">
      <InviterPicture inviter={inviter} />
      <p className="inviter-name">{inviter.name}</p>
      <p className="lead">{t('invitation.needsHelp', { name: inviter.name })}</p>
    </div>
  );
}

/** The picture's place while the inviter loads, so nothing jumps when it arrives. */
export function InviterCardSkeleton() {
  return (
    <div className="inviter" aria-hidden="true">
      <div className="inviter-picture skeleton" />
      <p className="inviter-name skeleton skeleton-text" />
      <p className="lead skeleton skeleton-text" />
    </div>
  );
}
