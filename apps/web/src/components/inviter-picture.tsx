import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { initialsOf } from '@dayfocus/contracts/initials';
import placeholderPicture from '@/assets/avatar-placeholder.svg';

/**
 * The placeholder picture: small enough that the build inlines it (a data URI), so that it paints
 * with the page, as the stylesheet's background of every picture's circle does (styles.css).
 */
export const PLACEHOLDER_PICTURE: string = placeholderPicture;

/** Without a picture, or when it fails to load: the initials, in a circle of the same size. */
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
  if (!inviter.photoUrl || pictureFailed) {
    // Only here: the first segmenter a page makes loads the browser's grapheme data, a long task
    // on a slow phone (Lighthouse measured the welcome page's news at 30-60 ms of script).
    const initials = initialsOf(inviter.name);
    if (initials === '') return placeholder();
    return (
      <span className="inviter-picture inviter-initials" role="img" aria-label={t('invitation.placeholderAlt')}>
        <span aria-hidden="true">{initials}</span>
      </span>
    );
  }
  return (
    <img
      ref={picture}
      className="inviter-picture"
      src={inviter.photoUrl}
      alt={t('invitation.pictureAlt', { name: inviter.name })}
      width={112}
      height={112}
      onError={() => setPictureFailed(true)}
    />
  );

  function placeholder() {
    return (
      <img
        className="inviter-picture"
        src={PLACEHOLDER_PICTURE}
        alt={t('invitation.placeholderAlt')}
        width={112}
        height={112}
      />
    );
  }
}
