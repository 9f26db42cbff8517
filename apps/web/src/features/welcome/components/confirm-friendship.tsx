import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { InviterPicture } from '@/components/inviter-picture';
import { holdGreetingHeight, unbroken } from './friend-greeting';

/**
 * The e-mail link's one step left, drawn by the server before any script runs: "Confirm and
 * become friends with Asha", a form the server answers. It posts to the page's own address, the
 * link with its code, which is the proof (functions/src/pages/flows/welcome-page-flow.ts); the
 * link's GET applied nothing. In the greeting's place, the friend's picture above the words, so
 * that the news takes its place without moving what is below: the height its words and button
 * take here (three lines of Tamil on a phone, where English takes two) is held by the greeting that
 * follows it.
 */
export function ConfirmFriendship({ inviter }: { inviter: InviterCard }) {
  const { t } = useTranslation();
  const news = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (news.current) holdGreetingHeight(news.current.getBoundingClientRect().height);
  }, []);
  return (
    <form id="welcome-confirm" className="greeting welcome-confirm" method="post">
      <InviterPicture inviter={inviter} />
      <div className="greeting-news" ref={news}>
        <p className="greeting-progress">{t('welcome.confirmLead')}</p>
        <button type="submit" className="button button-primary">
          {t('welcome.confirm', { name: unbroken(inviter.name) })}
        </button>
      </div>
    </form>
  );
}
