import type { FailedUpsert } from '../../../data/index.ts';

/** One item's refused edits: the last one made (holding all the user's values), and how many. */
export interface ItemFailures {
  latest: FailedUpsert;
  all: FailedUpsert[];
}

const order = (f: FailedUpsert) => f.seq ?? f.madeAt ?? f.lastAttempt;

/**
 * The refused edits grouped by item, newest refusal first. A refusal keeps a record of each edit
 * of the item (write-queue rules); a screen says so once per item, and the last edit made holds
 * every value the user gave it.
 */
export function groupByItem(failed: readonly FailedUpsert[]): ItemFailures[] {
  const byItem = new Map<string, FailedUpsert[]>();
  for (const f of failed) {
    const key = `${f.collection}/${f.id}`;
    const edits = byItem.get(key);
    if (edits) edits.push(f);
    else byItem.set(key, [f]);
  }
  return [...byItem.values()]
    .map((all) => {
      const sorted = all.sort((a, b) => order(a) - order(b));
      return { latest: sorted[sorted.length - 1]!, all: sorted };
    })
    .sort((a, b) => b.latest.lastAttempt - a.latest.lastAttempt);
}
