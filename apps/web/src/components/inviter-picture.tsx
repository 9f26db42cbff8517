import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviterCard } from '@dayfocus/functions/domain/answers';

const PLACEHOLDER_PICTURE = '/images/avatar-placeholder.svg';

/** The inviter's picture, or a placeholder when there is none or it fails to load. */
export function InviterPicture({ inviter }: { inviter: InviterCard }) {
  const { t } = useTranslation();
  const [pictureFailed, setPictureFailed] = useState(false);
  const hasPicture = Boolean(inviter.photoUrl) && !pictureFailed;
  return (
    <img
      className="inviter-picture"
      src={hasPicture ? (inviter.photoUrl as string) : PLACEHOLDER_PICTURE}
      alt={hasPicture ? t('invitation.pictureAlt', { name: inviter.name }) : t('invitation.placeholderAlt')}
      width={112}
      height={112}
      onError={() => setPictureFailed(true)}
    />
  );
}
