import type { Migration } from './index.ts';

/**
 * The order in which an account's profiles were linked. Without a profile header a caller acts as
 * its first profile in the practice (access/principal.ts), and the session answer lists profiles
 * in this order (the web client opens the first); so a profile linked later, by an invite,
 * never becomes the acting one unless the user picks it. Rows linked before this migration keep
 * the order they are read in, profile type then id.
 */
export const membershipLinkOrder: Migration = {
  version: 7,
  name: 'the order profiles were linked in',
  async up(db) {
    await db.query(`
      CREATE SEQUENCE memberships_linked_order;
      ALTER TABLE memberships ADD COLUMN linked_order bigint;
      UPDATE memberships m SET linked_order = o.n
        FROM (SELECT account_id, practice_id, profile_type, profile_id,
                     row_number() OVER (ORDER BY account_id, practice_id, profile_type, profile_id) AS n
              FROM memberships) o
       WHERE (m.account_id, m.practice_id, m.profile_type, m.profile_id) = (o.account_id, o.practice_id, o.profile_type, o.profile_id);
      SELECT setval('memberships_linked_order', coalesce((SELECT max(linked_order) FROM memberships), 0) + 1, false);
      ALTER TABLE memberships ALTER COLUMN linked_order SET DEFAULT nextval('memberships_linked_order'),
                              ALTER COLUMN linked_order SET NOT NULL;
      ALTER SEQUENCE memberships_linked_order OWNED BY memberships.linked_order;
    `);
  },
};
