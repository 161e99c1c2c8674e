import { NOTE_STATUS_INTENTS, NOTE_STATUS_LABELS, noteDisplayStatus, type Note } from '@caseload/core';
import { Badge, type BadgeProps } from '@mantine/core';
import { intentColor } from './intents.ts';

export interface NoteStatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  note: Pick<Note, 'status' | 'pendingSignatures'>;
  'data-testid'?: string;
}

/**
 * A note's status chip, the same words and colour in every list, on the note and in the queues
 * (core's NOTE_STATUS_LABELS). It is as wide as its words: a Badge clips its label when a table
 * column is squeezed, which left "AWAITING CO-SIGNAT…", so it does not shrink below its content.
 */
export function NoteStatusBadge({ note, ...props }: NoteStatusBadgeProps) {
  const status = noteDisplayStatus(note);
  return (
    <Badge variant="light" color={intentColor(NOTE_STATUS_INTENTS[status])} miw="max-content" style={{ flexShrink: 0 }} {...props}>
      {NOTE_STATUS_LABELS[status]}
    </Badge>
  );
}
