import { PACKET_DEFAULTS, isPacketExpired, isPacketOpen, type Packet, type PacketResponse, isoInstant } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { mailPacket, packetLink, practiceToday } from './packet-mail.ts';
import { PACKET, PACKET_RESPONSE } from './packet-workflow.ts';

export interface ReminderDeps {
  mailer: Mailer;
  publicUrl: () => string;
  clock: () => Date;
}

const dayBefore = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * E-mails one reminder for each open, unexpired packet response of a practice whose due date is
 * within its packet's `remindDaysBefore` days (today on the practice's calendar), and records
 * `remindedAt` so it is never sent twice. Each is locked and re-checked in its own transaction,
 * so two servers sweeping at once send it once; the e-mail is handed over before the commit, so a
 * failed send leaves it to the next sweep (a reminder may repeat, never vanish).
 */
export async function remindDuePackets(repo: ResourceRepository, practiceId: string, deps: ReminderDeps): Promise<number> {
  const now = deps.clock();
  const { timeZone, today } = await practiceToday(repo.queryable, practiceId, now);
  const due = (r: PacketResponse, packet: Packet | undefined) =>
    isPacketOpen(r) &&
    !isPacketExpired(r, now) &&
    !r.remindedAt &&
    typeof r.sentTo === 'string' &&
    today <= r.dueDate &&
    today >= dayBefore(r.dueDate, packet?.remindDaysBefore ?? PACKET_DEFAULTS.remindDaysBefore);
  let reminded = 0;
  for (const candidate of await repo.system.list<PacketResponse>(PACKET_RESPONSE)) {
    if (!isPacketOpen(candidate) || candidate.remindedAt) continue;
    const sent = await repo.inTransaction(async (tx) => {
      const [row] = await tx.system.rows(PACKET_RESPONSE, { ids: [candidate.id], lock: true });
      const response = row?.body as unknown as PacketResponse | undefined;
      const packet = response && (await tx.system.get<Packet>(PACKET, response.packet.id, { includeDeleted: true }));
      if (!row || !response || !due(response, packet)) return false;
      await mailPacket(deps.mailer, 'reminder', response.sentTo!, packetLink(deps.publicUrl(), response.id), response, timeZone);
      await tx.rewrite(PACKET_RESPONSE, row, { ...row.body, remindedAt: isoInstant(now) });
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}

const EVERY_MS = 15 * 60_000;

/**
 * The reminder sweep: every quarter of an hour, every practice, as the system (audited as
 * Caseload). The server has no job runner; like the expiry sweeper (storage/sweeper.ts) every
 * server may run it, the row locks keeping each reminder single.
 */
export function startPacketReminders(
  db: Database,
  audit: AuditWriter,
  practices: { list(): Promise<string[]> },
  deps: ReminderDeps,
  log: (message: string) => void,
): { stop(): void; sweep(): Promise<number> } {
  const sweep = async () => {
    let total = 0;
    for (const practiceId of await practices.list()) {
      total += await remindDuePackets(systemRepository(db, audit, practiceId, WRITE_RULES, deps.clock), practiceId, deps);
    }
    return total;
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log(`The packet reminder sweep failed: ${error instanceof Error ? error.message : String(error)}`));
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}
