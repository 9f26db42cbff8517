import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { inviteCopyWithHandoff } from '@dayfocus/contracts/sign-in-handoff';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '@/config/runtime-config';
import { CentredEnd } from '@/components/centred-end';
import { mintSignInHandoff } from '../api/sign-in-handoff';
import { COPY_TAKEN_ATTRIBUTE, COPY_TEXT_ATTRIBUTE, COPY_THEN_ATTRIBUTE } from '../lib/copy-invite-tap';
import { storeMark } from './store-badges';

/**
 * Writes `text` to the clipboard once it is known. Safari lets a tap write later only through a
 * ClipboardItem holding a promise (the tap's own call); elsewhere the text is written when known.
 */
async function copyWhenKnown(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem === 'function' && typeof navigator.clipboard.write === 'function') {
    try {
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // A browser that takes no promise in a ClipboardItem: the text itself, below.
    }
  }
  await navigator.clipboard.writeText(await text);
}

/**
 * An iPhone's way to the app with the invite (docs/app-contract.md): the short link to the
 * clipboard, where the app looks for it on its first start, then the App Store. For the account
 * signed in on this tab, the copy also carries a sign-in handoff in its fragment, which no server
 * sees. The button carries its copy when the page knows it (the server's confirmed page: the
 * invite and the code its confirmation minted), so that a tap before the app acts too
 * (copy-invite-tap.ts); once the app has the button, the tap is the app's.
 */
export function CopyInviteButton({
  inviteLink,
  signIn,
  lesser = false,
}: {
  inviteLink: string | null;
  /** Activation's sign-in code, when it answered one for this phone. */
  signIn?: ActivationAnswer['signIn'];
  /** Second to the page's own action, as StoreBadge's. */
  lesser?: boolean;
}) {
  const { t } = useTranslation();
  const { appStoreUrl } = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // In the commit that gives the button its handler: no tap falls between the two.
  useLayoutEffect(() => button.current?.setAttribute(COPY_TAKEN_ATTRIBUTE, ''), []);
  const code = signIn?.platform === 'ios' ? signIn.code : undefined;
  const copyText = inviteLink && (code ? inviteCopyWithHandoff(inviteLink, code) : inviteLink);

  async function copyInviteAndGetApp() {
    if (busy) return;
    setBusy(true);
    try {
      if (inviteLink) {
        const handoff = mintSignInHandoff('ios');
        await copyWhenKnown(handoff.then((code) => (code ? inviteCopyWithHandoff(inviteLink, code) : inviteLink)));
      }
    } catch (error) {
      // Without the clipboard the app store still opens; the app then simply has no invite to read.
      // eslint-disable-next-line no-console
      console.warn('The invite could not be copied', error);
    }
    window.location.assign(appStoreUrl);
    setBusy(false);
  }

  return (
    <button
      ref={button}
      type="button"
      className={`store-badge store-badge-action centred-together${lesser ? ' store-badge-lesser' : ''}`}
      data-store="app-store"
      {...(copyText ? { [COPY_TEXT_ATTRIBUTE]: copyText, [COPY_THEN_ATTRIBUTE]: appStoreUrl } : {})}
      disabled={!inviteLink}
      aria-busy={busy}
      onClick={() => void copyInviteAndGetApp()}
    >
      {storeMark('app-store')}
      <span className="store-badge-name">{t('welcome.copyInvite')}</span>
      <CentredEnd />
      {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
    </button>
  );
}
