/**
 * RFC 5545 text for a calendar feed: one VEVENT per appointment or occurrence, in UTC, lines
 * folded at 75 octets and text escaped. Pure: the feed service decides what goes in.
 */
export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  location?: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  lastModified?: string;
}

const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** yyyy-MM-ddTHH:mm:ssZ → yyyyMMddTHHmmssZ */
const stamp = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/** Folds a content line at 75 octets (continuation lines start with a space), never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function icalendar(name: string, events: readonly FeedEvent[], now: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Caseload//Scheduling//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
      `STATUS:${e.status}`,
      ...(e.lastModified ? [`LAST-MODIFIED:${stamp(e.lastModified)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
