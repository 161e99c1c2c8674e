import '@mantine/tiptap/styles.layer.css';
import { Link as LinkExtension } from '@tiptap/extension-link';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
// The file, not the feature's index: the editor's chunk carries only the mark.
import { EvidenceSpan } from '../../scribe/utils/evidence-span.ts';

export interface NarrativeEditorProps {
  /** The narrative as HTML (what the note stores). */
  value: string;
  /** Called with the HTML on every change (the editor's autosave debounces). */
  onChange?: (html: string) => void;
  /** The label screen readers announce for the text area. */
  label: string;
  /** Shown while the narrative is empty. */
  placeholder?: string;
  /** Read-only: a signed note's text, or a section shown in a dialog. */
  readOnly?: boolean;
  /** DOM id of the editable area (the rule panel and labels point at it). */
  id?: string;
  /** A control beside the toolbar given a function that inserts text at the cursor (the dictation button). */
  dictation?: (insert: (text: string) => void) => ReactNode;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Dictated text as content: a blank line ("new paragraph" after the speech rules) starts a paragraph. */
export function dictatedContent(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length <= 1) return escapeHtml(text.trim());
  return paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
}

/**
 * The rich-text narrative (TipTap through Mantine's RichTextEditor): bold, italic, underline,
 * headings, lists, links, undo. Loaded on demand (its own chunk) by NarrativeField. The document
 * is kept as HTML; ProseMirror's schema drops anything it does not know, so stored markup is
 * rendered as text structure, never as script.
 */
export default function NarrativeEditor({ value, onChange, label, placeholder, readOnly, id, dictation }: NarrativeEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), LinkExtension.configure({ openOnClick: false }), EvidenceSpan],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        ...(id && { id }),
        ...(!readOnly && { 'aria-multiline': 'true', role: 'textbox' }),
        ...(placeholder && { 'data-placeholder': placeholder }),
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current?.(e.isEmpty ? '' : e.getHTML()),
  });

  // Read-only views follow the value (an amendment changes it). An editor keeps what is typed: it
  // takes a new value (another device's text, folded in by the autosave) only while not focused.
  useEffect(() => {
    if (!editor || (!readOnly && editor.isFocused)) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (shown !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, readOnly, value]);

  // At the cursor (focus() returns to the last selection), with a space between it and the text before.
  const insert = useCallback(
    (text: string) => {
      if (!editor) return;
      const { from } = editor.state.selection;
      const before = from > 1 ? editor.state.doc.textBetween(from - 1, from) : '';
      const content = dictatedContent(text);
      editor
        .chain()
        .focus()
        .insertContent(before && !/\s/.test(before) && !content.startsWith('<p>') ? ` ${content}` : content)
        .run();
    },
    [editor],
  );

  if (readOnly) {
    return (
      <RichTextEditor
        editor={editor}
        variant="subtle"
        withTypographyStyles
        styles={{ root: { border: 0 }, content: { background: 'transparent' } }}
      >
        <RichTextEditor.Content />
      </RichTextEditor>
    );
  }
  return (
    <RichTextEditor editor={editor} withTypographyStyles>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H3 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
        {dictation?.(insert)}
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={160} />
    </RichTextEditor>
  );
}
