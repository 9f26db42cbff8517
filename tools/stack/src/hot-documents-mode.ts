/**
 * The stack's hot-document mode: production's per-document write limit in our Firestore emulator
 * (tools/firestore-emulator, "Hot documents"), asked for with `FIRESTORE_HOT_DOCUMENTS` at the
 * stack's start, or switched while it runs (`PUT /emulator/v1/hotDocuments`, which
 * tools/stack/hot-documents.ts does around a command).
 */
import { describeHotDocuments, parseHotDocuments, type HotDocumentsOptions } from '@dayfocus/firestore-emulator';
import { emulatorJson, urls } from './config.js';

/** The model `FIRESTORE_HOT_DOCUMENTS` asks for (off when unset). */
export const askedHotDocuments = (): HotDocumentsOptions | false =>
  parseHotDocuments(process.env.FIRESTORE_HOT_DOCUMENTS);

/** The model asked for, in `describeHotDocuments`'s words. */
export const askedHotDocumentsDescribed = (): string => describeHotDocuments(askedHotDocuments());

/** The running emulator's model now, in the same words; undefined where it cannot say (not ours, not up). */
export async function runningHotDocuments(): Promise<string | undefined> {
  const body = (await emulatorJson(`${urls.firestore}/emulator/v1/hotDocuments`)) as
    { hotDocuments?: string } | undefined;
  return body?.hotDocuments;
}

/**
 * Why a running stack whose identity says `started` (its model at its start) cannot serve what
 * `FIRESTORE_HOT_DOCUMENTS` asks for now, or null when it can.
 */
export async function hotDocumentsMismatch(started: string | undefined): Promise<string | null> {
  const theirs = (await runningHotDocuments()) ?? started ?? describeHotDocuments(false);
  const ours = askedHotDocumentsDescribed();
  if (theirs === ours) return null;
  return (
    `The running stack has ${theirs}, not ${ours} (FIRESTORE_HOT_DOCUMENTS): stop it first, ` +
    'or switch it for a command with tools/stack/hot-documents.ts.'
  );
}

/** Switches the running emulator's model (`production`, `off`, `perSecond,burst,maxWaitMs`); answers it described. */
export async function switchHotDocuments(model: string): Promise<string> {
  const response = await fetch(`${urls.firestore}/emulator/v1/hotDocuments`, {
    method: 'PUT',
    body: JSON.stringify({ model }),
  });
  if (!response.ok) {
    throw new Error(
      `The stack's Firestore (${urls.firestore}) did not switch its hot-document model to "${model}" ` +
        `(${response.status} ${await response.text()}): it needs our emulator, and a running stack (npm run dev).`,
    );
  }
  return ((await response.json()) as { hotDocuments: string }).hotDocuments;
}
