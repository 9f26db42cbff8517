/**
 * Stands in for a package that the suite's helpers import but that no system test calls (through2,
 * for the unit tests' stream mocks). Anything taken from it is undefined.
 */
export {};
