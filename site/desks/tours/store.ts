/**
 * The catalogue desk (/admin/tours): filtered and paged on the server. Publishing or hiding a tour is one
 * confirmed press (site/staff-kit/press.ts): a double click or a retry applies it once.
 */
import { AdminTourListQuerySchema, type AdminTourRow } from '#shared/schemas/admin-tours.ts';
import { api, callApi } from '../../lib/api-client.ts';
import { createListScreen } from '../../staff-kit/list-screen.ts';
import { newPress, type Press, sendPress } from '../../staff-kit/press.ts';

export interface PublishPress extends Press {
  tour: AdminTourRow;
  publish: boolean;
}

export const tours = createListScreen({
  filters: ['q', 'type', 'status', 'destination', 'publishWeb', 'bookable'],
  check: (form) => AdminTourListQuerySchema.safeParse(form),
  load: (query) => callApi(() => api.admin.tours.$get({ query })),
  extra: { dialog: null as PublishPress | null },
});

export type TourFilter = Parameters<typeof tours.setFilter>[0];

export const openPublish = (tour: AdminTourRow) => tours.patch({ dialog: { ...newPress(), tour, publish: !tour.publishWeb }, done: null });
export const closePublish = () => tours.patch({ dialog: null });

export async function confirmPublish() {
  const sent = await sendPress(
    () => tours.$state.get().dialog,
    (dialog) => tours.patch({ dialog }),
    (requestId, { tour, publish }) => {
      const route = api.admin.tours[':id'].publish;
      const request = { param: { id: tour.id }, json: { requestId } };
      return callApi(() => (publish ? route.$post(request) : route.$delete(request)));
    },
  );
  const dialog = tours.$state.get().dialog;
  if (!sent?.ok || !dialog) return;
  const { name } = dialog.tour;
  tours.patch({
    dialog: null,
    done: sent.data.applied
      ? dialog.publish
        ? `«${name}» está publicado: la web lo mostrará en cuanto termine de reconstruirse.`
        : `«${name}» está oculto: la web dejará de mostrarlo en cuanto termine de reconstruirse.`
      : 'Ya estaba hecho: no ha cambiado nada.',
  });
  await tours.reload();
}
