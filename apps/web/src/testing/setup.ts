import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A findBy* query's bound, not its expected time: the unit tests share two processors with the
// stack's lanes in npm test, and a render starved for a second failed two page tests at the
// default bound of one second (a fresh-clone run, 2ece7bf).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
