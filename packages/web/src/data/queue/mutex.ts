/**
 * Runs async sections one at a time, in call order. The queue's bookkeeping after an answer, a
 * new local edit and a server copy arriving from a read each read the queue and then write the
 * store; run together they could interleave and, say, mark an item clean that has just been
 * edited. Network calls stay outside, so a slow server never holds up typing.
 */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(section: () => Promise<T>): Promise<T> {
    const result = this.tail.then(section, section);
    // The next section waits for this one whether it succeeds or fails.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
