/**
 * The port every slice's flows share: logs. Each slice's own ports are in its flows/ports.ts;
 * composition/wiring.ts is the only place that builds the real ones, and the flows' unit tests
 * hand in memory ones (test/in-memory.ts).
 */

/** Structured logs (Cloud Logging in production). */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
