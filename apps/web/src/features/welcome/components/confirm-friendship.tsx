import { useTranslation } from 'react-i18next';
import type { InviterCard } from '@dayfocus/contracts/answers';
import { InviterPicture } from '@/components/inviter-picture';
import { unbroken } from './friend-greeting';

/**
 * The e-mail link's one step left, drawn by the server before any script runs. The form posts to
 * the page's own address, the link with its code, which is the proof
 * (functions/src/pages/flows/welcome-page-flow.ts); the link's GET applied nothing. Once the app has
 * loaded, `onConfirm` (its activation, in place) takes the tap instead.
 */
export function ConfirmFriendship({
  inviter,
  onConfirm,
}: {
  inviter: InviterCard;
  onConfirm?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <form
      id="welcome-confirm"
      className="greeting welcome-confirm"
      method="post"
      onSubmit={(event) => {
        if (!onConfirm) return;
        event.preventDefault();
        onConfirm();
      }}
    >
      <InviterPicture inviter={inviter} />
      <div className="greeting-news">
        <p className="greeting-progress">{t('welcome.confirmLead')}</p>
        <button type="submit" className="button button-primary">
          {t('welcome.confirm', { name: unbroken(inviter.name) })}
        </button>
      </div>
    </form>
  );
}
