/**
 * The tab that asked for the link to finish a sign-up ("already registered", or an expired link's
 * "sign up again") stays open while she opens the mail; the link most often opens in the same
 * browser (Gmail's custom tab is Chrome's, Mail's link is Safari's). Where the link finished the
 * sign-up, it says so in the browser's local storage, and the asking tab, told at once (its
 * `storage` event) or when she comes back to it, moves on to her welcome page instead of offering
 * the link again. A browser apart from the link's knows nothing of it, and keeps the offer.
 */
import { useEffect } from 'react';
import type { FinishLinkTarget } from '../api/finish-sign-up';

const KEY = 'dayfocus:signUpFinishedElsewhere';
/** How long the news holds: the minutes between asking for the link and coming back to the tab. */
const NEWS_LIFE_MS = 30 * 60_000;

interface FinishedNews {
  inviterId: string;
  uid: string;
  email: string;
  welcome: string;
  at: number;
}

/** Where a sign-up of `inviterId`'s invitation was finished by its link: told to the browser's other tabs. */
export function announceFinished(news: Omit<FinishedNews, 'at'>): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ ...news, email: news.email.toLowerCase(), at: Date.now() }));
  } catch {
    // storage refused (a locked-down in-app browser): the asking tab keeps its offer, as before
  }
}

function readNews(): FinishedNews | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Partial<FinishedNews> | null;
    if (typeof value?.welcome !== 'string' || typeof value.at !== 'number') return null;
    if (Date.now() - value.at > NEWS_LIFE_MS) return null;
    // A path of this site only: the app navigates to it.
    if (!value.welcome.startsWith('/') || value.welcome.startsWith('//')) return null;
    return value as FinishedNews;
  } catch {
    return null;
  }
}

function concerns(news: FinishedNews, inviterId: string, target: FinishLinkTarget): boolean {
  if (news.inviterId !== inviterId) return false;
  return 'email' in target ? news.email === target.email.trim().toLowerCase() : news.uid === target.uid;
}

/** Calls `onFinished(welcome)` once the link asked for `target` has finished that sign-up in this browser. */
export function useFinishedElsewhere(
  inviterId: string | undefined,
  target: FinishLinkTarget,
  onFinished: (welcome: string) => void,
): void {
  const key = 'email' in target ? `email:${target.email}` : `uid:${target.uid}`;
  useEffect(() => {
    if (!inviterId) return undefined;
    const look = () => {
      const news = readNews();
      if (news && concerns(news, inviterId, target)) onFinished(news.welcome);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEY) look();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') look();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the target by its key
  }, [inviterId, key]);
}
