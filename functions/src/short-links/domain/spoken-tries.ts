/**
 * The bound on guessing a code she can say (docs/threat-model-service.md, row 79): a client may look
 * up SPOKEN_TRIES_PER_CLIENT spoken codes an hour in each instance of a callable that takes them.
 * A person types her friend's code once, or a few times when she mishears it.
 */
export const SPOKEN_TRIES_PER_CLIENT = 20;
export const SPOKEN_TRIES_WINDOW_SECONDS = 60 * 60;
