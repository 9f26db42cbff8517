import { configure } from '@testing-library/react';

// Pages against the local stack wait on real emulators: a function's call may start a worker (its
// first, or one beside a busy worker), which takes seconds, not the default one second of findBy*
// queries, and many while the functions' suite runs beside (npm test; Google's lane, with a worker
// per function). A bound, not an expected time: on 2026-12-02 a test of two sign-ups took 30.5 s in
// npm test, and in the lane a sign-up 19.5 s to its confirmation page, where a bound of 30 s stood.
configure({ asyncUtilTimeout: 60_000 });
