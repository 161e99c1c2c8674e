import {
  isDisplayOnly,
  type Answers,
  type Questionnaire,
  type QuestionnaireItem,
  type ResponseSignature,
  type ZonedClock,
} from '@caseload/core';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMemo } from 'react';
import { usePracticeTime } from '../../practice/index.ts';
import { answerText } from '../utils/answer-text.ts';
import { computeLogic } from '../utils/form-answers.ts';
import { widgetOf } from '../utils/question-widgets.ts';
import { DisplayItem } from './DisplayItem.tsx';
import classes from './FormPrint.module.css';
import { SignatureImage } from './SignatureImage.tsx';

export interface ReadOnlyFormProps {
  questionnaire: Pick<Questionnaire, 'items'>;
  answers: Answers;
  signatures: ResponseSignature[];
  /** Print mode: a print button, and the print stylesheet (no shell, no colours, page breaks kept out of questions). */
  print: boolean;
}

const UNANSWERED = 'Not answered';

function Answer({ item, answers, clock }: { item: QuestionnaireItem; answers: Answers; clock: ZonedClock }) {
  const value = answers[item.linkId];
  const widget = widgetOf(item);
  if (widget === 'grid') {
    const columns = (item.items ?? []).filter((c) => !isDisplayOnly(c));
    const grid = (value && typeof value === 'object' ? value : {}) as Record<string, Record<string, unknown>>;
    return (
      <Table withTableBorder verticalSpacing={2} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {columns.map((c) => (
              <Table.Th key={c.linkId}>{c.text ?? c.linkId}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(item.rows ?? []).map((r) => (
            <Table.Tr key={r.code}>
              <Table.Th scope="row">{r.display}</Table.Th>
              {columns.map((c) => (
                <Table.Td key={c.linkId}>{answerText(c, grid[r.code]?.[c.linkId], clock)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  if (widget === 'table-report' || widget === 'service-events') {
    const rows =
      value && typeof value === 'object' && Array.isArray((value as { rows?: unknown }).rows) ? (value as { rows: unknown[] }).rows : [];
    return <Text fz="sm">{rows.length ? `${rows.length} rows taken from the chart` : UNANSWERED}</Text>;
  }
  const text = answerText(item, value, clock);
  return (
    <Text fz="sm" c={text ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
      {text || UNANSWERED}
    </Text>
  );
}

interface ItemsProps {
  items: readonly QuestionnaireItem[];
  answers: Answers;
  signatures: ResponseSignature[];
  enabled: Set<string>;
  /** The practice's clock, read once by the form. */
  clock: ZonedClock;
}

function Items({ items, answers, signatures, enabled, clock }: ItemsProps) {
  return (
    <>
      {items
        .filter((i) => enabled.has(i.linkId))
        .map((item) => {
          const widget = widgetOf(item);
          if (widget === 'header') {
            return (
              <section key={item.linkId} className={classes.section} data-linkid={item.linkId}>
                <Title order={3} fz="md" mb={4}>
                  {item.text ?? item.linkId}
                </Title>
                <Items items={item.items ?? []} answers={answers} signatures={signatures} enabled={enabled} clock={clock} />
              </section>
            );
          }
          if (item.type === 'TextBlock' || widget.endsWith('callout') || widget === 'paragraph-break')
            return <DisplayItem key={item.linkId} item={item} />;
          if (widget === 'signature') {
            const mine = signatures.filter((s) => s.linkId === item.linkId || s.linkId === undefined);
            return (
              <div key={item.linkId} className={classes.item} data-linkid={item.linkId}>
                <Text fw={600} fz="sm">
                  {item.text ?? 'Signature'}
                </Text>
                {mine.length === 0 && (
                  <Text fz="sm" c="dimmed">
                    Not signed
                  </Text>
                )}
                {mine.map((s) => (
                  <Group key={`${s.image.id}-${s.signedAt}`} gap="sm">
                    <SignatureImage image={s.image} alt={`Signature of ${s.signer.display ?? s.role}`} />
                    <Text fz="xs">
                      {s.signer.display ?? s.role}, {clock.formatDateTime(s.signedAt)}
                    </Text>
                    {s.voided && (
                      <Badge color="intent-danger" variant="light">
                        Void
                      </Badge>
                    )}
                  </Group>
                ))}
              </div>
            );
          }
          return (
            <div key={item.linkId} className={classes.item} data-linkid={item.linkId}>
              <Text fw={600} fz="sm">
                {item.text ?? item.linkId}
              </Text>
              <Answer item={item} answers={answers} clock={clock} />
            </div>
          );
        })}
    </>
  );
}

/** A response shown, not edited: each question with its answer in words, disabled questions left out. */
export function ReadOnlyForm({ questionnaire, answers, signatures, print }: ReadOnlyFormProps) {
  const { enabled } = useMemo(() => computeLogic(questionnaire, answers ?? {}), [questionnaire, answers]);
  const clock = usePracticeTime();
  return (
    <Stack gap="sm" className={print ? classes.print : undefined} data-testid="questionnaire-readonly">
      {print && (
        <Group className={classes.noPrint}>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      )}
      <Items items={questionnaire.items ?? []} answers={answers ?? {}} signatures={signatures} enabled={enabled} clock={clock} />
    </Stack>
  );
}
