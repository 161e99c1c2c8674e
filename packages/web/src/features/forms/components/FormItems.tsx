import type { QuestionnaireItem } from '@caseload/core';
import { Fieldset } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useItemEnabled } from '../hooks/useItemEnabled.ts';
import { useProgressiveCount } from '../hooks/useProgressiveCount.ts';
import { widgetOf } from '../utils/question-widgets.ts';
import { DisplayItem } from './DisplayItem.tsx';
import { QuestionInput } from './QuestionInput.tsx';
import classes from './FormItems.module.css';
import { SignatureQuestion } from './SignatureQuestion.tsx';

/** Rows a long form mounts at once (more than a tall screen holds), then per chunk after them. */
export const FIRST_ROWS = 24;
export const ROWS_PER_CHUNK = 96;

/**
 * One item of the form in edit mode, shown only while its conditions hold. Memoised with stable
 * props, it re-renders only when its own enabled state changes (its input re-renders on its own
 * field's changes), which keeps typing fast on long forms.
 */
export const FormItem = memo(function FormItem({ item }: { item: QuestionnaireItem }) {
  const enabled = useItemEnabled(item.linkId);
  if (!enabled) return null;
  const widget = widgetOf(item);
  let body;
  if (widget === 'header') {
    body = (
      <Fieldset legend={item.text ?? item.linkId} variant="unstyled" role="group">
        {item.help && <DisplayItem item={{ linkId: `${item.linkId}-help`, type: 'TextBlock', text: item.help }} />}
        <FormItemList items={item.items ?? []} />
      </Fieldset>
    );
  } else if (item.type === 'TextBlock' || widget.endsWith('callout') || widget === 'paragraph-break') {
    body = <DisplayItem item={item} />;
  } else if (widget === 'signature') {
    body = <SignatureQuestion item={item} />;
  } else {
    body = <QuestionInput item={item} name={item.linkId} />;
  }
  // A plain element, not a Mantine Box: one less component per question on forms of hundreds.
  return (
    <div data-linkid={item.linkId} data-widget={widget} className={`questionnaire-item ${classes.row}`}>
      {body}
    </div>
  );
});

/**
 * The form's own list of items: the first rows at once, the rest in chunks once they have painted
 * (see useProgressiveCount), so a form of hundreds of questions can be answered while the rest mount.
 */
export function ProgressiveFormItemList({ items }: { items: readonly QuestionnaireItem[] }) {
  const count = useProgressiveCount(items.length, FIRST_ROWS, ROWS_PER_CHUNK);
  const shown = useMemo(() => (count < items.length ? items.slice(0, count) : items), [items, count]);
  return <FormItemList items={shown} />;
}

/** A list of items (the form's, or a Header's children). */
export const FormItemList = memo(function FormItemList({ items }: { items: readonly QuestionnaireItem[] }) {
  return (
    <>
      {items.map((item) => (
        <FormItem key={item.linkId} item={item} />
      ))}
    </>
  );
});
