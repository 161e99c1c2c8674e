import type { Principal } from '../access/principal.ts';
import type { RequestDatabase } from '../db/database.ts';

/** What a user-administration step needs: the request's database, the caller, and where it came from. */
export interface AdminContext {
  db: RequestDatabase;
  principal: Principal;
  clock: () => Date;
  requestId: string;
  address: string;
}
