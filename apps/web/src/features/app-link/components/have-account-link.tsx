import { useTranslation } from 'react-i18next';
import { ActionLink } from '@/components/action-link';
import { href } from '@dayfocus/contracts/page-paths';
import { INVITE_LINK_PARAM } from '@dayfocus/contracts/invite-links';

/**
 * A plain link: the server finds (or makes) the inviter's short link and redirects to it, which
 * takes a phone to the app (or its store page) with the inviter in it. No script, so it works
 * without JavaScript and costs the page no Firebase SDK. `nofollow`: crawlers need not make links.
 */
export function HaveAccountLink({
  inviterId,
  link,
  disabled,
  variant = 'secondary',
}: {
  inviterId: string | undefined;
  /** The link whose page this is, when it came through one: the server hands out that link. */
  link?: string | undefined;
  disabled: boolean;
  variant?: 'secondary' | 'link';
}) {
  const { t } = useTranslation();
  return (
    <ActionLink
      href={inviterId ? `${href('app-link', { inviterId })}${link ? `?${INVITE_LINK_PARAM}=${link}` : ''}` : undefined}
      disabled={disabled}
      rel="nofollow"
      className={variant === 'link' ? 'button button-link' : 'button button-secondary'}
    >
      {t('invitation.haveAccount')}
    </ActionLink>
  );
}
