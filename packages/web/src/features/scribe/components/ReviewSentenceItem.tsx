import { ActionIcon, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import type { ReviewSentence, SentenceAction } from '../utils/review-sentences.ts';
import classes from './scribe.module.css';

export interface ReviewSentenceItemProps {
  sentence: ReviewSentence;
  focused: boolean;
  onFocus: () => void;
  /** Absent: read-only (a signed note, or a user who may not edit). */
  onAct?: (action: SentenceAction) => void;
}

const STATE_BADGES = { accepted: { label: 'Accepted', color: 'green' }, edited: { label: 'Edited', color: 'blue' } } as const;

/**
 * One generated sentence: focusable (Tab moves sentence to sentence), hovering or focusing it
 * highlights its evidence; A accepts, E edits, Delete removes it. A sentence without evidence is
 * flagged for the clinician to check.
 */
export function ReviewSentenceItem({ sentence, focused, onFocus, onAct }: ReviewSentenceItemProps) {
  const [editing, setEditing] = useState<string>();
  const keys = (e: KeyboardEvent<HTMLElement>) => {
    if (!onAct || e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const key = e.key.toLowerCase();
    if (key === 'a') onAct({ kind: 'accept' });
    else if (key === 'e' || key === 'enter') setEditing(sentence.text);
    else if (key === 'delete' || key === 'backspace') {
      // Focus goes on to the next sentence, so the keyboard review continues where it was.
      const next = nextSentence(e.currentTarget);
      onAct({ kind: 'delete' });
      next?.focus();
    } else return;
    e.preventDefault();
  };

  if (editing !== undefined) {
    return (
      <form
        className={classes.sentence}
        data-focused
        onSubmit={(e) => {
          e.preventDefault();
          if (editing.trim()) onAct?.({ kind: 'edit', text: editing });
          setEditing(undefined);
        }}
      >
        <Stack gap={4}>
          <Textarea
            aria-label="Edit the sentence"
            autosize
            minRows={1}
            value={editing}
            autoFocus
            onFocus={onFocus}
            onChange={(e) => setEditing(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(undefined);
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <Group gap="xs">
            <Button size="compact-xs" type="submit">
              Save sentence
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => setEditing(undefined)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const badge = sentence.state !== 'open' ? STATE_BADGES[sentence.state] : undefined;
  return (
    <div
      className={classes.sentence}
      tabIndex={0}
      // A button: Enter edits it, and its shortcuts act on it (announced through aria-keyshortcuts).
      role="button"
      aria-keyshortcuts={onAct ? 'A E Delete' : undefined}
      aria-label={`${sentence.needsReview ? 'Needs review: ' : ''}${sentence.text}`}
      data-sentence-id={sentence.id}
      data-evidence={sentence.evidence.join(' ')}
      data-review={(sentence.needsReview && sentence.state === 'open') || undefined}
      data-state={sentence.state}
      data-focused={focused || undefined}
      onMouseEnter={onFocus}
      onFocus={onFocus}
      onKeyDown={keys}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fz="sm" style={{ flex: 1 }}>
          {sentence.text}
        </Text>
        {sentence.needsReview && sentence.state === 'open' && (
          <Badge size="xs" color="orange" variant="light">
            No evidence: check
          </Badge>
        )}
        {badge && (
          <Badge size="xs" color={badge.color} variant="light">
            {badge.label}
          </Badge>
        )}
        {onAct && (
          <Group gap={2} wrap="nowrap">
            {/* Out of the Tab order: the keyboard uses the shortcuts, so Tab goes sentence to sentence. */}
            <ActionIcon
              size="sm"
              variant="subtle"
              color="green"
              tabIndex={-1}
              aria-label="Accept"
              onClick={() => onAct({ kind: 'accept' })}
            >
              <IconCheck size={14} />
            </ActionIcon>
            <ActionIcon size="sm" variant="subtle" tabIndex={-1} aria-label="Edit" onClick={() => setEditing(sentence.text)}>
              <IconPencil size={14} />
            </ActionIcon>
            <ActionIcon size="sm" variant="subtle" color="red" tabIndex={-1} aria-label="Delete" onClick={() => onAct({ kind: 'delete' })}>
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </div>
  );
}

function nextSentence(from: HTMLElement): HTMLElement | undefined {
  const all = [...document.querySelectorAll<HTMLElement>('[data-sentence-id]')];
  const at = all.indexOf(from);
  return all[at + 1] ?? all[at - 1];
}
