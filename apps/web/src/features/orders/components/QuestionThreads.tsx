import { answerQuestionSchema, type Order, type OrderEvent } from '@app/shared/orders/orders';
import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCornerDownRight, IconMessageQuestion, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../components/use-editor';
import { formatDateTime } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { type OrderSide, useQuestionReply } from '../api';

const VALIDATION = { prefix: 'orders.validation' };
const TEXT = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * A question (an info_requested event that starts a thread) with what followed in its thread,
 * oldest first: staff's answers (info_answered) and the client's follow-ups (info_requested with the
 * question as parent).
 */
interface Thread {
  question: OrderEvent;
  replies: OrderEvent[];
}

/** The order's questions as threads, oldest first: the history's events, grouped by the question they belong to. */
export function questionThreads(events: readonly OrderEvent[]): Thread[] {
  const threads = events
    .filter((e) => e.kind === 'info_requested' && e.parentId === null)
    .map((question) => ({ question, replies: [] as OrderEvent[] }));
  const byId = new Map(threads.map((th) => [th.question.id, th]));
  for (const e of events) {
    if ((e.kind === 'info_answered' || e.kind === 'info_requested') && e.parentId !== null) byId.get(e.parentId)?.replies.push(e);
  }
  return threads;
}

/** A thread waits for staff while the client had the last word (the question or a follow-up). */
const waitsForStaff = (th: Thread) => (th.replies.at(-1) ?? th.question).kind === 'info_requested';

/** Who wrote an entry (and on which side) and when, in one line. */
function Byline({ e }: { e: OrderEvent }) {
  const { t } = useTranslation();
  const who = e.actor
    ? e.actingEmployee
      ? t('orders.events.byActing', { name: e.actor, employee: e.actingEmployee })
      : e.actor
    : t('orders.questions.someone');
  const side = e.kind === 'info_answered' ? 'staff' : 'client';
  return (
    <Text size="xs" c="dimmed">
      {who} ({t(`orders.questions.${side}`)}) · {formatDateTime(e.createdAt)}
    </Text>
  );
}

/**
 * A word in the thread: staff's answer (the field always there; the client is told), or the
 * client's follow-up (behind a button; staff are told). Sent, the field is empty again.
 */
function ReplyForm({ side, order, question }: { side: OrderSide; order: Order; question: OrderEvent }) {
  const { t } = useTranslation();
  const staff = side === 'staff';
  const [opened, setOpened] = useState(staff);
  const reply = useQuestionReply(side, order.id, question.id);
  const editor = useEditor<{ comment: string }, Order>({
    initialValues: { comment: '' },
    validate: zodValidate(answerQuestionSchema, t, VALIDATION),
    fieldErrors: VALIDATION,
    save: (v) => reply.mutateAsync({ comment: v.comment }),
    // Sent: the field is empty again for a next word.
    toValues: () => ({ comment: '' }),
    savedMessage: () => t(staff ? 'orders.questions.answered' : 'orders.questions.followedUp'),
    // The client's follow-up is sent: the thread shows it, the button comes back.
    onSaved: () => setOpened(staff),
  });
  const date = formatDateTime(question.createdAt);
  if (!opened) {
    return (
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconMessageQuestion size={14} />}
          aria-label={t('orders.questions.followUpFor', { date })}
          onClick={() => setOpened(true)}
        >
          {t('orders.questions.followUp')}
        </Button>
      </Group>
    );
  }
  return (
    <form
      {...editor.formProps}
      aria-label={staff ? t('orders.questions.answerFormLabel') : t('orders.questions.followUpFor', { date })}
    >
      <Stack gap="xs">
        <Textarea
          label={t(staff ? 'orders.questions.answerLabel' : 'orders.questions.followUpLabel')}
          required
          autosize
          minRows={2}
          maxRows={10}
          // Opened by the client's button: the field takes the focus.
          autoFocus={!staff}
          {...editor.form.getInputProps('comment')}
        />
        <Group justify="flex-end" gap="xs">
          {staff ? null : (
            <Button variant="default" size="sm" onClick={() => setOpened(false)} disabled={editor.busy}>
              {t('common.actions.cancel')}
            </Button>
          )}
          <Button type="submit" size="sm" leftSection={<IconSend size={16} />} loading={editor.busy}>
            {t(staff ? 'orders.questions.send' : 'orders.questions.sendFollowUp')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The client's questions about the order, each with its thread: staff's answers and the client's
 * follow-ups, in order. Staff who may answer see an answer field under each question; the client
 * (while it may ask) a follow-up button. A thread whose last word is the client's is marked
 * unanswered (staff) or waiting for an answer (the client). Nothing when the order has no questions.
 */
export function QuestionThreads({ side, order }: { side: OrderSide; order: Order }) {
  const { t } = useTranslation();
  const threads = questionThreads(order.events);
  if (threads.length === 0) return null;
  const mayWrite = side === 'staff' ? order.abilities.canAnswerQuestions : order.abilities.canAskInfo;
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('orders.questions.title')}>
      {threads.map((th) => (
        <Paper
          key={th.question.id}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-testid="order-question"
          aria-label={t('orders.questions.threadLabel', { date: formatDateTime(th.question.createdAt) })}
        >
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
              <Byline e={th.question} />
              {waitsForStaff(th) ? (
                <Badge color={side === 'staff' ? 'red' : 'gray'} variant="light" style={{ flex: 'none' }}>
                  {t(side === 'staff' ? 'orders.questions.unanswered' : 'orders.questions.waiting')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" style={TEXT}>
              {th.question.comment}
            </Text>
            {th.replies.map((r) => (
              <Group
                key={r.id}
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                pl="sm"
                data-testid={r.kind === 'info_answered' ? 'order-answer' : 'order-follow-up'}
              >
                <IconCornerDownRight size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Byline e={r} />
                  <Text size="sm" style={TEXT}>
                    {r.comment}
                  </Text>
                </Stack>
              </Group>
            ))}
            {mayWrite ? <ReplyForm side={side} order={order} question={th.question} /> : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
