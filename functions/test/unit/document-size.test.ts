import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { documentNameSize, firestoreValueSize } from '../../src/platform/domain/document-size.js';
import { firestoreDocumentSize } from '../document-size.js';

describe("Firestore's storage size", () => {
  it("matches the worked example of Firestore's documentation", () => {
    expect(documentNameSize('users/jeff/tasks/my_task_id')).toBe(44);
    const task = { type: 'Personal', done: false, priority: 1, description: 'Learn Cloud Firestore' };
    expect(firestoreDocumentSize('users/jeff/tasks/my_task_id', task)).toBe(147);
  });

  it('counts strings in UTF-8 bytes, characters outside the BMP as four', () => {
    expect(firestoreValueSize('आशा')).toBe(10);
    expect(firestoreValueSize('😀')).toBe(5);
  });

  it('sizes nulls, timestamps, arrays and nested maps', () => {
    expect(firestoreValueSize(null)).toBe(1);
    expect(firestoreValueSize(Timestamp.now())).toBe(8);
    expect(firestoreValueSize(new Date())).toBe(8);
    expect(firestoreValueSize(['a', 1, true])).toBe(2 + 8 + 1);
    expect(firestoreValueSize({ a: { b: 'c' } })).toBe(2 + 2 + 2);
    expect(firestoreValueSize({ skipped: undefined })).toBe(0);
  });
});
