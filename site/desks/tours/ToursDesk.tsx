import { TOUR_TYPES } from '#shared/enums.ts';
import { pathTo } from '#shared/routes.ts';
import { type AdminTourRow, TOUR_STATUSES } from '#shared/schemas/admin-tours.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { ConfirmDialog } from '../../staff-kit/ConfirmDialog.tsx';
import { columnsOf } from '../../staff-kit/DataTable.tsx';
import { FilterSelect } from '../../staff-kit/FilterSelect.tsx';
import { shortDay } from '../../staff-kit/format.ts';
import { FilterInput, ListDesk, ListFilters, useListScreen } from '../../staff-kit/ListFrame.tsx';
import { closePublish, confirmPublish, openPublish, type TourFilter, tours } from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Desk);

const TYPE_LABELS: Record<(typeof TOUR_TYPES)[number], string> = { Group: 'En grupo', FIT: 'A medida (FIT)', Private: 'Privado' };
const STATUS_LABELS: Record<(typeof TOUR_STATUSES)[number], string> = { ACTIVE: 'Activo', UPDATING: 'Actualizándose', INACTIVE: 'Inactivo' };

const column = columnsOf<AdminTourRow>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Tour',
    cell: (info) => {
      const r = info.row.original;
      return (
        <>
          <a href={`/admin/tour/${r.id}`}>{r.name}</a>
          <small>
            {TYPE_LABELS[r.tourType]}
            {r.destinations.length ? ` · ${r.destinations.join(', ')}` : ''}
          </small>
        </>
      );
    },
  }),
  column.accessor('publishWeb', {
    header: 'En la web',
    cell: (info) => {
      const r = info.row.original;
      return (
        <>
          {r.publishWeb ? 'Publicado' : 'Oculto'}
          {r.publishWeb ? (
            <small>
              <a href={`/tour/${r.webSlug}`}>Ver en la web</a>
            </small>
          ) : null}
          <small>{r.bookable ? 'Reservable' : 'No reservable'}</small>
        </>
      );
    },
  }),
  column.accessor('status', { header: 'Estado', cell: (info) => STATUS_LABELS[info.getValue()] }),
  column.accessor('nextDepartures', {
    header: 'Próximas salidas',
    cell: (info) => {
      const r = info.row.original;
      if (r.nextDepartures.length === 0) return 'Sin salidas próximas';
      return (
        <ul className="admin-plain-list">
          {r.nextDepartures.map((d) => (
            <li key={d.periodId}>
              <a href={`/admin/bookings/${d.periodId}`}>{shortDay(d.dayOne)}</a>: {d.sold} de {d.capacity} plazas vendidas
              {d.webBookable ? '' : ' (no se vende en la web)'} ·{' '}
              <a href={pathTo('admin-tour-survey', { tourID: r.id, id: d.periodId })} aria-label={`Encuesta y fotos de la salida del ${shortDay(d.dayOne)}`}>
                Encuesta y fotos
              </a>{' '}
              ·{' '}
              <a href={pathTo('admin-tour-guide', { tourID: r.id, periodID: d.periodId })} aria-label={`Guías de la salida del ${shortDay(d.dayOne)}`}>
                Guías
              </a>
            </li>
          ))}
          {r.upcomingDepartures > r.nextDepartures.length ? <li>y {r.upcomingDepartures - r.nextDepartures.length} más</li> : null}
        </ul>
      );
    },
  }),
  column.display({
    id: 'actions',
    header: 'Acciones',
    cell: (info) => {
      const r = info.row.original;
      return (
        <button type="button" className="admin-button-secondary" onClick={() => openPublish(r)}>
          {r.publishWeb ? `Ocultar «${r.name}» de la web` : `Publicar «${r.name}» en la web`}
        </button>
      );
    },
  }),
]);

function Desk() {
  const state = useListScreen(tours);
  const { answer, dialog } = state;
  const select = (name: TourFilter, label: string, options: readonly { value: string; label: string }[]) => (
    <FilterSelect name={name} label={label} value={state.form[name]} options={options} onChange={(value) => tours.setFilter(name, value)} />
  );

  return (
    <>
      <ListDesk
        screen={tours}
        state={state}
        columns={columns}
        rowsOf={(answer) => answer}
        noun={['tour', 'tours']}
        label="Lista de tours"
        rowClassName={(row) => (row.publishWeb ? undefined : 'admin-row--muted')}
        filters={
          <ListFilters label="Filtrar tours" onApply={() => void tours.apply()} onClear={() => void tours.clear()}>
            <FilterInput
              name="q"
              label="Buscar"
              type="search"
              placeholder="Nombre o dirección web"
              value={state.form.q}
              error={state.errors.q}
              onChange={(value) => tours.setFilter('q', value)}
            />
            {select(
              'type',
              'Tipo',
              TOUR_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })),
            )}
            {select(
              'status',
              'Estado',
              TOUR_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
            )}
            {select(
              'destination',
              'Destino',
              (answer?.destinations ?? []).map((d) => ({ value: d.slug, label: d.name })),
            )}
            {select('publishWeb', 'En la web', [
              { value: '1', label: 'Publicados' },
              { value: '0', label: 'Ocultos' },
            ])}
            {select('bookable', 'Reservable', [
              { value: '1', label: 'Reservables' },
              { value: '0', label: 'No reservables' },
            ])}
          </ListFilters>
        }
        empty="Ningún tour coincide con esos filtros."
      />

      {dialog ? (
        <ConfirmDialog
          title={dialog.publish ? `Publicar «${dialog.tour.name}» en la web` : `Ocultar «${dialog.tour.name}» de la web`}
          error={dialog.error}
          sending={dialog.sending}
          confirm={dialog.publish ? 'Publicar' : 'Ocultar'}
          working={dialog.publish ? 'Publicando…' : 'Ocultando…'}
          danger={!dialog.publish}
          onConfirm={() => void confirmPublish()}
          onClose={closePublish}
        >
          <p>
            {dialog.publish
              ? 'Su página y sus salidas volverán a verse en la web y en los listados en cuanto termine la reconstrucción.'
              : 'Su página dejará de verse en la web y saldrá de los listados. Las reservas ya hechas no cambian.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
