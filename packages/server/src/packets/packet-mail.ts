import { localDate, practiceTimeZone, type PacketResponse, type Reference, type Resource } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { findAccount, membershipForProfile } from '../identity/account-store.ts';
import { packetMessage, packetReminderMessage } from '../mail/mail-templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';

/** Where a packet's portal screen is: the portal routes `/my-packets/{id}` for the signed-in recipient. */
export const packetLink = (publicUrl: string, id: string) => `${publicUrl}/my-packets/${id}`;

/** The practice's time zone and today's date on its calendar. */
export async function practiceToday(db: Queryable, practiceId: string, now: Date): Promise<{ timeZone: string; today: string }> {
  const timeZone = practiceTimeZone(await loadPracticePreferences(db, practiceId));
  return { timeZone, today: localDate(now, timeZone) };
}

/** The e-mail on the recipient's record: a portal e-mail, else the first e-mail contact. */
export function emailOnFile(recipient: Resource): string | undefined {
  const record = recipient as Resource & { email?: string; telecom?: { system: string; value: string }[] };
  return record.email ?? record.telecom?.find((c) => c.system === 'Email')?.value;
}

/** Whether the recipient already signs in to the portal, and with which e-mail. */
export async function portalAccountOf(
  db: Queryable,
  practiceId: string,
  recipient: Reference,
): Promise<{ active: boolean; email?: string }> {
  const membership = await membershipForProfile(db, practiceId, recipient.resourceType as 'Patient' | 'RelatedPerson', recipient.id);
  if (!membership) return { active: false };
  const account = await findAccount(db, membership.accountId);
  return { active: membership.active, email: account?.email };
}

/** E-mails the packet's link (sent, re-sent or a reminder). */
export async function mailPacket(
  mailer: Mailer,
  kind: 'sent' | 'reminder',
  to: string,
  url: string,
  response: PacketResponse,
  timeZone: string,
): Promise<void> {
  const facts = {
    packetName: response.packet.display ?? 'Forms',
    dueDate: response.dueDate,
    expiresAt: new Date(response.expiresAt),
    timeZone,
  };
  await mailer.send(kind === 'sent' ? packetMessage(to, url, facts) : packetReminderMessage(to, url, facts));
}
