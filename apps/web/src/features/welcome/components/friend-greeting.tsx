import { useTranslation } from 'react-i18next';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { InviterPicture } from '@/components/inviter-picture';

/** "You and Asha are now friends", with her picture, once activation has made the friendship. */
export function FriendGreeting({ inviter }: { inviter: InviterCard }) {
  const { t } = useTranslation();
  return (
    <div className="inviter">
      <InviterPicture inviter={inviter} />
      <p className="inviter-name">{t('welcome.friends', { name: inviter.name })}</p>
    </div>
  );
}
