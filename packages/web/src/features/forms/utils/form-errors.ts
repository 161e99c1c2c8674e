/** A react-hook-form error (or a nested one, for grids and composite answers) as one message. */
export function errorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type') continue;
    const nested = errorMessage(value);
    if (nested) return nested;
  }
  return undefined;
}
