/** A Logger (flows/ports.ts) that keeps what it is told, for tests to read back. */
import type { Logger } from '../src/platform/flows/ports.js';

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: Record<string, unknown> | undefined;
}

export function memoryLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (message: string, fields?: Record<string, unknown>) => {
    entries.push({ level, message, fields });
  };
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}
