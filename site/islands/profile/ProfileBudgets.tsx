/**
 * /perfil/presupuestos-y-favoritos: the saved budgets, each with what it cost then and costs today, what
 * changed (price, seats, the departure no longer sold), 'Continuar reserva' and a delete that asks first;
 * then the favourite tours, each linking to its page, with 'Quitar'.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { formatDateRange } from '#shared/rules/dates.ts';
import { formatFromPrice } from '#shared/rules/labels.ts';
import { formatEuros } from '#shared/rules/money.ts';
import type { BudgetView, FavoriteTourView } from '#shared/schemas/me-lists.ts';
import { $budgets, $favorites, askToDeleteBudget, deleteBudget, keepBudget, loadBudgets, loadFavorites, removeFavorite } from '../../stores/profile-lists.ts';
import SessionGuard from '../SessionGuard.tsx';
import './profile.css';

export default function ProfileBudgets() {
  return (
    <SessionGuard area="profile">
      <Budgets />
      <Favorites />
    </SessionGuard>
  );
}

function Budgets() {
  const { status, budgets, confirming, deleting, done, message } = useStore($budgets);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void loadBudgets();
  }, []);
  const onDelete = async (id: string) => {
    if (await deleteBudget(id)) heading.current?.focus();
  };
  return (
    <section className="profile-section" aria-labelledby="presupuestos">
      <h2 id="presupuestos" ref={heading} tabIndex={-1}>
        Presupuestos guardados
      </h2>
      <p role="status" className="profile-done">
        {done ?? ''}
      </p>
      {status === 'loading' && !budgets && <p>Cargando tus presupuestos…</p>}
      {status === 'failed' && <p role="alert">{message}</p>}
      {budgets && budgets.length === 0 && (
        <div className="profile-empty">
          <p>No tienes presupuestos guardados. Mientras reservas un viaje, pulsa 'Guardar presupuesto' y lo encontrarás aquí para seguir cuando quieras.</p>
          <a className="button" href="/viajes">
            Descubre nuestros viajes
          </a>
        </div>
      )}
      {budgets && budgets.length > 0 && (
        <ul className="profile-trips">
          {budgets.map((budget) => (
            <BudgetCard
              key={budget.id}
              budget={budget}
              confirming={confirming === budget.id}
              deleting={deleting === budget.id}
              error={confirming === budget.id ? message : null}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function BudgetCard({
  budget,
  confirming,
  deleting,
  error,
  onDelete,
}: {
  budget: BudgetView;
  confirming: boolean;
  deleting: boolean;
  error: string | null;
  onDelete: (id: string) => void;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Focus follows the question, and back to 'Eliminar' when the traveller keeps the budget.
    if (confirming) question.current?.focus();
    else if (asked.current) deleteButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const titleId = `presupuesto-${budget.id}`;
  return (
    <li className="profile-trip profile-budget" aria-labelledby={titleId}>
      <h3 id={titleId}>{budget.budgetName}</h3>
      <p className="profile-budget__tour">{budget.tourName}</p>
      <p className="profile-trip__dates">
        {formatDateRange({ from: budget.dayOne, to: budget.returnDate })} · {budget.travellers} {budget.travellers === 1 ? 'viajero' : 'viajeros'}
      </p>
      <dl className="profile-amounts">
        <div>
          <dt>Precio guardado</dt>
          <dd>{formatEuros(budget.savedCents)}</dd>
        </div>
        {budget.currentCents !== null && (
          <div>
            <dt>Precio hoy</dt>
            <dd className={budget.priceChanged ? 'profile-amounts__changed' : undefined}>{formatEuros(budget.currentCents)}</dd>
          </div>
        )}
      </dl>
      {budget.notices.length > 0 ? (
        <ul className="profile-notices">
          {budget.notices.map((notice) => (
            <li key={notice.kind} className={`profile-notice profile-notice--${notice.kind}`}>
              {notice.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="profile-budget__same">El precio y las plazas siguen como cuando lo guardaste.</p>
      )}
      {confirming ? (
        <div className="profile-confirm">
          <p ref={question} tabIndex={-1}>
            ¿Eliminar el presupuesto «{budget.budgetName}»? Dejará de aparecer en tu lista.
          </p>
          <div className="profile-actions">
            <button type="button" className="button button--danger" disabled={deleting} onClick={() => onDelete(budget.id)}>
              {deleting ? 'Eliminando…' : 'Sí, eliminar'}
            </button>
            <button type="button" className="button button--quiet" disabled={deleting} onClick={keepBudget}>
              No, mantenerlo
            </button>
          </div>
          {error && <p role="alert">{error}</p>}
        </div>
      ) : (
        <div className="profile-actions">
          {budget.resumePath ? (
            <a className="button" href={budget.resumePath} aria-describedby={titleId}>
              Continuar reserva
            </a>
          ) : (
            <a className="button" href={`/tour/${budget.tourSlug}`}>
              Ver otras fechas
            </a>
          )}
          <button ref={deleteButton} type="button" className="button button--quiet" onClick={() => askToDeleteBudget(budget.id)} aria-describedby={titleId}>
            Eliminar
          </button>
        </div>
      )}
    </li>
  );
}

function Favorites() {
  const { status, favorites, removing, done, message } = useStore($favorites);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void loadFavorites();
  }, []);
  const onRemove = async (tourId: string) => {
    if (await removeFavorite(tourId)) heading.current?.focus();
  };
  return (
    <section className="profile-section" aria-labelledby="favoritos">
      <h2 id="favoritos" ref={heading} tabIndex={-1}>
        Viajes favoritos
      </h2>
      <p role="status" className="profile-done">
        {done ?? ''}
      </p>
      {status === 'loading' && !favorites && <p>Cargando tus favoritos…</p>}
      {status !== 'loading' && message && <p role="alert">{message}</p>}
      {favorites && favorites.length === 0 && (
        <div className="profile-empty">
          <p>Aún no tienes viajes favoritos. Pulsa el corazón de cualquier viaje para guardarlo aquí.</p>
          <a className="button" href="/viajes">
            Descubre nuestros viajes
          </a>
        </div>
      )}
      {favorites && favorites.length > 0 && (
        <ul className="profile-trips">
          {favorites.map((tour) => (
            <FavoriteCard key={tour.tourId} tour={tour} removing={removing === tour.tourId} onRemove={onRemove} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FavoriteCard({ tour, removing, onRemove }: { tour: FavoriteTourView; removing: boolean; onRemove: (tourId: string) => void }) {
  const titleId = `favorito-${tour.tourId}`;
  return (
    <li className="profile-trip profile-favorite" aria-labelledby={titleId}>
      <h3 id={titleId}>{tour.onSale ? <a href={`/tour/${tour.slug}`}>{tour.name}</a> : tour.name}</h3>
      {tour.destinations.length > 0 && <p className="profile-trip__dates">{tour.destinations.join(' · ')}</p>}
      {tour.onSale ? (
        tour.fromCents !== null && <p className="profile-favorite__price">{formatFromPrice(tour.fromCents)}</p>
      ) : (
        <p className="profile-notice profile-notice--not-on-sale">Este viaje no tiene salidas a la venta ahora mismo.</p>
      )}
      <div className="profile-actions">
        <button type="button" className="button button--quiet" disabled={removing} onClick={() => onRemove(tour.tourId)} aria-describedby={titleId}>
          {removing ? 'Quitando…' : 'Quitar de favoritos'}
        </button>
      </div>
    </li>
  );
}
