import { List, Text, Title } from '@mantine/core';
import { Fragment, memo } from 'react';
import { parseMarkdown, type MarkdownInline } from '../utils/markdown.ts';

function Inline({ runs }: { runs: MarkdownInline[] }) {
  return (
    <>
      {runs.map((r, i) => (
        <Fragment key={i}>{r.kind === 'strong' ? <strong>{r.text}</strong> : r.kind === 'em' ? <em>{r.text}</em> : r.text}</Fragment>
      ))}
    </>
  );
}

/** FormattedText shown as text with emphasis, lists and headings (never as HTML). */
export const Markdown = memo(function Markdown({ source }: { source: string }) {
  return (
    <>
      {parseMarkdown(source).map((block, i) =>
        block.kind === 'list' ? (
          <List key={i} size="sm" mb="xs">
            {block.items.map((runs, j) => (
              <List.Item key={j}>
                <Inline runs={runs} />
              </List.Item>
            ))}
          </List>
        ) : block.kind === 'heading' ? (
          <Title key={i} order={4} mb="xs">
            <Inline runs={block.inline} />
          </Title>
        ) : (
          <Text key={i} fz="sm" mb="xs">
            <Inline runs={block.inline} />
          </Text>
        ),
      )}
    </>
  );
});
