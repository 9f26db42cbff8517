import { configure } from '@testing-library/react';

// Pages against the local stack wait on real emulators: a function's first call starts its
// worker, which takes seconds, not the default one second of findBy* queries.
configure({ asyncUtilTimeout: 20_000 });
