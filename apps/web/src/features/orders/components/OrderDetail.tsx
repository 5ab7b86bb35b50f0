import type { Order, OrderVersion } from '@app/shared/orders/orders';
import type { ErrorCode } from '@app/shared/platform/errors';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconEdit,
  IconExternalLink,
  IconFileTypePdf,
  IconHelpCircle,
  IconLock,
  IconMessageCircle,
  IconPaperclip,
  IconRefresh,
  IconSend,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApproversBlock } from '../../../components/approvals/ApproversBlock';
import { confirmAction } from '../../../components/confirm';
import { OverdueBadge } from '../../../components/DueDateBadge';
import { FileList } from '../../../components/files/FilesField';
import { ErrorState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { type OrderSide, orderPath, useOrder, useOrderAction, useReorder } from '../api';
import { eventText, OrderStatusBadge, UnansweredBadge, VersionStatusBadge } from './OrderBadges';
import { AddFilesForm, DenyDesignForm, EditOrderForm, MoreInfoForm } from './OrderForms';
import { OrderModal } from './OrderModal';
import { QuestionThreads, questionThreads } from './QuestionThreads';
import { ApproveRequestForm, DeclineRequestForm, SendVersionForm } from './StaffForms';

type ModalKind = 'edit' | 'deny' | 'info' | 'files' | 'approve' | 'decline' | 'send';
type AbilityKey = Exclude<keyof Order['abilities'], 'reasons'>;

interface ActionDef {
  key: AbilityKey;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  variant?: string;
  /** The reasons worth explaining when the server says no (else the button is simply not there). */
  explain?: readonly ErrorCode[];
}

const isImage = (mime: string) => mime.startsWith('image/');

/** Why a portal user does not decide a design that waits: the named approvers' rule. */
const APPROVER_REASONS: readonly ErrorCode[] = ['ORDER_NOT_APPROVER', 'ORDER_ALREADY_APPROVED_BY_YOU'];

/** A version's preview: an image shown inline, a PDF as a link to open or download. */
function Preview({ version, large }: { version: OrderVersion; large: boolean }) {
  const { t } = useTranslation();
  const file = version.preview;
  if (!file) return null;
  if (isImage(file.mime)) {
    return (
      <Anchor
        href={file.url}
        target="_blank"
        rel="noopener"
        aria-label={t('orders.versions.openPreview', { name: file.originalName })}
      >
        <Image
          src={file.url}
          alt={t('orders.versions.previewAlt', { number: version.number })}
          mah={large ? 420 : 160}
          w="auto"
          maw="100%"
          fit="contain"
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)' }}
        />
      </Anchor>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={file.url}
        target="_blank"
        rel="noopener"
        variant="light"
        size="sm"
        leftSection={<IconFileTypePdf size={16} />}
        rightSection={<IconExternalLink size={14} />}
      >
        {t('orders.versions.openPdf')}
      </Button>
      <Anchor href={file.url} download={file.originalName} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('orders.versions.download', { name: file.originalName })}
      </Anchor>
    </Group>
  );
}

interface VersionProps {
  side: OrderSide;
  order: Order;
  version: OrderVersion;
  latest: boolean;
  onDeny: () => void;
}

/** One design version: number, date, who sent it, comment, preview and the client's decision; the pending one can be decided. */
function VersionCard({ side, order, version, latest, onDeny }: VersionProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const approve = useOrderAction(side, order.id, 'approve-design');
  const decidable = version.status === 'pending' && !version.locked;
  // Named approvers decide: why this portal user does not approve (not one of them, or their approval is in).
  const approverReason =
    side === 'client' && APPROVER_REASONS.includes(order.abilities.reasons.canApproveDesign as ErrorCode)
      ? deniedReason(t, order.abilities, 'canApproveDesign')
      : null;
  // When the version is decided while the page is open (approved here, or denied in the dialog)
  // its buttons go and the focus would fall to the page: it moves to what was decided instead.
  const decidedBox = useRef<HTMLDivElement>(null);
  const wasPending = useRef(version.status === 'pending');
  useEffect(() => {
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (wasPending.current && version.status !== 'pending' && focusLost) decidedBox.current?.focus();
    wasPending.current = version.status === 'pending';
  }, [version.status]);
  const handleApprove = async () => {
    const ok = await confirmAction({
      title: t('orders.approveDesign.confirmTitle', { number: version.number }),
      message: t('orders.approveDesign.confirmText'),
      confirmLabel: t('orders.approveDesign.button'),
    });
    if (!ok) return;
    await attempt(async () => {
      await approve.mutateAsync({ version: order.version });
      notify.success(t('orders.approveDesign.done', { number: version.number }));
    });
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="li"
      data-testid="order-version"
      style={decidable ? { borderColor: 'var(--mantine-color-orange-5)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h5">
              {t('orders.versions.number', { number: version.number })}
            </Title>
            <VersionStatusBadge status={version.status} />
            {version.locked ? (
              <Badge variant="outline" color="gray" leftSection={<IconLock size={12} />}>
                {t('orders.versions.locked')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {version.createdBy
              ? t('orders.versions.sentBy', { name: version.createdBy, date: formatDateTime(version.createdAt) })
              : formatDateTime(version.createdAt)}
          </Text>
        </Group>
        {version.comment ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {version.comment}
          </Text>
        ) : null}
        <Preview version={version} large={latest} />
        {version.status !== 'pending' ? (
          <Stack ref={decidedBox} tabIndex={-1} gap={4} pt={4} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Text size="sm" fw={500}>
              {t(version.status === 'approved' ? 'orders.versions.approvedBy' : 'orders.versions.deniedBy', {
                name: version.decidedBy ?? '—',
                date: formatDateTime(version.decidedAt),
              })}
            </Text>
            {version.decisionComment ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {version.decisionComment}
              </Text>
            ) : null}
            {version.feedbackFiles.length > 0 ? (
              <FileList files={version.feedbackFiles} label={t('orders.versions.feedbackFiles')} empty="" />
            ) : null}
          </Stack>
        ) : decidable && (order.abilities.canApproveDesign || order.abilities.canDenyDesign) ? (
          <Stack gap="xs">
            {approverReason ? (
              <Text size="sm" c="dimmed" data-testid="order-decision-reason">
                {approverReason}
              </Text>
            ) : null}
            <Group gap="sm" wrap="wrap">
              {order.abilities.canApproveDesign ? (
                <Button
                  color="teal"
                  leftSection={<IconCircleCheck size={16} />}
                  onClick={() => void handleApprove()}
                  loading={approve.isPending}
                >
                  {t('orders.approveDesign.button')}
                </Button>
              ) : null}
              {order.abilities.canDenyDesign ? (
                <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={onDeny}>
                  {t('orders.deny.button')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : decidable && approverReason ? (
          <Text size="sm" c="dimmed" data-testid="order-decision-reason">
            {approverReason}
          </Text>
        ) : decidable ? (
          <Text size="sm" c="dimmed">
            {t('orders.versions.waiting')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

interface ViewProps {
  side: OrderSide;
  order: Order;
  reload: () => Promise<Order | undefined>;
  /** Buttons at the right of the title (the back office's history). */
  headerActions?: ReactNode;
}

/**
 * One request or order as both sides see it: status and latest event, product, description, the
 * request's files, the design versions (newest first; the pending one decided here), final files,
 * the history, and the actions the server's abilities allow (a denied one that matters says why).
 */
export function OrderView({ side, order, reload, headerActions }: ViewProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const [modal, setModal] = useState<ModalKind | null>(null);
  const complete = useOrderAction(side, order.id, 'complete');
  const reorder = useReorder(order.id);
  const a = order.abilities;
  const latest = order.latestEvent ?? order.events[order.events.length - 1] ?? null;
  const closeModal = () => setModal(null);

  const handleComplete = async () => {
    const ok = await confirmAction({
      title: t('orders.complete.confirmTitle', { title: order.title }),
      message: t('orders.complete.confirmText'),
      confirmLabel: t('orders.complete.button'),
    });
    if (!ok) return;
    await attempt(async () => {
      await complete.mutateAsync({ version: order.version });
      notify.success(t('orders.complete.done', { title: order.title }));
    });
  };

  const handleReorder = async () => {
    const ok = await confirmAction({
      title: t('orders.reorder.confirmTitle', { title: order.title }),
      message: t('orders.reorder.confirmText', { quantity: order.quantity }),
      confirmLabel: t('orders.reorder.button'),
    });
    if (!ok) return;
    try {
      const created = await reorder.mutateAsync({});
      notify.success(t('orders.reorder.done', { title: created.title }));
      void navigate(orderPath('client', created.id));
    } catch {
      // The specification's 'Something went wrong'.
      notify.error(t('errors.UNKNOWN'));
    }
  };

  const actions: ActionDef[] =
    side === 'staff'
      ? [
          {
            key: 'canApproveRequest',
            label: t('orders.approve.button'),
            icon: <IconCircleCheck size={16} />,
            color: 'teal',
            variant: 'filled',
            onClick: () => setModal('approve'),
          },
          {
            key: 'canDeclineRequest',
            label: t('orders.decline.button'),
            icon: <IconX size={16} />,
            color: 'red',
            onClick: () => setModal('decline'),
          },
          {
            key: 'canSendVersion',
            label: t('orders.send.button'),
            icon: <IconSend size={16} />,
            variant: 'filled',
            onClick: () => setModal('send'),
            explain: ['ORDER_AWAITING_APPROVAL'],
          },
          {
            key: 'canComplete',
            label: t('orders.complete.button'),
            icon: <IconCircleCheck size={16} />,
            color: 'teal',
            variant: 'filled',
            onClick: () => void handleComplete(),
            explain: order.status === 'in_progress' || order.status === 'pending_approval' ? ['ORDER_NOT_APPROVED'] : [],
          },
          {
            key: 'canAddFiles',
            label: t('orders.addFiles.buttonFinal'),
            icon: <IconPaperclip size={16} />,
            onClick: () => setModal('files'),
          },
          { key: 'canEdit', label: t('orders.edit.button'), icon: <IconEdit size={16} />, onClick: () => setModal('edit') },
        ]
      : [
          {
            key: 'canReorder',
            label: t('orders.reorder.button'),
            icon: <IconRefresh size={16} />,
            variant: 'filled',
            onClick: () => void handleReorder(),
          },
          {
            key: 'canEdit',
            label: t('orders.edit.button'),
            icon: <IconEdit size={16} />,
            onClick: () => setModal('edit'),
            explain: order.status === 'pending_approval' || order.status === 'approved' ? ['ORDER_NOT_EDITABLE'] : [],
          },
          {
            key: 'canAddFiles',
            label: t('orders.addFiles.button'),
            icon: <IconPaperclip size={16} />,
            onClick: () => setModal('files'),
          },
          {
            key: 'canAskInfo',
            label: t('orders.moreInfo.button'),
            icon: <IconHelpCircle size={16} />,
            onClick: () => setModal('info'),
          },
        ];
  const shown = actions.filter((x) => a[x.key] || (a.reasons[x.key] && x.explain?.includes(a.reasons[x.key] as ErrorCode)));
  const busy = (key: AbilityKey) => (key === 'canComplete' && complete.isPending) || (key === 'canReorder' && reorder.isPending);
  const finalVisible =
    side === 'staff' || order.finalFiles.length > 0 || order.status === 'approved' || order.status === 'completed';
  const closed = order.status === 'declined' || order.status === 'completed';

  const modalTitle: Record<ModalKind, string> = {
    edit: t('orders.edit.title'),
    deny: t('orders.deny.title', { number: order.versions[0]?.number ?? '' }),
    info: t('orders.moreInfo.title'),
    files: t(side === 'staff' ? 'orders.addFiles.titleFinal' : 'orders.addFiles.title'),
    approve: t('orders.approve.title'),
    decline: t('orders.decline.title'),
    send: t('orders.send.title'),
  };
  const formProps = { side, order, onDone: closeModal };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" gap="sm" wrap="wrap" align="center">
          <Group gap="sm" wrap="wrap" align="center" style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {order.title}
            </Title>
            <OrderStatusBadge status={order.status} />
            {side === 'staff' ? <UnansweredBadge count={order.openQuestions} /> : null}
            {order.overdue ? <OverdueBadge dueDate={order.dueDate} /> : null}
          </Group>
          {headerActions}
        </Group>
        <Text size="sm" c="dimmed">
          {[
            side === 'staff' ? order.company.name : null,
            order.project ? order.project.name : null,
            order.dueDate ? t('approvals.due', { date: formatDate(order.dueDate) }) : null,
            order.requestedBy
              ? t('orders.detail.requestedBy', { name: order.requestedBy, date: formatDate(order.createdAt) })
              : t('orders.detail.requestedOn', { date: formatDate(order.createdAt) }),
            order.handledBy ? t('orders.detail.handledBy', { name: order.handledBy.name }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {order.reorderedFromId ? (
          <Text size="sm">
            <Anchor component={Link} to={orderPath(side, order.reorderedFromId)}>
              {t('orders.detail.reorderedFrom')}
            </Anchor>
          </Text>
        ) : null}
      </Stack>

      {latest ? (
        <Alert
          variant="light"
          color="gray"
          icon={<IconMessageCircle size={18} />}
          title={t('orders.detail.latestEvent')}
          data-testid="order-latest-event"
        >
          <Text size="sm">
            {eventText(t, latest)} · {formatDateTime(latest.createdAt)}
          </Text>
          {latest.comment ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {latest.comment}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      {order.status === 'declined' ? (
        <Alert color="red" variant="light" title={t('orders.detail.declined')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {order.declineReason ?? ''}
          </Text>
        </Alert>
      ) : null}
      {side === 'client' && order.waitingForYou ? (
        <Alert color="orange" variant="light" title={t('orders.detail.awaitingYou')}>
          {t('orders.detail.awaitingYouText')}
        </Alert>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            {questionThreads(order.events).length > 0 ? (
              <Section title={t('orders.questions.title')}>
                <QuestionThreads side={side} order={order} />
              </Section>
            ) : null}
            <Section title={t('orders.versions.title')}>
              {order.versions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t(
                    order.status === 'requested' || order.status === 'declined'
                      ? 'orders.versions.noneRequest'
                      : 'orders.versions.none',
                  )}
                </Text>
              ) : (
                <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('orders.versions.title')}>
                  {order.versions.map((v, i) => (
                    <VersionCard
                      key={v.id}
                      side={side}
                      order={order}
                      version={v}
                      latest={i === 0}
                      onDeny={() => setModal('deny')}
                    />
                  ))}
                </Stack>
              )}
            </Section>
            <Section title={t('orders.detail.description')}>
              <Text
                size="sm"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                c={order.description ? undefined : 'dimmed'}
              >
                {order.description || t('orders.detail.noDescription')}
              </Text>
            </Section>
            {finalVisible ? (
              <Section title={t('orders.detail.finalFiles')}>
                <FileList
                  files={order.finalFiles}
                  label={t('orders.detail.finalFiles')}
                  empty={t(side === 'staff' ? 'orders.detail.noFinalFilesStaff' : 'orders.detail.noFinalFiles')}
                />
              </Section>
            ) : null}
            <Section title={t('orders.detail.providedFiles')}>
              <FileList
                files={order.providedFiles}
                label={t('orders.detail.providedFiles')}
                empty={t('orders.detail.noProvidedFiles')}
              />
            </Section>
            <Section title={t('orders.detail.history')}>
              <Timeline bulletSize={14} lineWidth={2} active={order.events.length - 1}>
                {order.events.map((e) => (
                  <Timeline.Item
                    key={e.id}
                    title={
                      <Text size="sm" fw={500}>
                        {eventText(t, e)}
                      </Text>
                    }
                  >
                    <Text size="xs" c="dimmed">
                      {formatDateTime(e.createdAt)}
                    </Text>
                    {e.comment ? (
                      <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {e.comment}
                      </Text>
                    ) : null}
                  </Timeline.Item>
                ))}
              </Timeline>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="lg">
            {order.versions.length > 0 || order.approvers.length > 0 || order.dueDate ? <ApproversBlock record={order} /> : null}
            <Section title={t('orders.detail.product')}>
              <Group gap="md" wrap="nowrap" align="flex-start">
                <Thumb src={order.product.thumbnailUrl} alt="" width={96} height={72} />
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="order-product">
                    {order.product.name}
                  </Text>
                  {order.product.isNew ? (
                    <Badge variant="light" color="grape" w="fit-content">
                      {t('orders.detail.newProduct')}
                    </Badge>
                  ) : null}
                  <Text size="sm">{t('orders.detail.quantity', { count: order.quantity })}</Text>
                </Stack>
              </Group>
            </Section>
            {shown.length > 0 || closed ? (
              <Section title={t('orders.detail.actions')}>
                <Stack gap="sm">
                  {shown.map((x) => {
                    const reason = a[x.key] ? null : deniedReason(t, a, x.key);
                    return (
                      <Stack key={x.key} gap={4}>
                        <Button
                          fullWidth
                          justify="flex-start"
                          variant={x.variant ?? 'light'}
                          color={x.color}
                          leftSection={x.icon}
                          onClick={x.onClick}
                          disabled={!a[x.key]}
                          loading={busy(x.key)}
                          aria-describedby={reason ? `reason-${x.key}` : undefined}
                          // A long label wraps in the narrow column instead of being cut off.
                          h="auto"
                          mih={36}
                          py={6}
                          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                        >
                          {x.label}
                        </Button>
                        {reason ? (
                          <Text size="xs" c="dimmed" id={`reason-${x.key}`}>
                            {reason}
                          </Text>
                        ) : null}
                      </Stack>
                    );
                  })}
                  {closed && !a.canReorder ? (
                    <Text size="sm" c="dimmed">
                      {t(order.status === 'declined' ? 'orders.detail.closedDeclined' : 'orders.detail.closedCompleted')}
                    </Text>
                  ) : null}
                </Stack>
              </Section>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>

      <OrderModal title={modal ? modalTitle[modal] : ''} opened={modal !== null} onClose={closeModal}>
        {({ close, closeGuard }) => {
          const p = { ...formProps, closeGuard, onCancel: close };
          switch (modal) {
            case 'edit':
              return <EditOrderForm {...p} reload={reload} />;
            case 'deny':
              return <DenyDesignForm {...p} />;
            case 'info':
              return <MoreInfoForm {...p} />;
            case 'files':
              return <AddFilesForm {...p} />;
            case 'approve':
              return <ApproveRequestForm {...p} />;
            case 'decline':
              return <DeclineRequestForm {...p} />;
            case 'send':
              return <SendVersionForm {...p} />;
            default:
              return null;
          }
        }}
      </OrderModal>
    </Stack>
  );
}

/** Loads one order for a side and shows it; a missing or foreign one is 'not found'. */
export function OrderScreen({ side, orderId, headerActions }: { side: OrderSide; orderId: number; headerActions?: ReactNode }) {
  const q = useOrder(side, orderId);
  if (q.isLoading) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton h={32} w={360} maw="100%" />
        <Skeleton h={80} />
        <Skeleton h={280} />
      </Stack>
    );
  }
  if (q.error || !q.data) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  return <OrderView side={side} order={q.data} reload={async () => (await q.refetch()).data} headerActions={headerActions} />;
}
