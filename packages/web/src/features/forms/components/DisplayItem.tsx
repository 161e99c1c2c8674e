import type { QuestionnaireItem } from '@caseload/core';
import { Alert, Space, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { widgetOf } from '../utils/question-widgets.ts';
import { Markdown } from './Markdown.tsx';

/** A TextBlock: plain or formatted text, an informational or warning callout, or a paragraph break. */
export function DisplayItem({ item }: { item: QuestionnaireItem }) {
  const text = item.text ?? '';
  switch (widgetOf(item)) {
    case 'paragraph-break':
      return <Space h="lg" aria-hidden data-paragraph-break />;
    case 'info-callout':
      return (
        <Alert variant="light" color="caseload" icon={<IconInfoCircle size={20} />} title={item.help}>
          <Markdown source={text} />
        </Alert>
      );
    case 'warning-callout':
      return (
        <Alert variant="light" color="intent-warning" icon={<IconAlertTriangle size={20} />} title={item.help} role="note">
          <Markdown source={text} />
        </Alert>
      );
    case 'markdown-block':
      return <Markdown source={text} />;
    default:
      return (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      );
  }
}
