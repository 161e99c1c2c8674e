/**
 * Surfaces an error no caller is waiting for (a background read that failed for a reason other
 * than the server or the network: a bug) as an uncaught error, where the console and error
 * reporting see it, instead of swallowing it.
 */
export function reportLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}
