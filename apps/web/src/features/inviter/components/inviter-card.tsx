import { useTranslation } from 'react-i18next';
import { CentredEnd } from '@/components/centred-end';
import { InviterPicture } from '@/components/inviter-picture';
import type { InviterCard as Card } from '@dayfocus/contracts/answers';

export function InviterCard({ inviter }: { inviter: Card }) {
  const { t } = useTranslation();
  return (
    <div className="inviter">
      <InviterPicture inviter={inviter} />
      <p className="lead centred-together">
        <NameInSentence sentence={(name) => t('invitation.needsHelp', { name })} name={inviter.name} />
        <CentredEnd />
      </p>
      <p className="about">{t('product.about')}</p>
      {/* "Sign up here" only while her invitation takes friends. */}
      {/* "Sign up here": not on a page that takes nobody (closed, or a link she replaced). */}
      {!inviter.invitationClosed && !inviter.invitationReplaced && (
        <p className="next">{t('invitation.next', { name: inviter.name })}</p>
      )}
    </div>
  );
}

/** Marks where the name goes, so that the translated sentence can be split around it. */
const NAME_MARK = '\u0000';

/**
 * A translated sentence with the name in bold where the language puts it (before the verb in
 * English, with a postposition in Hindi), kept on one line (`.name`). Each piece is an element, so
 * that a centred sentence can hold all of them back until it has arrived whole (`CentredEnd`).
 */
function NameInSentence({ sentence, name }: { sentence: (name: string) => string; name: string }) {
  const [before = '', ...rest] = sentence(NAME_MARK).split(NAME_MARK);
  const after = rest.join(name);
  return (
    <>
      {before && <span>{before}</span>}
      <strong className="name">{name}</strong>
      {after && <span>{after}</span>}
    </>
  );
}

/** The picture's place while the inviter loads, so nothing jumps when it arrives. */
export function InviterCardSkeleton() {
  return (
    <div className="inviter" aria-hidden="true">
      <div className="inviter-picture skeleton" />
      <p className="lead skeleton skeleton-text" />
      <p className="about skeleton skeleton-text" />
    </div>
  );
}
