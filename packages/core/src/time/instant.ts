/**
 * An instant as the API writes it: UTC, to the second (`2026-11-28T14:05:00Z`), the form every
 * server-set time and every instant the client sends takes. `toISOString` alone adds milliseconds.
 */
export const isoInstant = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
