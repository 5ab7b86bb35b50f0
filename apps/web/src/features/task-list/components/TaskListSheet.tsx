import type { TaskList, TaskListSection, TaskListTask } from '@app/shared/task-list/task-list';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { areaTitle } from '../../projects/area-label';
import classes from '../TaskList.module.css';

/** The sections worth printing: the rows with tasks (a deck or an area without any adds only paper). */
export function printableSections(list: TaskList): TaskListSection[] {
  return list.sections.filter((s) => s.tasks.length > 0);
}

/** "Dek 5 › Hut 5001" above a section: where the row sits in the tree. */
function contextOf(list: TaskList, s: TaskListSection): string {
  const byId = new Map(list.tree.map((n) => [n.id, n]));
  const parts: string[] = [];
  let at = s.parentId === null ? undefined : byId.get(s.parentId);
  for (let depth = 0; at && depth < 3; depth++) {
    parts.unshift(areaTitle(at));
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  return parts.join(' › ');
}

/** The chosen areas as the header names them: every chosen row's title, or 'Alle ruimtes'. */
function chosenLabel(list: TaskList, allLabel: string): string {
  if (list.chosenIds === null) return allLabel;
  const byId = new Map(list.tree.map((n) => [n.id, n]));
  return list.chosenIds
    .map((id) => byId.get(id))
    .filter((n) => n !== undefined)
    .map((n) => areaTitle(n))
    .join(', ');
}

/**
 * The list as it is printed: a header (project, date, chosen areas), then per area its tasks,
 * each a table of its sub-tasks with a box to tick, amount, assembly notes and order lines. The
 * print stylesheet starts each deck or area on a new page (a sub-area follows its area) and
 * repeats a table's header rows on every page it spans.
 */
export function TaskListSheet({ list, today }: { list: TaskList; today: Date }) {
  const { t, i18n } = useTranslation();
  const sections = printableSections(list);
  const qty = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nl-NL', { maximumFractionDigits: 3 });
  return (
    <div className={classes.sheet} data-testid="task-list-sheet">
      <div className={classes.sheetHeader}>
        <p className={classes.sheetTitle}>
          {t('taskList.title')} · {list.project.name}
        </p>
        <p className={classes.sheetMeta}>{t('taskList.printed', { date: formatDate(today) })}</p>
        <p className={classes.sheetMeta}>
          {t('taskList.header.areas')}: {chosenLabel(list, t('taskList.chooser.allChosen'))}
        </p>
      </div>
      {sections.map((s, i) => {
        const context = contextOf(list, s);
        const subtasks = s.tasks.reduce((n, task) => n + task.subtasks.length, 0);
        return (
          <section
            key={s.id}
            className={classes.section}
            data-break={i > 0 && s.kind !== 'subarea' ? 'page' : undefined}
            aria-labelledby={`tl-area-${s.id}`}
          >
            <div className={classes.sectionHead}>
              {context ? <p className={classes.context}>{context}</p> : null}
              <h3 id={`tl-area-${s.id}`} className={classes.areaTitle}>
                {areaTitle(s)}
              </h3>
              <p className={classes.sheetMeta}>
                {t('taskList.taskCount', { count: s.tasks.length })}, {t('taskList.subtaskCount', { count: subtasks })}
              </p>
            </div>
            {s.tasks.map((task) => (
              <TaskTable key={task.id} task={task} areaLabel={areaTitle(s)} formatQty={(n) => qty.format(n)} />
            ))}
          </section>
        );
      })}
    </div>
  );
}

function TaskTable({ task, areaLabel, formatQty }: { task: TaskListTask; areaLabel: string; formatQty: (n: number) => string }) {
  const { t } = useTranslation();
  return (
    <table className={classes.table}>
      <thead>
        <tr className={classes.taskRow}>
          <th colSpan={6} scope="colgroup">
            <span className={classes.taskHead}>
              <span className={classes.tick} aria-hidden>
                {task.status === 'completed' ? '☑' : '☐'}
              </span>
              <h4 className={classes.taskName}>{task.name}</h4>
              <span className={classes.taskMeta}>
                {t(`tasks.status.${task.status}`)}
                {task.assignee ? ` · ${t('taskList.assignee', { name: task.assignee.name })}` : ''}
                <span className={classes.printOnly}> · {areaLabel}</span>
              </span>
            </span>
          </th>
        </tr>
        <tr className={classes.columns}>
          <th scope="col" className={classes.tickCol}>
            {t('taskList.columns.done')}
          </th>
          <th scope="col" className={classes.nameCol}>
            {t('taskList.columns.subtask')}
          </th>
          <th scope="col" className={classes.amountCol}>
            {t('taskList.columns.amount')}
          </th>
          <th scope="col" className={classes.assemblyCol}>
            {t('taskList.columns.assembly')}
          </th>
          <th scope="col" className={classes.linesCol}>
            {t('taskList.columns.orderLines')}
          </th>
          <th scope="col" className={classes.notesCol}>
            {t('taskList.columns.notes')}
          </th>
        </tr>
      </thead>
      <tbody>
        {task.notes ? (
          <tr className={classes.notesRow}>
            <td colSpan={6}>
              <strong>{t('taskList.columns.notes')}:</strong> {task.notes}
            </td>
          </tr>
        ) : null}
        {task.subtasks.length === 0 ? (
          <tr>
            <td colSpan={6} className={classes.muted}>
              {t('taskList.noSubtasks')}
            </td>
          </tr>
        ) : (
          task.subtasks.map((s) => (
            <tr key={s.id} className={classes.subtaskRow}>
              <td className={classes.tickCol}>
                <span className={classes.tick} aria-hidden>
                  {s.status === 'closed' ? '☑' : '☐'}
                </span>
                {s.status === 'closed' ? <span className="visually-hidden">{t('taskList.closed')}</span> : null}
              </td>
              <td data-label={t('taskList.columns.subtask')} className={classes.nameCell}>
                {s.name}
                {s.assignee ? <span className={classes.cellMeta}>{s.assignee.name}</span> : null}
              </td>
              <td data-label={t('taskList.columns.amount')} className={classes.amountCol}>
                {s.amount}
              </td>
              <td data-label={t('taskList.columns.assembly')} className={classes.pre}>
                {s.assembly}
              </td>
              <td data-label={t('taskList.columns.orderLines')}>
                {s.orderLines.map((l) => (
                  <div key={l.id} className={classes.line}>
                    {formatQty(l.quantity)}× {l.code ? <span className={classes.code}>{l.code}</span> : null} {l.name}
                  </div>
                ))}
              </td>
              <td data-label={t('taskList.columns.notes')} className={classes.pre}>
                {s.notes}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
