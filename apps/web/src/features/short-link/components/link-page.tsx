import type { LinkPageContent } from '@dayfocus/contracts/link-page';
import { useTranslation } from 'react-i18next';
import { InviterPicture } from '@/components/inviter-picture';
import { Page } from '@/components/page';

/**
 * Drawn by the server only (server/renderer.tsx), with no app script: ONE primary action for the
 * device, the app second for people who have it, the web last. The element ids are what the page's
 * script (../lib/open-app-script.ts) and the tests find.
 */
export function LinkPage({ content }: { content: LinkPageContent }) {
  return content.kind === 'invite' ? <InviteLink content={content} /> : <UnknownLink content={content} />;
}

function InviteLink({ content }: { content: Extract<LinkPageContent, { kind: 'invite' }> }) {
  const { t } = useTranslation();
  const { phone, inviter } = content;
  const lead = phone
    ? { ios: t('shortLink.leadIos'), android: t('shortLink.leadAndroid') }[phone]
    : t('shortLink.leadDesktop');
  return (
    <Page title={t('shortLink.title', { name: inviter.name })}>
      <div className="inviter link-inviter">
        <InviterPicture inviter={inviter} />
      </div>
      <p className="lead">{lead}</p>
      {!phone && (
        <img className="link-qr" src={content.qrCodePath} alt={t('shortLink.qrAlt')} width={192} height={192} />
      )}
      <div className="actions">
        {phone === 'ios' && (
          <a
            id="copy-invite"
            className="button button-primary"
            href={content.appStoreUrl}
            data-invite-link={content.shortLink}
          >
            {t('shortLink.copyInvite')}
          </a>
        )}
        {phone === 'android' && (
          <a id="get-app" className="button button-primary" href={content.playStoreUrl}>
            {t('shortLink.playStore')}
          </a>
        )}
        {phone && (
          <a id="open-app" className="button button-secondary" href={content.appUrl}>
            {t('shortLink.openApp')}
          </a>
        )}
        <a
          id="open-web"
          className={phone ? 'button button-link' : 'button button-secondary'}
          href={content.invitationUrl}
        >
          {t('shortLink.web')}
        </a>
      </div>
    </Page>
  );
}

function UnknownLink({ content }: { content: Extract<LinkPageContent, { kind: 'not-found' }> }) {
  const { t } = useTranslation();
  const { phone } = content;
  const store = (href: string, label: string, primary: boolean) => (
    <a className={primary ? 'button button-primary' : 'button button-secondary'} href={href} rel="noopener">
      {label}
    </a>
  );
  return (
    <Page title={t('shortLink.notFoundTitle')}>
      <p>{t('shortLink.notFoundBody')}</p>
      <p className="lead">{t('shortLink.notFoundAsk')}</p>
      <p className="hint">{t('shortLink.notFoundApp')}</p>
      <div className="actions">
        {phone !== 'android' && store(content.appStoreUrl, t('shortLink.appStore'), phone === 'ios')}
        {phone !== 'ios' && store(content.playStoreUrl, t('shortLink.playStore'), phone === 'android')}
      </div>
    </Page>
  );
}
