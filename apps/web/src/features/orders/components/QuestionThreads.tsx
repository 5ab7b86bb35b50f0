import { answerQuestionSchema, type Order, type OrderEvent } from '@app/shared/orders/orders';
import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCornerDownRight, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../components/use-editor';
import { formatDateTime } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { type OrderSide, useAnswerQuestion } from '../api';

const VALIDATION = { prefix: 'orders.validation' };
const TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** A question (an info_requested event that starts a thread) with its answers, oldest first. */
interface Thread {
  question: OrderEvent;
  answers: OrderEvent[];
}

/** The order's questions as threads, oldest first: the history's events, grouped by the question they answer. */
export function questionThreads(events: readonly OrderEvent[]): Thread[] {
  const threads = events
    .filter((e) => e.kind === 'info_requested' && e.parentId === null)
    .map((question) => ({ question, answers: [] as OrderEvent[] }));
  const byId = new Map(threads.map((th) => [th.question.id, th]));
  for (const e of events) {
    if (e.kind === 'info_answered' && e.parentId !== null) byId.get(e.parentId)?.answers.push(e);
  }
  return threads;
}

/** Who wrote an entry and when, in one line. */
function Byline({ e }: { e: OrderEvent }) {
  const { t } = useTranslation();
  const who = e.actor
    ? e.actingEmployee
      ? t('orders.events.byActing', { name: e.actor, employee: e.actingEmployee })
      : e.actor
    : t('orders.questions.someone');
  return (
    <Text size="xs" c="dimmed">
      {who} · {formatDateTime(e.createdAt)}
    </Text>
  );
}

/** Staff's answer to one question: a text field and a send button (the asker is told). */
function AnswerForm({ order, question }: { order: Order; question: OrderEvent }) {
  const { t } = useTranslation();
  const answer = useAnswerQuestion(order.id, question.id);
  const editor = useEditor<{ comment: string }, Order>({
    initialValues: { comment: '' },
    validate: zodValidate(answerQuestionSchema, t, VALIDATION),
    fieldErrors: VALIDATION,
    save: (v) => answer.mutateAsync({ comment: v.comment }),
    // Sent: the field is empty again for a next answer.
    toValues: () => ({ comment: '' }),
    savedMessage: () => t('orders.questions.answered'),
  });
  return (
    <form {...editor.formProps} aria-label={t('orders.questions.answerFormLabel')}>
      <Stack gap="xs">
        <Textarea
          label={t('orders.questions.answerLabel')}
          required
          autosize
          minRows={2}
          maxRows={10}
          {...editor.form.getInputProps('comment')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="sm" leftSection={<IconSend size={16} />} loading={editor.busy}>
            {t('orders.questions.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The client's questions about the order, each with its answers. Staff who may answer see an
 * answer field under each question; an open question is marked unanswered (staff) or waiting for
 * an answer (the client). Nothing when the order has no questions.
 */
export function QuestionThreads({ side, order }: { side: OrderSide; order: Order }) {
  const { t } = useTranslation();
  const threads = questionThreads(order.events);
  if (threads.length === 0) return null;
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('orders.questions.title')}>
      {threads.map(({ question, answers }) => (
        <Paper
          key={question.id}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-testid="order-question"
          aria-label={t('orders.questions.threadLabel', { date: formatDateTime(question.createdAt) })}
        >
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
              <Byline e={question} />
              {answers.length === 0 ? (
                <Badge color={side === 'staff' ? 'red' : 'gray'} variant="light" style={{ flex: 'none' }}>
                  {t(side === 'staff' ? 'orders.questions.unanswered' : 'orders.questions.waiting')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" style={TEXT}>
              {question.comment}
            </Text>
            {answers.map((a) => (
              <Group key={a.id} gap="xs" wrap="nowrap" align="flex-start" pl="sm" data-testid="order-answer">
                <IconCornerDownRight size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Byline e={a} />
                  <Text size="sm" style={TEXT}>
                    {a.comment}
                  </Text>
                </Stack>
              </Group>
            ))}
            {side === 'staff' && order.abilities.canAnswerQuestions ? <AnswerForm order={order} question={question} /> : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
