/** Firestore document ids: no slash, not "." or "..", not __reserved__, at most 1500 bytes. */
export function isUsableId(id: string): boolean {
  return (
    id.length > 0 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id) &&
    Buffer.byteLength(id, 'utf8') <= 1500
  );
}
