/**
 * /admin/guia/gastos and /admin/guia/gastos-extra: the expenses a guide paid on tour, per departure with
 * totals in euros, each with its receipt and staff's decision. A guide sees their own; staff see every
 * guide's, filter them by guide, departure and status, and approve or reject them (a rejection says why).
 * The extra page lists only the expenses outside the departure's budget.
 */
import { useStore } from '@nanostores/react';
import { pathTo } from '#shared/routes.ts';
import { formatEuros } from '#shared/rules/money.ts';
import { EXPENSE_KIND_LABELS, EXPENSE_STATUS_LABELS, EXPENSE_STATUSES, type ExpenseKind, type GuideExpenseView } from '#shared/schemas/guide-tools.ts';
import { ConfirmDialog, AdminField } from '../../staff-kit/ConfirmDialog.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { counted, moment, shortDay } from '../../staff-kit/format.ts';
import { useListScreen } from '../../staff-kit/ListFrame.tsx';
import { TableFrame } from '../../staff-kit/TableFrame.tsx';
import { guarded } from '../../islands/SessionGuard.tsx';
import { chooseFilter, closeDecision, type ExpenseFilter, expenses, openDecision, openExpenses, sendDecision, setDecisionReason } from './store.ts';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import '../../islands/admin/admin.css';
import '../../islands/guides/guides.css';

/** On /admin/guia/gastos-extra, `kind` EXTRA: only the expenses outside the departure's budget. */
export default guarded('staff', Screen);

const TONE = { PENDING: 'admin-status--waiting_for_transfer', APPROVED: 'admin-status--confirmed', REJECTED: 'admin-status--canceled' } as const;

/** An amount in hundredths of its currency, written as the shop writes euros: '1.500 JPY', '10,05 USD'. */
const foreignAmount = (amount: number, currency: string) => formatEuros(amount).replace(/ €$/, ` ${currency}`);
const rate = (value: number) => value.toLocaleString('es-ES', { maximumFractionDigits: 6 });

function Expense({ expense, staff }: { expense: GuideExpenseView; staff: boolean }) {
  const { dialog } = useStore(expenses.$state);
  return (
    <li className="guide-expense">
      <div>
        <strong>{expense.concept}</strong>
        <br />
        <small>
          {shortDay(expense.spentOn)} · {expense.tourName} ({shortDay(expense.dayOne)}) · {EXPENSE_KIND_LABELS[expense.kind]}
          {staff ? ` · ${expense.guideName}` : ''}
        </small>
        <br />
        <span className={`admin-status ${TONE[expense.status]}`}>{EXPENSE_STATUS_LABELS[expense.status]}</span>
        {expense.decisionReason ? <span> Motivo: {expense.decisionReason}</span> : null}
        {expense.decidedAt ? <small> · {moment(expense.decidedAt)}</small> : null}
      </div>
      <div className="guide-expense__amount">
        {formatEuros(expense.amountEurCents)}
        {expense.curency !== 'EUR' ? (
          <>
            <br />
            <small>
              {foreignAmount(expense.amount, expense.curency)} a {rate(expense.exchangeRate)} €
            </small>
          </>
        ) : null}
        <br />
        {expense.receiptUrl ? (
          <a href={expense.receiptUrl} target="_blank" rel="noopener">
            <img className="guide-expense__photo" src={expense.receiptUrl} alt={`Recibo: ${expense.concept}`} loading="lazy" width="96" height="72" />
          </a>
        ) : (
          <small>Sin recibo</small>
        )}
      </div>
      {staff && expense.status === 'PENDING' ? (
        <div className="guide-expense__actions">
          <button type="button" className="button" disabled={dialog !== null} onClick={() => openDecision(expense, 'APPROVED')}>
            Aprobar
          </button>
          <button type="button" className="admin-button-secondary" disabled={dialog !== null} onClick={() => openDecision(expense, 'REJECTED')}>
            Rechazar
          </button>
        </div>
      ) : null}
    </li>
  );
}

function Screen({ kind = null }: { kind?: ExpenseKind | null }) {
  const state = useListScreen(expenses, () => openExpenses(kind));
  const { answer: list, form: filters, dialog } = state;
  if (state.status === 'loading') return <p role="status">Cargando los gastos…</p>;
  if (!list)
    return (
      <p role="alert" className="admin-alert">
        {state.message}
      </p>
    );
  const staff = list.viewer === 'admin';
  const select = (key: ExpenseFilter, label: string, all: string, options: { value: string; label: string }[]) => (
    <FilterSelect name={key} label={label} all={all} value={filters[key]} options={options} onChange={(value) => chooseFilter(key, value)} />
  );
  const registerHref = `${pathTo('admin-guide-expense-new')}${kind === 'EXTRA' ? '?tipo=extra' : ''}`;
  return (
    <div className="guide">
      {kind === 'EXTRA' ? (
        <p className="guide-muted">
          Gastos fuera del presupuesto de la salida: imprevistos que el guía pagó para resolver un problema (un taxi al hospital, un traslado perdido).
          Necesitan el recibo y la aprobación de la oficina.
        </p>
      ) : null}
      <p className="admin-toolbar">
        {staff ? null : (
          <a className="button" href={registerHref}>
            {kind === 'EXTRA' ? 'Registrar un gasto extra' : 'Registrar un gasto'}
          </a>
        )}{' '}
        {kind === 'EXTRA' ? (
          <a href={pathTo('admin-guide-expenses')}>Todos los gastos</a>
        ) : (
          <a href={pathTo('admin-guide-extra-expenses')}>Solo los gastos extra</a>
        )}
      </p>
      <search>
        <form className="admin-filters" aria-label="Filtrar gastos" onSubmit={(e) => e.preventDefault()}>
          {staff
            ? select(
                'guideId',
                'Guía',
                'Todos los guías',
                list.guides.map((g) => ({ value: g.id, label: g.name })),
              )
            : null}
          {select(
            'periodId',
            'Salida',
            'Todas las salidas',
            list.departures.map((d) => ({ value: d.periodId, label: `${d.tourName} · ${shortDay(d.dayOne)}` })),
          )}
          {select(
            'status',
            'Estado',
            'Todos los estados',
            EXPENSE_STATUSES.map((s) => ({ value: s, label: EXPENSE_STATUS_LABELS[s] })),
          )}
        </form>
      </search>
      <Outcome done={state.done} message={state.message} />
      <section aria-labelledby="totales" className="guide-section">
        <h2 id="totales">Totales por salida</h2>
        {list.totals.length === 0 ? (
          <p>No hay gastos con estos filtros.</p>
        ) : (
          <TableFrame label="Totales por salida">
            <table className="guide-totals">
              <caption className="visually-hidden">Totales en euros por salida</caption>
              <thead>
                <tr>
                  <th scope="col">Salida</th>
                  {['Gastos', 'Total', 'Aprobado', 'Pendiente'].map((h) => (
                    <th key={h} scope="col" className="num">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.totals.map((t) => (
                  <tr key={t.periodId}>
                    <th scope="row">
                      {t.tourName} · {shortDay(t.dayOne)}
                    </th>
                    <td className="num">{t.count}</td>
                    <td className="num">{formatEuros(t.totalEurCents)}</td>
                    <td className="num">{formatEuros(t.approvedEurCents)}</td>
                    <td className="num">{formatEuros(t.pendingEurCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
      <section aria-labelledby="gastos" className="guide-section">
        <h2 id="gastos">{counted(list.expenses.length, 'gasto', 'gastos')}</h2>
        <ul className="guide-expenses">
          {list.expenses.map((e) => (
            <Expense key={e.id} expense={e} staff={staff} />
          ))}
        </ul>
      </section>
      {dialog ? (
        <ConfirmDialog
          title={`${dialog.status === 'APPROVED' ? 'Aprobar' : 'Rechazar'} «${dialog.expense.concept}»`}
          error={dialog.error}
          sending={dialog.sending}
          confirm={dialog.status === 'APPROVED' ? 'Aprobar el gasto' : 'Rechazar el gasto'}
          working="Guardando…"
          danger={dialog.status === 'REJECTED'}
          onConfirm={() => void sendDecision()}
          onClose={closeDecision}
        >
          <p>
            {dialog.expense.guideName} · {formatEuros(dialog.expense.amountEurCents)} · {dialog.expense.tourName}
          </p>
          <AdminField label={dialog.status === 'APPROVED' ? 'Nota (opcional)' : 'Motivo del rechazo'} error={dialog.error ? null : undefined}>
            {(props) => <textarea {...props} value={dialog.reason} maxLength={1000} onChange={(e) => setDecisionReason(e.target.value)} />}
          </AdminField>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
