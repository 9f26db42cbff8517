import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivationAnswer, InviterCard } from '@dayfocus/contracts/answers';
import { CentredEnd } from '@/components/centred-end';
import { InviterPicture, PLACEHOLDER_PICTURE } from '@/components/inviter-picture';
import { WorkingLabel } from '@/components/working-label';

/** A name as one unbreakable piece: its spaces made non-breaking, so that no line ends inside it. */
export function unbroken(name: string): string {
  return name.trim().replace(/\s+/g, '\u00a0');
}

/**
 * The news only once activation has succeeded: while it runs (`pending`), the same place says
 * calmly "Activating your account…", in words alone. One live region in both states (it announces
 * the news), holding the news' height while it waits, so that nothing below moves when the answer
 * comes: where the inviter is known already (the sign-up's pages asked for her card), the news
 * itself, drawn unseen under the words, holds exactly its own height; otherwise the most the news
 * can take (`.greeting-news-held`). The picture is larger than the news, so that the page's largest
 * paint is the first one (LCP), not the news that comes later.
 */
export function FriendGreeting({
  inviter: known,
  pending,
  answer,
}: {
  inviter: InviterCard | null | undefined;
  pending: boolean;
  /**
   * Activation's answer: one that made no friend says why (her invitation closed when the address
   * was confirmed, or her link asks her first and the friendship waits for her to confirm it).
   */
  answer?: Pick<ActivationAnswer, 'invitationClosed' | 'joinRequested'> | undefined;
}) {
  const { t } = useTranslation();
  const closed = answer?.invitationClosed === true;
  const inviter = closed ? null : known;
  // A join she confirms herself is no friendship yet: the page greets with her picture all the same,
  // and says that she will confirm, never that they are friends.
  const requested = answer?.joinRequested === true;
  // Only a greeting that began pending without its inviter holds the most the news can take: one
  // drawn with its news has nothing to wait for, one that knows her holds the news' own height.
  const [held] = useState(pending && !inviter);
  const headline = closed ? (
    <p key="news" className="greeting-headline">
      {t('welcome.invitationClosed')}
    </p>
  ) : (
    inviter && (
      <p key="news" className="greeting-headline">
        {t(requested ? 'welcome.joinRequested' : 'welcome.friends', { name: unbroken(inviter.name) })}
      </p>
    )
  );
  const note = (
    <p className="greeting-note centred-together">
      <span className="greeting-congratulations">{t('welcome.congratulations')}</span>{' '}
      <span>{t('welcome.activated')}</span>
      {requested && <span> {t('welcome.joinRequestedNote')}</span>}
      <CentredEnd />
    </p>
  );
  return (
    <div className="greeting">
      {inviter ? (
        <InviterPicture inviter={inviter} />
      ) : (
        // The placeholder picture, painted with the page: the friend's, of the same size, then
        // takes its place without moving anything.
        <img className="inviter-picture" src={PLACEHOLDER_PICTURE} alt="" width={112} height={112} />
      )}
      <div className={held ? 'greeting-news greeting-news-held' : 'greeting-news'} role="status">
        {pending ? (
          <>
            {/* Keyed apart: a new element for the news (an element that moves is a layout shift).
                Words alone, no spinner: an endless animation while the page loads costs a slow
                phone a frame's work each time it turns (Lighthouse: TBT 767-894 ms with it, 263-430
                ms without, the same build otherwise, docs/benchmarks.md). */}
            <p key="progress" className={inviter ? 'greeting-progress greeting-progress-over' : 'greeting-progress'}>
              <WorkingLabel>{t('welcome.activating')}</WorkingLabel>
            </p>
            {inviter && (
              <div className="greeting-news-shape" aria-hidden="true">
                {headline}
                {note}
              </div>
            )}
          </>
        ) : (
          <>
            {headline}
            {note}
          </>
        )}
      </div>
    </div>
  );
}
