import { useTranslation } from 'react-i18next';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { InviterPicture, PLACEHOLDER_PICTURE } from '@/components/inviter-picture';

/**
 * "You and Asha are now friends", with her picture, once activation has made the friendship;
 * while it runs (`inviter` undefined), the same block says "Activating your account…" under the
 * placeholder picture. One element in both states, so that the page neither moves
 * nor paints its largest text anew when the answer comes.
 */
export function FriendGreeting({ inviter }: { inviter: InviterCard | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="inviter greeting">
      {inviter ? (
        <InviterPicture inviter={inviter} />
      ) : (
        // The placeholder picture, painted with the page: the friend's, of the same size, then
        // replaces it without moving anything or counting as the page's largest paint anew.
        <img className="inviter-picture" src={PLACEHOLDER_PICTURE} alt="" width={112} height={112} />
      )}
      <p className="inviter-name greeting-name">
        {inviter ? t('welcome.friends', { name: inviter.name }) : t('welcome.activating')}
      </p>
    </div>
  );
}
