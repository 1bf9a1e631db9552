import { useStore } from '@nanostores/react';
import { countDaysBetween } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { OVERDUE_SORTS, OverdueRow } from '#shared/schemas/balances.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { ConfirmDialog, TextField } from '../../staff-kit/ConfirmDialog.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { moment, shortDay } from '../../staff-kit/format.ts';
import { FilterInput, ListDesk, ListFilters, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { askPress, balances, closePress, confirmPress, openBalances, setPressField } from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

/** Whole days from a deadline's date to today's (the same count whatever the hour). */
const daysSince = (day: string) => Math.max(0, countDaysBetween({ from: day, to: new Date().toISOString().slice(0, 10) }));

const column = columnsOf<OverdueRow>();
const columns = column.columns([
  column.accessor('differentId', {
    header: 'Reserva',
    cell: (info) => (
      <a href={`/admin/booking/${info.row.original.id}`}>
        {info.getValue()}
        {info.row.original.tkId ? <small> {info.row.original.tkId}</small> : null}
      </a>
    ),
  }),
  column.accessor('leadName', {
    header: 'Titular',
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.email ? <small>{info.row.original.email}</small> : null}
        {info.row.original.phone ? <small>{info.row.original.phone}</small> : null}
        {info.row.original.retailerName ? <small>Agencia: {info.row.original.retailerName}</small> : null}
      </>
    ),
  }),
  column.accessor('tourName', { header: 'Tour' }),
  column.accessor('dayOne', { header: 'Salida', cell: (info) => shortDay(info.getValue()) }),
  column.accessor('overdueCents', {
    header: 'Vencido',
    cell: (info) => (
      <>
        <strong>{formatEuros(info.getValue())}</strong>
        <small>de {formatEuros(info.row.original.remainingCents)} pendientes</small>
      </>
    ),
  }),
  column.accessor('owedSince', {
    header: 'Desde',
    cell: (info) => {
      const days = daysSince(info.getValue());
      return (
        <>
          {shortDay(info.getValue())}
          <small>{days === 1 ? 'hace 1 día' : `hace ${days} días`}</small>
        </>
      );
    },
  }),
  column.accessor('lastRemindedAt', { header: 'Último recordatorio', cell: (info) => (info.getValue() ? moment(info.getValue()) : 'Ninguno') }),
  column.display({
    id: 'actions',
    header: 'Acciones',
    cell: (info) => {
      const row = info.row.original;
      const who = `la reserva ${row.differentId}`;
      return (
        <div className="admin-row-actions">
          <button type="button" className="admin-button-secondary" onClick={() => askPress('remind', row)} aria-label={`Recordar el pago de ${who}`}>
            Recordar
          </button>
          <button type="button" className="admin-button-secondary" onClick={() => askPress('extend', row)} aria-label={`Ampliar el plazo de ${who}`}>
            Ampliar plazo
          </button>
          <a className="admin-button-secondary" href={`/admin/booking/${row.id}#pagos`} aria-label={`Registrar un pago de ${who}`}>
            Registrar pago
          </a>
          <button type="button" className="admin-button-secondary" onClick={() => askPress('cancel', row)} aria-label={`Cancelar ${who}`}>
            Cancelar
          </button>
        </div>
      );
    },
  }),
]);
const SORT_OF: Partial<Record<string, (typeof OVERDUE_SORTS)[number]>> = { owedSince: 'owedSince', dayOne: 'dayOne' };

function PressDialog() {
  const { press } = useStore(balances.$state);
  if (!press) return null;
  const { row } = press;
  const common = { error: press.error, sending: press.sending, onConfirm: () => void confirmPress(), onClose: closePress };
  if (press.kind === 'remind') {
    return (
      <ConfirmDialog {...common} title={`Recordar el pago de la reserva ${row.differentId}`} confirm="Enviar recordatorio" working="Enviando…">
        <p>
          {row.email ? `Se enviará a ${row.email}` : 'Se enviará al titular'} un recordatorio por {formatEuros(row.overdueCents)}, vencido desde el{' '}
          {shortDay(row.owedSince)}, con el enlace para pagar.
        </p>
      </ConfirmDialog>
    );
  }
  if (press.kind === 'extend') {
    return (
      <ConfirmDialog {...common} title={`Ampliar el plazo de la reserva ${row.differentId}`} confirm="Ampliar plazo" working="Guardando…">
        <p>
          El plazo del {shortDay(row.owedSince)} pasa a la fecha que elijas, antes de la salida del {shortDay(row.dayOne)}. El motivo queda en el historial.
        </p>
        <TextField label="Nueva fecha" type="date" value={press.date} error={press.fields['date']} onChange={(v) => setPressField('date', v)} />
        <TextField label="Motivo" value={press.reason} error={press.fields['reason']} onChange={(v) => setPressField('reason', v)} />
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog {...common} title={`Cancelar la reserva ${row.differentId}`} confirm="Cancelar la reserva" back="Volver" working="Cancelando…" danger>
      <p>
        La reserva se cancela y sus plazas vuelven a la venta. Lo ya pagado ({formatEuros(row.paidCents)}) no se devuelve solo: si corresponde devolver algo,
        hazlo desde la reserva.
      </p>
      <TextField label="Motivo de la cancelación" value={press.reason} error={press.fields['reason']} onChange={(v) => setPressField('reason', v)} />
    </ConfirmDialog>
  );
}

function Desk() {
  const state = useListScreen(balances, () => openBalances(location.search));
  const filtered = Object.values(state.applied).some(Boolean);
  return (
    <>
      <ListDesk
        screen={balances}
        state={state}
        columns={columns}
        rowsOf={(answer) => answer}
        noun={['reserva con pagos vencidos', 'reservas con pagos vencidos']}
        label="Reservas con pagos vencidos"
        sortOf={(id) => SORT_OF[id]}
        filters={
          <ListFilters label="Filtrar cobros" onApply={() => void balances.apply()} onClear={filtered ? () => void balances.clear() : null}>
            <FilterInput
              name="q"
              label="Buscar"
              type="search"
              placeholder="Nombre, correo, teléfono, tkId o referencia"
              value={state.form.q}
              error={state.errors['q']}
              onChange={(v) => balances.setFilter('q', v)}
            />
            <FilterSelect
              name="retailerId"
              label="Agencia"
              value={state.form.retailerId}
              options={state.retailers.map((r) => ({ value: r.id, label: r.name }))}
              onChange={(v) => balances.setFilter('retailerId', v)}
            />
          </ListFilters>
        }
        empty={filtered ? 'Ninguna reserva con pagos vencidos coincide con esos filtros.' : 'No hay pagos vencidos: todo está cobrado a su fecha.'}
      />
      <PressDialog />
    </>
  );
}
