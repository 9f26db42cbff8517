import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Inviter } from '../api/get-inviter';

const PLACEHOLDER_PICTURE = '/images/avatar-placeholder.svg';

/** The inviter's picture (a placeholder when there is none or it fails to load) and the invitation text. */
export function InviterCard({ inviter }: { inviter: Inviter }) {
  const { t } = useTranslation();
  const [pictureFailed, setPictureFailed] = useState(false);
  const hasPicture = Boolean(inviter.photoUrl) && !pictureFailed;
  return (
    <div className="inviter">
      <img
        className="inviter-picture"
        src={hasPicture ? (inviter.photoUrl as string) : PLACEHOLDER_PICTURE}
        alt={hasPicture ? t('invitation.pictureAlt', { name: inviter.name }) : t('invitation.placeholderAlt')}
        width={112}
        height={112}
        onError={() => setPictureFailed(true)}
      />
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
