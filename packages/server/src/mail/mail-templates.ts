import { zonedClock } from '@caseload/core';
import type { MailMessage } from './mailer.ts';

/** The words of the e-mails Caseload sends. Plain text first; HTML mirrors it. */

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function compose(to: string, subject: string, paragraphs: string[], link: { url: string; label: string }): MailMessage {
  const text = [...paragraphs.slice(0, 1), `${link.label}: ${link.url}`, ...paragraphs.slice(1)].join('\n\n');
  const html = [
    `<p>${escapeHtml(paragraphs[0]!)}</p>`,
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');
  return { to, subject, text: `${text}\n`, html };
}

/**
 * A time in an e-mail: on the practice's clock when the e-mail is about one practice (UTC when it
 * is about the account), always naming the zone, since the reader's clock may be any
 * ("Jan 15, 2024, 9:00 AM EST").
 */
const when = (date: Date, timeZone = 'UTC') => zonedClock(timeZone, { nameZone: true }).formatDateTime(date);

/** The invitation to a practice; its expiry on that practice's clock (`timeZone`). */
export function inviteMessage(to: string, practiceId: string, url: string, expiresAt: Date, timeZone: string): MailMessage {
  return compose(
    to,
    'You are invited to Caseload',
    [
      `You have been invited to sign in to Caseload (${practiceId}). Choose a password to accept the invitation.`,
      `The link works once and expires on ${when(expiresAt, timeZone)}. If you did not expect this invitation, ignore this e-mail.`,
    ],
    { url, label: 'Accept the invitation' },
  );
}

export function passwordResetMessage(to: string, url: string, expiresAt: Date): MailMessage {
  return compose(
    to,
    'Reset your Caseload password',
    [
      'Someone asked to reset the password of your Caseload account. Choose a new password with this link.',
      `The link works once and expires on ${when(expiresAt)}. Setting a new password signs you out everywhere. ` +
        `If you did not ask for this, ignore this e-mail: your password stays as it is.`,
    ],
    { url, label: 'Choose a new password' },
  );
}

/** What a packet e-mail says about the packet sent (its name, the day it is due, the link's expiry). */
export interface PacketMailFacts {
  packetName: string;
  /** yyyy-MM-dd on the practice's calendar. */
  dueDate: string;
  expiresAt: Date;
  timeZone: string;
}

/** A calendar day (yyyy-MM-dd) as words; it is the same day wherever it is read. */
const day = (date: string) => zonedClock('UTC', { nameZone: false }).formatDate(`${date}T12:00:00Z`);

/** A packet of forms to fill in, sent or re-sent. No health details: the e-mail may be read by anyone. */
export function packetMessage(to: string, url: string, facts: PacketMailFacts): MailMessage {
  return compose(
    to,
    'Forms to fill in before your visit',
    [
      `Your care team has sent you forms to fill in: ${facts.packetName}. Please complete them by ${day(facts.dueDate)}.`,
      `You can stop at any time and carry on later, on any device. The link expires on ${when(facts.expiresAt, facts.timeZone)}.`,
    ],
    { url, label: 'Fill in the forms' },
  );
}

/** The reminder before a packet's due date. */
export function packetReminderMessage(to: string, url: string, facts: PacketMailFacts): MailMessage {
  return compose(
    to,
    'Reminder: forms to fill in',
    [
      `A reminder: ${facts.packetName} is due on ${day(facts.dueDate)}.`,
      `What you have already filled in is saved. The link expires on ${when(facts.expiresAt, facts.timeZone)}.`,
    ],
    { url, label: 'Carry on with the forms' },
  );
}
