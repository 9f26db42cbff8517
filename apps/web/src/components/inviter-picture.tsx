import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviterCard } from '@dayfocus/contracts/answers';

export const PLACEHOLDER_PICTURE = '/images/avatar-placeholder.svg';

/** The inviter's picture, or a placeholder when there is none or it fails to load. */
export function InviterPicture({ inviter }: { inviter: InviterCard }) {
  const { t } = useTranslation();
  const [pictureFailed, setPictureFailed] = useState(false);
  const picture = useRef<HTMLImageElement>(null);
  // On a server-rendered page the picture may have failed before the app took over, and React
  // does not replay that error: look at the image itself once.
  useEffect(() => {
    const img = picture.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src') !== PLACEHOLDER_PICTURE)
      setPictureFailed(true);
  }, []);
  const hasPicture = Boolean(inviter.photoUrl) && !pictureFailed;
  return (
    <img
      ref={picture}
      className="inviter-picture"
      src={hasPicture ? (inviter.photoUrl as string) : PLACEHOLDER_PICTURE}
      alt={hasPicture ? t('invitation.pictureAlt', { name: inviter.name }) : t('invitation.placeholderAlt')}
      width={112}
      height={112}
      onError={() => setPictureFailed(true)}
    />
  );
}
