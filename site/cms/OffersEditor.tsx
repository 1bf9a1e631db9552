/**
 * An offer list in edit mode: 'Crear nueva oferta' (tour, period, discount, coupon, optional flights;
 * 'Publicar' / 'Creando'), and each offer with its edit form (discount, coupon, status; 'Guardando...'),
 * 'Cancelar' and delete. Inactive offers show dimmed and labelled: visitors never see them.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { formatDateRange } from '#shared/rules/dates.ts';
import { formatEuros } from '#shared/rules/money.ts';
import {
  $offersEditor,
  cancelEdit,
  chooseOfferTour,
  closeCreate,
  createOffer,
  deleteOffer,
  loadOffers,
  type OfferSlider,
  openCreate,
  openEdit,
  saveOffer,
  searchOfferTours,
  setCreateField,
  setCreateFlights,
  setEditField,
} from '../stores/cms-offers.ts';
import { ConfirmDelete } from './RollEditor.tsx';

const STATUS_LABELS = { active: 'Activo', inactive: 'Inactivo' } as const;

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="cms-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="cms-error">
          {error}
        </p>
      )}
    </div>
  );
}

function CreateForm() {
  const { create } = useStore($offersEditor);
  const period = create.periods.find((p) => p.id === create.periodId);
  const err = (name: string) => create.errors[name];
  const aria = (id: string, name: string) => ({ 'aria-invalid': err(name) ? true : undefined, 'aria-describedby': err(name) ? `${id}-error` : undefined });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await createOffer();
  };
  return (
    <form className="cms-form" onSubmit={onSubmit} noValidate aria-label="Crear nueva oferta">
      <div className="cms-fields">
        <Field id="oferta-buscar" label="Buscar tour">
          <input
            id="oferta-buscar"
            type="search"
            value={create.tourQuery}
            placeholder="Nombre del tour"
            onChange={(e) => void searchOfferTours(e.target.value)}
          />
        </Field>
        <Field id="oferta-tour" label="Tour" error={err('tourId')}>
          <select id="oferta-tour" value={create.tourId} onChange={(e) => void chooseOfferTour(e.target.value)} {...aria('oferta-tour', 'tourId')}>
            <option value="">Elige un tour</option>
            {create.tours.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="oferta-periodo" label="Periodo" error={err('periodId')}>
          <select
            id="oferta-periodo"
            value={create.periodId}
            onChange={(e) => setCreateField('periodId', e.target.value)}
            {...aria('oferta-periodo', 'periodId')}
          >
            <option value="">Elige un periodo</option>
            {create.periods.map((p) => (
              <option key={p.id} value={p.id}>
                {formatDateRange({ from: p.dayOne, to: p.returnDate })}
              </option>
            ))}
          </select>
        </Field>
        <Field id="oferta-descuento" label="Descuento (€ por persona)" error={err('discount')}>
          <input
            id="oferta-descuento"
            inputMode="decimal"
            value={create.discount}
            onChange={(e) => setCreateField('discount', e.target.value)}
            {...aria('oferta-descuento', 'discount')}
          />
        </Field>
        <Field id="oferta-cupon" label="Cupón" error={err('coupon')}>
          <input
            id="oferta-cupon"
            value={create.coupon}
            maxLength={40}
            autoCapitalize="characters"
            onChange={(e) => setCreateField('coupon', e.target.value)}
            {...aria('oferta-cupon', 'coupon')}
          />
        </Field>
      </div>
      {period && period.flights.length > 0 && (
        <fieldset className="cms-flights">
          <legend>Vuelos (opcional)</legend>
          {period.flights.map((f) => (
            <label key={f.id} className="cms-check">
              <input
                type="checkbox"
                checked={create.flightIds.includes(f.id)}
                onChange={(e) => setCreateFlights(e.target.checked ? [...create.flightIds, f.id] : create.flightIds.filter((id) => id !== f.id))}
              />
              {f.name}
            </label>
          ))}
          {err('flightIds') && <p className="cms-error">{err('flightIds')}</p>}
        </fieldset>
      )}
      <div className="cms-actions">
        <button type="submit" className="cms-button cms-button--primary" disabled={create.creating}>
          {create.creating && <span className="cms-spinner" aria-hidden="true" />}
          {create.creating ? 'Creando' : 'Publicar'}
        </button>
        <button type="button" className="cms-button" onClick={closeCreate} disabled={create.creating}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

function EditForm() {
  const { edit } = useStore($offersEditor);
  if (!edit) return null;
  const id = (name: string) => `oferta-${edit.id}-${name}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await saveOffer();
  };
  return (
    <form className="cms-form" onSubmit={onSubmit} noValidate aria-label="Editar oferta">
      <div className="cms-fields">
        <Field id={id('descuento')} label="Descuento (€ por persona)" error={edit.errors.discount}>
          <input
            id={id('descuento')}
            inputMode="decimal"
            value={edit.discount}
            onChange={(e) => setEditField('discount', e.target.value)}
            aria-invalid={edit.errors.discount ? true : undefined}
            aria-describedby={edit.errors.discount ? `${id('descuento')}-error` : undefined}
          />
        </Field>
        <Field id={id('cupon')} label="Cupón" error={edit.errors.coupon}>
          <input
            id={id('cupon')}
            value={edit.coupon}
            maxLength={40}
            onChange={(e) => setEditField('coupon', e.target.value)}
            aria-invalid={edit.errors.coupon ? true : undefined}
            aria-describedby={edit.errors.coupon ? `${id('cupon')}-error` : undefined}
          />
        </Field>
        <Field id={id('estado')} label="Estado">
          <select id={id('estado')} value={edit.status} onChange={(e) => setEditField('status', e.target.value as 'active' | 'inactive')}>
            <option value="active">Activo</option>
            <option value="inactive">Inactivo</option>
          </select>
        </Field>
      </div>
      <div className="cms-actions">
        <button type="submit" className="cms-button cms-button--primary" disabled={edit.saving}>
          {edit.saving && <span className="cms-spinner" aria-hidden="true" />}
          {edit.saving ? 'Guardando...' : 'Guardar'}
        </button>
        <button type="button" className="cms-button" onClick={cancelEdit} disabled={edit.saving}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

export default function OffersEditor({ slider }: { slider: OfferSlider }) {
  const { status, list, create, edit, message } = useStore($offersEditor);
  useEffect(() => {
    void loadOffers(slider);
  }, [slider]);
  return (
    <section className="cms-panel" aria-labelledby="cms-ofertas">
      <div className="cms-panel__head">
        <h2 id="cms-ofertas">Ofertas · edición</h2>
        {!create.open && (
          <button type="button" className="cms-button cms-button--primary" onClick={openCreate}>
            Crear nueva oferta
          </button>
        )}
      </div>
      <p className="cms-message" role="status" aria-live="polite">
        {message ?? ''}
      </p>
      {create.open && <CreateForm />}
      {status === 'loading' && <p className="cms-muted">Cargando ofertas…</p>}
      {list && list.offers.length === 0 && <p className="cms-muted">Esta lista aún no tiene ofertas.</p>}
      <ul className="cms-list">
        {list?.offers.map((offer) => (
          <li key={offer.id} className={offer.status === 'active' ? 'cms-item' : 'cms-item cms-item--dimmed'} data-testid="cms-offer">
            <div className="cms-item__head">
              <strong>{offer.tour.name}</strong>
              <span className={`cms-badge cms-badge--${offer.status}`}>{STATUS_LABELS[offer.status]}</span>
              <span className="cms-muted">
                {formatDateRange({ from: offer.period.dayOne, to: offer.period.returnDate })} · −{formatEuros(offer.discountCents)} · {offer.coupon} ·{' '}
                {formatEuros(offer.discountedPriceCents)}
              </span>
              <span className="cms-item__actions">
                {edit?.id !== offer.id && (
                  <button type="button" className="cms-button" onClick={() => openEdit(offer.id)} aria-label={`Editar la oferta de ${offer.tour.name}`}>
                    Editar
                  </button>
                )}
                <ConfirmDelete label={`Eliminar la oferta de ${offer.tour.name}`} onConfirm={() => void deleteOffer(offer.id)} />
              </span>
            </div>
            {edit?.id === offer.id && <EditForm />}
          </li>
        ))}
      </ul>
    </section>
  );
}
