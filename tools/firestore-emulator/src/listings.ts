/**
 * The listing RPCs: ListDocuments, ListCollectionIds (paged by the last item's key) and
 * PartitionQuery (no split points: one partition).
 */
import { readContext } from './consistency.js';
import { authorize, type Caller, type ServiceContext } from './context.js';
import { readParentName, toDocument } from './documents.js';
import { databaseRoot, segmentsOf } from './paths.js';
import type { Document, ReadConsistency } from './proto.js';

/** ListDocuments: a collection's documents by name, with `showMissing` the ones that only have subcollections. */
export function listDocuments(
  context: ServiceContext,
  request: {
    parent: string;
    collectionId: string;
    pageSize?: number;
    pageToken?: string;
    mask?: { fieldPaths?: string[] };
    showMissing?: boolean;
  } & ReadConsistency,
  caller: Caller,
) {
  const { database: name, path: parentPath } = readParentName(request.parent);
  const collection = parentPath === '' ? request.collectionId : `${parentPath}/${request.collectionId}`;
  authorize(context, name, caller, { method: 'list', path: collection });
  const database = context.state.database(name);
  const read = readContext(context, database, request);
  const root = databaseRoot(name);
  const documents: Document[] = [...database.documentsIn(collection, read.readTime)].map((document) =>
    toDocument(root, document, request.mask?.fieldPaths),
  );
  if (request.showMissing) {
    for (const path of database.missingDocumentsIn(collection, read.readTime))
      documents.push({ name: `${root}/${path}` });
  }
  documents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return page(documents, request.pageSize, request.pageToken, (document) => document.name, 'documents');
}

/** ListCollectionIds: the ids of the collections right below a document (or the root) that hold documents. */
export function listCollectionIds(
  context: ServiceContext,
  request: { parent: string; pageSize?: number; pageToken?: string } & ReadConsistency,
  caller: Caller,
) {
  const { database: name, path: parentPath } = readParentName(request.parent);
  authorize(context, name, caller, { method: 'list', path: parentPath });
  const database = context.state.database(name);
  const read = readContext(context, database, request);
  const depth = segmentsOf(parentPath).length;
  const prefix = parentPath === '' ? '' : `${parentPath}/`;
  const ids = new Set<string>();
  for (const path of database.collectionPaths()) {
    if (!path.startsWith(prefix)) continue;
    const id = segmentsOf(path)[depth] as string;
    if (ids.has(id)) continue;
    if (!database.documentsIn(path, read.readTime).next().done) ids.add(id);
  }
  const sorted = [...ids].sort();
  return page(sorted, request.pageSize, request.pageToken, (id) => id, 'collectionIds');
}

/** PartitionQuery: no split points, so the client reads the query as one partition. */
export function partitionQuery(request: { parent: string }): { partitions: never[] } {
  readParentName(request.parent);
  return { partitions: [] };
}

/** A page of sorted items after the token (the last item of the page before). */
function page<T, K extends string>(
  items: T[],
  pageSize: number | undefined,
  pageToken: string | undefined,
  keyOf: (item: T) => string,
  field: K,
) {
  let start = 0;
  if (pageToken) {
    const after = Buffer.from(pageToken, 'base64').toString('utf8');
    start = items.findIndex((item) => keyOf(item) > after);
    if (start < 0) start = items.length;
  }
  const size = pageSize && pageSize > 0 ? pageSize : items.length;
  const slice = items.slice(start, start + size);
  const more = start + size < items.length;
  const last = slice[slice.length - 1];
  return {
    [field]: slice,
    nextPageToken: more && last !== undefined ? Buffer.from(keyOf(last), 'utf8').toString('base64') : '',
  } as Record<K, T[]> & { nextPageToken: string };
}
