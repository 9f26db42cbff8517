/**
 * Resource names and field paths. A document is kept under its path relative to the
 * database's `documents` root ("Users/abc", "Users/abc/history/x"); the API speaks in full
 * names ("projects/p/databases/(default)/documents/Users/abc").
 */
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';

export interface DatabaseName {
  projectId: string;
  databaseId: string;
}

const DATABASE = /^projects\/([^/]+)\/databases\/([^/]+)$/;

/** `projects/{p}/databases/{d}` → its parts; INVALID_ARGUMENT otherwise. */
export function parseDatabaseName(name: string): DatabaseName {
  const match = DATABASE.exec(name);
  if (!match) throw new FirestoreError(status.INVALID_ARGUMENT, `Invalid database name: ${name}`);
  return { projectId: match[1] as string, databaseId: match[2] as string };
}

export function databaseRoot(database: DatabaseName): string {
  return `projects/${database.projectId}/databases/${database.databaseId}/documents`;
}

/**
 * A name under a database's documents root → the database and the relative path ("" for the
 * root itself, as a query's parent may be).
 */
export function parseResourceName(name: string): { database: DatabaseName; path: string } {
  const parts = name.split('/');
  if (parts.length < 5 || parts[0] !== 'projects' || parts[2] !== 'databases' || parts[4] !== 'documents') {
    throw new FirestoreError(status.INVALID_ARGUMENT, `Invalid resource name: ${name}`);
  }
  const database = { projectId: parts[1] as string, databaseId: parts[3] as string };
  const segments = parts.slice(5);
  if (segments.some((segment) => segment === '')) {
    throw new FirestoreError(status.INVALID_ARGUMENT, `Invalid resource name: ${name}`);
  }
  return { database, path: segments.join('/') };
}

/** A document's relative path from its full name: an even, non-zero number of segments. */
export function parseDocumentName(name: string): { database: DatabaseName; path: string } {
  const parsed = parseResourceName(name);
  const count = segmentsOf(parsed.path).length;
  if (count === 0 || count % 2 !== 0) {
    throw new FirestoreError(status.INVALID_ARGUMENT, `Document name "${name}" has odd number of segments`);
  }
  return parsed;
}

export function segmentsOf(path: string): string[] {
  return path === '' ? [] : path.split('/');
}

/** "Users/abc/history/x" → "Users/abc/history" */
export function parentCollection(documentPath: string): string {
  return documentPath.slice(0, documentPath.lastIndexOf('/'));
}

/** The last segment: a document's id, or a collection's. */
export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

// --- Field paths -----------------------------------------------------------------------

const SIMPLE_NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

/**
 * A field path as the API writes it ("a.b", "`x.y`.z", "`a\\`b`") → its segments. Backquoted
 * segments may hold any character; a backslash escapes the next one.
 */
export function parseFieldPath(path: string): string[] {
  const segments: string[] = [];
  let i = 0;
  while (i <= path.length) {
    let segment = '';
    if (path[i] === '`') {
      i++;
      while (i < path.length && path[i] !== '`') {
        if (path[i] === '\\') i++;
        segment += path[i] ?? '';
        i++;
      }
      if (path[i] !== '`') throw invalidFieldPath(path);
      i++;
    } else {
      while (i < path.length && path[i] !== '.') segment += path[i++];
    }
    if (segment === '') throw invalidFieldPath(path);
    segments.push(segment);
    if (i === path.length) break;
    if (path[i] !== '.') throw invalidFieldPath(path);
    i++;
    if (i === path.length) throw invalidFieldPath(path);
  }
  return segments;
}

/** Segments → the canonical field path string, quoting names that are not simple. */
export function formatFieldPath(segments: readonly string[]): string {
  return segments
    .map((segment) =>
      SIMPLE_NAME.test(segment) ? segment : `\`${segment.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``,
    )
    .join('.');
}

function invalidFieldPath(path: string): FirestoreError {
  return new FirestoreError(status.INVALID_ARGUMENT, `Invalid field path: ${path}`);
}

/** The special field path of a document's name, usable in filters, orders and cursors. */
export const NAME_FIELD = '__name__';
