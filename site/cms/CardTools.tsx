/**
 * The admin tools on each tour card of the page ('Subir foto', 'Sincronizar', 'Quitar'), rendered into the cards
 * from one root. A card shows a spinner while its request runs or while its tour is UPDATING (the event
 * stream's tour status); it stops when the tour is ACTIVE again.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { createPortal } from 'react-dom';
import { $cards, askRemoveCard, cancelRemoveCard, removeCard, syncCard, uploadCardPhoto } from '../stores/cms-cards.ts';
import { $tourStatus } from '../stores/cms-publish.ts';

function Tools({ tourId, name }: { tourId: string; name: string }) {
  const cards = useStore($cards);
  const statuses = useStore($tourStatus);
  const card = cards[tourId] ?? { busy: false, message: null };
  const updating = statuses[tourId] === 'UPDATING';
  const fileId = useId();
  return (
    <div className="cms-card-tools" data-testid="cms-card-tools" data-status={updating ? 'UPDATING' : (statuses[tourId] ?? 'ACTIVE')}>
      <label className="cms-tool" htmlFor={fileId}>
        Subir foto
      </label>
      <input
        id={fileId}
        className="cms-visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-label={`Subir foto de ${name}`}
        disabled={card.busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void uploadCardPhoto(tourId, file);
        }}
      />
      <button type="button" className="cms-tool" onClick={() => void syncCard(tourId)} disabled={card.busy} aria-label={`Sincronizar ${name}`}>
        Sincronizar
      </button>
      {card.removal ? (
        <fieldset className="cms-card-tools__confirm">
          <legend>¿Quitar {name} de la web? Sus reservas se mantienen.</legend>
          <button type="button" className="cms-tool cms-tool--danger" onClick={() => void removeCard(tourId)} disabled={card.busy}>
            Sí, quitar
          </button>
          <button type="button" className="cms-tool" onClick={() => cancelRemoveCard(tourId)} disabled={card.busy}>
            No
          </button>
        </fieldset>
      ) : (
        <button type="button" className="cms-tool" onClick={() => askRemoveCard(tourId)} disabled={card.busy} aria-label={`Quitar ${name} de la web`}>
          Quitar
        </button>
      )}
      {(card.busy || updating) && (
        <span className="cms-card-tools__status" role="status">
          <span className="cms-spinner" aria-hidden="true" /> Actualizando…
        </span>
      )}
      {!card.busy && !updating && card.message && (
        <span className="cms-card-tools__status" role="status">
          {card.message}
        </span>
      )}
    </div>
  );
}

export default function CardTools({ cards }: { cards: { host: HTMLElement; tourId: string; name: string }[] }) {
  return <>{cards.map(({ host, tourId, name }, index) => createPortal(<Tools tourId={tourId} name={name} />, host, `${tourId}-${index}`))}</>;
}
