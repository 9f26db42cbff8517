/**
 * The numbers of production Firestore's limits, and the table of them the README shows: each
 * limit's value, status, message, which check enforces it, and how the message is known.
 *
 * Where the messages come from: most were observed on the official Cloud Firestore emulator
 * (Google's, which shares production's request validation), and several of those were also
 * seen in reports of production errors. The `LIMITS` table below says, for each limit, how sure
 * its message is; the few that are only documented limits carry messages of our own.
 */
/** The numbers of the limits, in one place. */
export const MAX = {
  documentBytes: 1_048_576,
  /** A string or bytes value: 1 MiB - 89 bytes. */
  valueBytes: 1_048_487,
  idBytes: 1500,
  fieldNameBytes: 1500,
  fieldPathBytes: 1500,
  /** Nesting of maps and arrays inside one field (the field's own value counts as 1). */
  valueDepth: 20,
  /** Collection/document pairs in a document's path. */
  pathPairs: 100,
  documentNameBytes: 6 * 1024,
  requestBytes: 10 * 1024 * 1024,
  transformsPerDocument: 500,
  inValues: 30,
  arrayContainsAnyValues: 30,
  notInValues: 10,
  disjunctions: 30,
  inequalityFields: 10,
  transactionMillis: 270_000,
  transactionIdleMillis: 60_000,
  /** Not an error: queries compare only this many leading bytes of a string or bytes value. */
  indexedValueBytes: 1500,
} as const;

/** One row of the table of limits the README shows. */
export interface Limit {
  name: string;
  value: string;
  /** The gRPC status name, or `none` where production truncates instead of refusing. */
  code: 'INVALID_ARGUMENT' | 'none';
  /** The message, `{…}` standing for the parts that vary. */
  message: string;
  where: string;
  /** How the message is known: seen on the official emulator, also in production reports, or ours. */
  source: 'official emulator' | 'official emulator + production reports' | 'production reports' | 'ours (unsure)';
}

export const LIMITS: readonly Limit[] = [
  {
    name: 'Document size',
    value: '1 MiB (1,048,576 bytes), by the storage size rules',
    code: 'INVALID_ARGUMENT',
    message:
      "Document '{name}' cannot be written because its size ({size} bytes) exceeds the maximum allowed size of 1,048,576 bytes.",
    where: 'checkDocument / checkDocumentSize (the document as stored, after transforms)',
    source: 'production reports',
  },
  {
    name: 'String or bytes value',
    value: '1 MiB - 89 bytes (1,048,487 bytes of UTF-8 / bytes)',
    code: 'INVALID_ARGUMENT',
    message: 'The value of property "{field}" is longer than 1048487 bytes.',
    where: 'checkWrite / checkDocument (a field, or an array in it; inside a map: the nested-entity message)',
    source: 'official emulator + production reports',
  },
  {
    name: 'Depth of maps and arrays in a field',
    value: '20',
    code: 'INVALID_ARGUMENT',
    message: 'Property {field} contains an invalid nested entity.',
    where: 'checkWrite / checkDocument; also for a nested field name that is empty or makes a path over 1,500 bytes',
    source: 'official emulator + production reports',
  },
  {
    name: 'Array directly in an array',
    value: 'not allowed',
    code: 'INVALID_ARGUMENT',
    message: 'Cannot convert an array value in an array value.',
    where: 'checkWrite / checkDocument',
    source: 'official emulator',
  },
  {
    name: 'Vector value',
    value: '{__type__: "__vector__", value: [doubles]} and nothing else',
    code: 'INVALID_ARGUMENT',
    message:
      "Vector map is missing key 'value'. / Vector Value map has extraneous entries. / Vector must only contain values of type 'double'",
    where: 'checkWrite / checkDocument',
    source: 'official emulator',
  },
  {
    name: 'Field name',
    value: '1 to 1,500 bytes; not __.+__',
    code: 'INVALID_ARGUMENT',
    message:
      "The property.name is longer than 1500 bytes. / The property.name is the empty string. / field name {name} is reserved (nested: field name '{name}' is reserved.)",
    where: 'checkWrite / checkDocument',
    source: 'official emulator',
  },
  {
    name: 'Field path (masks, transforms, queries)',
    value: '1,500 bytes; valid syntax; no reserved segment',
    code: 'INVALID_ARGUMENT',
    message:
      'property path is longer than 1500 bytes. / Invalid property path "{path}". Unquoted property paths must match regex … / Invalid reserved name in field path {segment}',
    where: 'checkFieldPath (checkWrite: update mask and transforms; checkQuery: filters, orders, projection)',
    source: 'official emulator',
  },
  {
    name: 'Document and collection ids',
    value: '1,500 bytes; not empty, ".", "..", __.+__ (document ids __id<n>__ allowed); no "/"',
    code: 'INVALID_ARGUMENT',
    message:
      'The key path element name|kind is longer than 1500 bytes. / Document name "{name}" contains a resource|collection id "." at index {i}. / Document name "{name}" lacks a resource|collection id at index {i}. / Resource|Collection id "{id}" is invalid because it is reserved. / … because it contains "/".',
    where:
      'checkDocumentName (on writes, and on the names reads give, as the official emulator: readParentName, readDocumentName), checkDocumentId, checkCollectionId',
    source: 'official emulator + production reports',
  },
  {
    name: 'Document name',
    value: 'an even number of segments',
    code: 'INVALID_ARGUMENT',
    message: 'Document name "{name}" lacks "/" at index {length}.',
    where: 'checkDocumentName',
    source: 'official emulator',
  },
  {
    name: 'Depth of subcollections',
    value: '100 collection/document pairs',
    code: 'INVALID_ARGUMENT',
    message: 'Key path is too long. Cannot exceed 100 elements.',
    where: 'checkDocumentName',
    source: 'official emulator',
  },
  {
    name: 'Document name size',
    value: '6 KiB (name storage size)',
    code: 'INVALID_ARGUMENT',
    message: 'Document name "{name}" is longer than 6144 bytes.',
    where: 'checkDocumentName (the official emulator does not enforce it)',
    source: 'ours (unsure)',
  },
  {
    name: 'Timestamp range',
    value: '0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z; nanos 0..999,999,999',
    code: 'INVALID_ARGUMENT',
    message: 'Timestamp seconds exceeds limit for field. / Timestamp nanos exceeds limit for field.',
    where: 'checkWrite / checkDocument / checkQuery (values); stored values keep microseconds: truncateTimestamp',
    source: 'official emulator',
  },
  {
    name: 'Timestamps a request names (preconditions, read times)',
    value: 'microsecond precision',
    code: 'INVALID_ARGUMENT',
    message: 'timestamp cannot have more than microseconds precision',
    where: 'checkWrite (update_time precondition), checkMicrosecondPrecision (read_time)',
    source: 'official emulator',
  },
  {
    name: 'Geo point',
    value: 'latitude -90..90, longitude -180..180',
    code: 'INVALID_ARGUMENT',
    message: "Geo point latitude '{lat}' outside permitted range -90.0 to 90.0.",
    where: 'checkWrite / checkDocument / checkQuery (values)',
    source: 'official emulator',
  },
  {
    name: 'Field transforms on one document in a commit',
    value: '500',
    code: 'INVALID_ARGUMENT',
    message: "Document '{name}' cannot be modified by more than 500 field transforms in one commit.",
    where: 'checkCommit (the official emulator does not enforce it)',
    source: 'ours (unsure)',
  },
  {
    name: 'API request size',
    value: '10 MiB',
    code: 'INVALID_ARGUMENT',
    message: 'Request payload size exceeds the limit: 10485760 bytes.',
    where: 'checkRequestSize (the gRPC server must accept messages over 4 MiB for it to matter)',
    source: 'ours (unsure)',
  },
  {
    name: 'Transaction time',
    value: '270 s, 60 s idle',
    code: 'INVALID_ARGUMENT',
    message: 'The referenced transaction has expired or is no longer valid.',
    where: 'checkTransactionAlive (the Node client retries on this exact message)',
    source: 'production reports',
  },
  {
    name: 'IN / ARRAY_CONTAINS_ANY / NOT_IN values',
    value: '30 / 30 / 10; a non-empty array',
    code: 'INVALID_ARGUMENT',
    message:
      "'{op}' supports up to {n} comparison values. / '{op}' requires an non-empty ArrayValue. / '{op}' requires an ArrayValue.",
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'Disjunctions (OR, IN, ARRAY_CONTAINS_ANY in normal form)',
    value: '30',
    code: 'INVALID_ARGUMENT',
    message:
      'Too many disjunctions after normalization. Result had {n} disjunctions which is more than the maximum of 30',
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'ARRAY_CONTAINS / ARRAY_CONTAINS_ANY per disjunction',
    value: '1',
    code: 'INVALID_ARGUMENT',
    message: "A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.",
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'NOT_EQUAL / NOT_IN / IS_NOT_NAN / IS_NOT_NULL per query',
    value: '1',
    code: 'INVALID_ARGUMENT',
    message: "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'NOT_IN with IN, ARRAY_CONTAINS_ANY or OR',
    value: 'not allowed',
    code: 'INVALID_ARGUMENT',
    message: "'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.",
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'Inequality fields per query',
    value: '10',
    code: 'INVALID_ARGUMENT',
    message:
      'The query contains {n} distinct inequality fields: [{fields}]. A query may not have more than 10 distinct inequality fields.',
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'Query shape',
    value: 'one collection; order by: no duplicate, nothing after the name; cursor ≤ order by; limit, offset ≥ 0',
    code: 'INVALID_ARGUMENT',
    message:
      'StructuredQuery.from cannot have more than one collection selector. / order by clause cannot contain duplicate fields {f} / order by clause cannot contain more fields after the key / Cursor has too many values. / limit is negative / offset is negative / Composite filter must have at least one sub-filter.',
    where: 'checkQuery',
    source: 'official emulator',
  },
  {
    name: 'Indexed part of a string or bytes value',
    value: '1,500 bytes',
    code: 'none',
    message: '(no error: production compares only the first 1,500 bytes in queries)',
    where: 'not reproduced: the emulator compares whole values (a known gap)',
    source: 'official emulator',
  },
];
