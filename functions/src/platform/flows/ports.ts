/**
 * The port every slice's flows share. Each slice's own are in its flows/ports.ts: the composition
 * root builds the real ones, the unit tests memory ones (test/in-memory.ts).
 */

/** Structured logs (Cloud Logging in production). */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
