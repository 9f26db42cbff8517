import { randomUUID } from 'node:crypto';

/** An id no other test or run uses: `{prefix}-{16 hex digits}`. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}
