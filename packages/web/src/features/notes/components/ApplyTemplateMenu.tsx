import type { Note, NoteTemplate } from '@caseload/core';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTemplate } from '@tabler/icons-react';
import { applyTemplate } from '../utils/apply-template.ts';
import { refTo } from '../utils/note-refs.ts';

export interface ApplyTemplateMenuProps {
  /** The templates of the note's definition the author may use. */
  templates: readonly NoteTemplate[];
  /** Applies a change to the note (the editor's autosaved copy). */
  updateNote(change: (note: Note) => Note): void;
  /** The note's sections were rewritten: forms and narratives show their new starting values. */
  onApplied(): void;
  disabled?: boolean;
}

/** "Apply template" on a started note: fills what is blank, keeps what was written, says which. */
export function ApplyTemplateMenu({ templates, updateNote, onApplied, disabled }: ApplyTemplateMenuProps) {
  if (templates.length === 0) return null;
  const apply = (template: NoteTemplate) => {
    let result: ReturnType<typeof applyTemplate> | undefined;
    updateNote((n) => {
      result = applyTemplate(n.sections, template);
      return {
        ...n,
        sections: result.sections,
        template: n.template ?? refTo(template),
        completion: n.completion === 'NotStarted' ? 'InProgress' : n.completion,
      };
    });
    onApplied();
    const kept = result?.kept.length ?? 0;
    notifications.show({
      color: 'caseload',
      title: `${template.name} applied`,
      message:
        `${result?.filled.length ?? 0} section(s) filled.` +
        (kept ? ` ${kept} section(s) kept as you wrote them; the template did not overwrite them.` : ''),
    });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconTemplate size={16} />} disabled={disabled}>
          Apply template
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {templates.map((t) => (
          <Menu.Item key={t.id} onClick={() => apply(t)}>
            {t.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
