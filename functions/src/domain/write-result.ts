/**
 * Results of document writes, as the product has always reported them (spec sections 7, 8).
 */
export interface WriteResult {
  status: 200 | 400;
  message: string;
}

export const writeSucceeded: WriteResult = { status: 200, message: 'Document successfully written!' };
export const documentIdMissing: WriteResult = { status: 400, message: 'document id is missing' };

export function writeFailed(error: unknown): WriteResult {
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 400, message: `Error while setting document : ${detail}` };
}
