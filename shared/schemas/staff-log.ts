/**
 * The office's log (/admin/historial): every press recorded by `applyOnce` (who, when, what, on which
 * object, why), across the whole shop, newest first. The desk and `/api/admin/staff-actions` check input
 * with this one schema.
 */
import { z } from 'zod';

export const STAFF_LOG_PAGE_SIZE = 50;
export const STAFF_LOG_SORTS = ['createdAt'] as const;

/** What a record is about, as the office calls it; the keys are the `entityType`s the services record. */
export const STAFF_LOG_ENTITIES = {
  booking: 'Reserva',
  period: 'Salida',
  tour: 'Tour',
  traveler: 'Viajero',
  retailer: 'Agencia',
  coupon: 'Cupón',
  opinion: 'Opinión',
  activity: 'Actividad',
  carousel: 'Carrusel',
  guide: 'Guía',
  user: 'Cuenta',
  import: 'Importación',
  'payment-policy': 'Plazos de pago',
  invoice: 'Factura',
  contact: 'Consulta',
  company: 'Datos de la empresa',
  site: 'Web',
  'traveller-photo': 'Foto de viajero',
  webhook: 'Aviso (webhook)',
  'api-key': 'Clave de API',
} as const;
export type StaffLogEntity = keyof typeof STAFF_LOG_ENTITIES;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Escribe la fecha como AAAA-MM-DD.');

export const StaffLogQuerySchema = z
  .strictObject({
    /** Part of the e-mail of whoever pressed. */
    actor: z.preprocess(blankToUndefined, z.string().trim().min(2, 'Escribe al menos 2 caracteres.').max(100, 'Escribe como mucho 100 caracteres.').optional()),
    entity: z.preprocess(blankToUndefined, z.enum(Object.keys(STAFF_LOG_ENTITIES) as [StaffLogEntity], { error: 'Elige qué se cambió.' }).optional()),
    /** One object's records, as its own screen lists them. */
    entityId: z.preprocess(blankToUndefined, z.string().trim().min(1).max(100).optional()),
    from: z.preprocess(blankToUndefined, Day.optional()),
    to: z.preprocess(blankToUndefined, Day.optional()),
    sort: z.preprocess(blankToUndefined, z.enum(STAFF_LOG_SORTS).default('createdAt')),
    dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('desc')),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'La fecha final no puede ser anterior a la inicial.' });
export type StaffLogQuery = z.infer<typeof StaffLogQuerySchema>;

export interface StaffLogRow {
  id: string;
  createdAt: string;
  actorEmail: string;
  entityType: string;
  entityId: string;
  action: string;
  reason: string | null;
  /** The object's own screen in the back office, when it has one. */
  href: string | null;
}

/** The screen of a recorded object: the log links each record to it. */
export function staffLogHref(entityType: string, entityId: string): string | null {
  const id = encodeURIComponent(entityId);
  switch (entityType) {
    case 'booking':
      return `/admin/booking/${id}`;
    case 'tour':
      return `/admin/tour/${id}`;
    case 'traveler':
      return `/admin/travelers/${id}`;
    case 'retailer':
      return `/admin/retailer/${id}`;
    case 'period':
      return `/admin/bookings/${id}`;
    case 'payment-policy':
      return '/admin/plazos-de-pago';
    case 'invoice':
      return '/admin/facturas';
    case 'contact':
      return `/admin/consultas/${id}`;
    case 'company':
      return '/admin/empresa';
    case 'traveller-photo':
      return '/admin/portada';
    case 'webhook':
    case 'api-key':
      return '/admin/integraciones';
    default:
      return null;
  }
}

/** How the log names a press (`action` as the services record it); one it does not know keeps its own name. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Creado',
  update: 'Editado',
  delete: 'Borrado',
  publish: 'Publicado u ocultado',
  hide: 'Ocultado',
  visibility: 'Visibilidad cambiada',
  cancel: 'Cancelada',
  'confirm-transfer': 'Transferencia confirmada',
  'approve-review': 'Aceptada tras revisión',
  'reject-review': 'Rechazada tras revisión',
  pay: 'Pago registrado',
  refund: 'Devolución',
  compensation: 'Puntos de compensación',
  'add-activity': 'Actividad añadida',
  'edit-traveller': 'Datos de un viajero corregidos',
  'upload-document': 'Documento subido',
  'notify-agency': 'Aviso a la agencia',
  reply: 'Respuesta publicada',
  rebuild: 'Web reconstruida',
  'move-up': 'Movido arriba',
  replay: 'Reenviado',
  revoke: 'Revocada',
  pause: 'En pausa',
  resume: 'Reanudado',
  'move-down': 'Movido abajo',
  'photo-upload': 'Foto subida',
  'photo-remove': 'Foto quitada',
  'photo-move-up': 'Foto movida arriba',
  'photo-move-down': 'Foto movida abajo',
  'flight-create': 'Vuelo añadido',
  'flight-update': 'Vuelo editado',
  'flight-delete': 'Vuelo quitado',
  'campaign-add': 'Campaña añadida',
  'campaign-update': 'Campaña editada',
  'campaign-remove': 'Campaña quitada',
  'extra-add': 'Extra añadido',
  'extra-update': 'Extra editado',
  'extra-withdraw': 'Extra retirado',
  'extra-offer': 'Extra ofrecido de nuevo',
  'expense-approve': 'Gasto aprobado',
  'expense-reject': 'Gasto rechazado',
  export: 'Datos personales descargados',
  'self-export': 'Datos descargados por el viajero',
  'self-update': 'Datos editados por el viajero',
  erase: 'Datos personales borrados',
  'force-password-change': 'Cambio de contraseña forzado',
  'admin-create': 'Cuenta de equipo creada',
  import: 'Catálogo importado',
  restore: 'Restaurado',
  'payment-policy': 'Plazos de pago propios',
  'void-invoice': 'Factura anulada',
  'correct-record': 'Registro de facturación subsanado',
  assign: 'Asignada',
  close: 'Cerrada',
  reopen: 'Abierta de nuevo',
  'remind-balance': 'Recordatorio de pago',
  'extend-deadline': 'Plazo ampliado',
  'agency-booking': 'Reserva de agencia',
  agency: 'Agencia de la reserva',
};

export function staffActionLabel(action: string): string {
  if (ACTION_LABELS[action]) return ACTION_LABELS[action];
  if (action.startsWith('mail:')) return `Correo enviado (${action.slice(5)})`;
  if (action.startsWith('notice:')) return `Aviso a la salida (${action.slice(7)})`;
  return action;
}
