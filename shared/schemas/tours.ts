/**
 * The tours resource's contract (`/api/tours`): live departures for the tour page and the funnel's first
 * step, and the waiting list of a full departure.
 *
 * Routes (all under /api/tours):
 * - GET  /:slug/departures                → DepartureAvailability[]   (live seats and prices)
 * - GET  /:slug/booking                   → BookingStartAnswer        (the funnel's first step)
 * - POST /periods/:periodId/waiting-list  WaitingListSchema → 201 { ok: true }
 */
import { z } from 'zod';
import type { TourType } from '../enums.ts';
import type { DepartureAvailability } from '../rules/departures.ts';
import { isValidEmail } from '../rules/validation.ts';

/** The tour and its live departures, for the funnel's first step. */
export interface BookingStartAnswer {
  tour: { name: string; slug: string; tourType: TourType };
  departures: DepartureAvailability[];
}

export const WaitingListSchema = z.strictObject({
  name: z.string({ error: 'Indica tu nombre' }).trim().min(1, 'Indica tu nombre').max(80, 'El nombre admite como máximo 80 caracteres'),
  email: z
    .string({ error: 'Introduce un correo electrónico válido' })
    .trim()
    .max(254, 'Introduce un correo electrónico válido')
    .refine(isValidEmail, 'Introduce un correo electrónico válido'),
  travellers: z
    .number({ error: 'Indica cuántas plazas necesitas' })
    .int()
    .min(1, 'Indica cuántas plazas necesitas')
    .max(20, 'Para más de 20 plazas, contáctanos'),
  privacy: z.literal(true, { error: 'Debes aceptar la política de privacidad para continuar' }),
});
