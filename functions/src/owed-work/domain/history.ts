/** The inviter's history list, capped to fit its document. */
import { collections, type HistoryEntry } from '@dayfocus/contracts/records';
import { documentNameSize, firestoreValueSize, MAX_DOCUMENT_BYTES } from '../../platform/domain/document-size.js';

/**
 * When the history document has no room for another entry, the oldest entries are dropped
 * until the document is at most this size: well under Firestore's 1 MiB, so that a trim is
 * rare (a few hundred joins apart) and the app never reads a document at the very limit.
 */
export const HISTORY_TRIM_TO_BYTES = 768 * 1024;

/** The whole document, its other fields included, is measured by Firestore's size rules. The newest entry is always kept. */
export function appendCapped(
  inviterId: string,
  document: Record<string, unknown> | undefined,
  entries: readonly HistoryEntry[],
  maxBytes: number = HISTORY_TRIM_TO_BYTES,
): { history: unknown[]; dropped: number } {
  const current = Array.isArray(document?.history) ? (document.history as unknown[]) : [];
  const history = [...current, ...entries];
  const { history: _list, ...others } = document ?? {};
  const fixed =
    documentNameSize(`${collections.notificationHistory}/${inviterId}`) +
    32 +
    firestoreValueSize(others) +
    firestoreValueSize('history');
  const sizes = history.map((item) => firestoreValueSize(item));
  let total = fixed + sizes.reduce((sum, size) => sum + size, 0);
  let dropped = 0;
  while (total > Math.min(maxBytes, MAX_DOCUMENT_BYTES) && dropped < history.length - 1) {
    total -= sizes[dropped] ?? 0;
    dropped++;
  }
  return { history: history.slice(dropped), dropped };
}
