/**
 * The booking page's further actions: its mails sent again, a traveller's data corrected, an optional
 * activity added, a compensation in points, and the documents uploaded for the traveller (tk-upload).
 * Each is confirmed in the back office's dialog before it is sent.
 */
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { formatEuros } from '#shared/rules/money.ts';
import { computePointsValueCents } from '#shared/rules/points.ts';
import {
  BOOKING_DOCUMENT_KINDS,
  BOOKING_MAIL_LABELS,
  type BookingDocumentKind,
  type BookingMail,
  RECORDED_METHOD_LABELS,
  RECORDED_METHODS,
  type RecordedMethod,
} from '#shared/schemas/labels.ts';
import type { BookingDetail } from '#shared/schemas/backoffice.ts';
import { $bookingDesk } from '../../stores/admin-booking.ts';
import {
  type ExtraDialog,
  $bookingExtras,
  closeExtra,
  confirmExtra,
  documentHref,
  editExtra,
  extraTexts,
  openActivity,
  openCompensation,
  openRecordPayment,
  openAgency,
  openMail,
  openTraveller,
  setTravellerValue,
  setUploadKind,
  TRAVELLER_FIELDS,
  toggleActivityTraveller,
  uploadDocument,
} from '../../stores/admin-booking-extras.ts';
import { ConfirmDialog, AdminField } from '../../staff-kit/ConfirmDialog.tsx';
import { moment } from '../../staff-kit/format.ts';
import { CellTable } from '../../staff-kit/CellTable.tsx';

/** The mails this booking can get again, as its status allows. */
function mailsFor(detail: BookingDetail): BookingMail[] {
  const { status, priceCents, paidCents } = detail.booking;
  if (status === 'CANCELED') return [];
  const mails: BookingMail[] = [];
  if (status === 'CONFIRMED') mails.push('voucher');
  if (status !== 'IN_PROGRESS') mails.push('documentation', 'documentation-eticket');
  if (priceCents > paidCents) mails.push('payment-reminder');
  if (status === 'IN_PROGRESS') mails.push('budget');
  return mails;
}

/** Buttons of the actions that change what was booked (next to the status actions). */
export function ExtraActionButtons({ detail }: { detail: BookingDetail }) {
  const { status } = detail.booking;
  return (
    <>
      {status === 'CONFIRMED' || status === 'WAITING_FOR_TRANSFER' || status === 'PAYPAL_REVIEW' ? (
        <button type="button" className="admin-button-secondary" onClick={() => void openActivity()}>
          Añadir actividad
        </button>
      ) : null}
      {status === 'CONFIRMED' && detail.booking.priceCents > detail.booking.paidCents ? (
        <button type="button" className="admin-button-secondary" onClick={openRecordPayment}>
          Registrar un pago
        </button>
      ) : null}
      {status !== 'CANCELED' ? (
        <button type="button" className="admin-button-secondary" onClick={() => void openAgency()}>
          Agencia
        </button>
      ) : null}
      {detail.booking.pointsHolder ? (
        <button type="button" className="admin-button-secondary" onClick={openCompensation}>
          Compensar con puntos
        </button>
      ) : null}
    </>
  );
}

export function MailsToSend({ detail }: { detail: BookingDetail }) {
  const mails = mailsFor(detail);
  if (mails.length === 0) return null;
  return (
    <section className="admin-actions" aria-label="Enviar correos">
      {mails.map((mail) => (
        <button key={mail} type="button" className="admin-button-secondary" onClick={() => openMail(mail)}>
          Enviar {BOOKING_MAIL_LABELS[mail].toLowerCase()}
        </button>
      ))}
    </section>
  );
}

export function TravellersTable({ detail }: { detail: BookingDetail }) {
  const editable = detail.booking.status !== 'CANCELED';
  return (
    <section className="admin-block" aria-labelledby="viajeros">
      <h2 id="viajeros">Viajeros ({detail.travellers.length})</h2>
      <CellTable
        label="Viajeros"
        head={['Nombre', 'Grupo de edad', 'Documento', 'Correo', 'Actividades', 'Editar']}
        keys={detail.travellers.map((t) => t.id)}
        rows={detail.travellers.map((t) => {
          const name = `${t.name} ${t.surname}`.trim() || 'Sin nombre';
          return [
            name + (t.lead ? ' (titular)' : ''),
            t.ageGroup,
            t.document ?? 'Falta',
            t.email ?? '—',
            t.activities.length > 0 ? t.activities.map((a) => a.name).join(', ') : '—',
            editable ? (
              <button key="edit" type="button" className="admin-button-secondary" onClick={() => openTraveller(t)}>
                Editar<span className="visually-hidden"> los datos de {name}</span>
              </button>
            ) : (
              '—'
            ),
          ];
        })}
      />
    </section>
  );
}

export function DocumentsSection({ detail }: { detail: BookingDetail }) {
  const { upload } = useStore($bookingExtras);
  const file = useRef<HTMLInputElement>(null);
  const { documents, id, status } = detail.booking;
  return (
    <section className="admin-block" aria-labelledby="documentos">
      <h2 id="documentos">Documentos del viajero</h2>
      {documents.length === 0 ? (
        <p>Aún no se ha subido ningún documento.</p>
      ) : (
        <ul className="admin-plain-list">
          {documents.map((d) => (
            <li key={d.key}>
              <a href={documentHref(id, d.key)} download>
                {d.name}
              </a>{' '}
              · {BOOKING_DOCUMENT_KINDS[d.kind]} · {Math.max(1, Math.round(d.bytes / 1024))} KB · {moment(d.uploadedAt)} · {d.uploadedBy}
            </li>
          ))}
        </ul>
      )}
      {status === 'CANCELED' ? null : (
        <form
          className="admin-upload"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const chosen = file.current?.files?.[0] ?? null;
            void uploadDocument(chosen).then(() => {
              // Emptied once its file is up, unless another was chosen meanwhile: that one is the next upload.
              if (file.current && !$bookingExtras.get().upload.error && file.current.files?.[0] === chosen) file.current.value = '';
            });
          }}
        >
          <AdminField label="Archivo (PDF, JPG o PNG, hasta 10 MB)" error={upload.error}>
            {(props) => <input {...props} ref={file} type="file" name="file" accept="application/pdf,image/jpeg,image/png" />}
          </AdminField>
          <AdminField label="Qué es">
            {(props) => (
              <select {...props} value={upload.kind} onChange={(e) => setUploadKind(e.target.value as BookingDocumentKind)}>
                {Object.entries(BOOKING_DOCUMENT_KINDS).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
          <button type="submit" className="button" disabled={upload.sending}>
            {upload.sending ? 'Subiendo…' : 'Subir documento'}
          </button>
        </form>
      )}
    </section>
  );
}

export function ExtraDialogView() {
  const { dialog, sending, error, fields } = useStore($bookingExtras);
  const { detail } = useStore($bookingDesk);
  if (!dialog || !detail) return null;
  const { title } = extraTexts(dialog);
  const common = { title, error, sending, onConfirm: () => void confirmExtra(), onClose: closeExtra };
  if (dialog.kind === 'mail') {
    const to = detail.booking.email ?? 'el titular';
    return (
      <ConfirmDialog {...common} confirm="Enviar">
        <p>
          Se enviará «{BOOKING_MAIL_LABELS[dialog.mail]}» a {to}
          {dialog.mail === 'payment-reminder' ? ` por lo pendiente: ${formatEuros(detail.booking.priceCents - detail.booking.paidCents)}` : ''}.
          {dialog.mail === 'documentation-eticket'
            ? ` Se adjuntan los billetes electrónicos subidos (${detail.booking.documents.filter((d) => d.kind === 'ETICKET').length}).`
            : ''}
        </p>
      </ConfirmDialog>
    );
  }
  if (dialog.kind === 'traveller') {
    return (
      <ConfirmDialog {...common} confirm="Guardar" wide>
        <div className="admin-form-grid">
          {TRAVELLER_FIELDS.map(([key, label]) => (
            <AdminField key={key} label={label} error={fields[`fields.${key}`]}>
              {(props) => (
                <input
                  {...props}
                  name={key}
                  type={key === 'birthdate' ? 'date' : key === 'email' ? 'email' : 'text'}
                  value={dialog.values[key]}
                  onChange={(e) => setTravellerValue(key, e.target.value)}
                />
              )}
            </AdminField>
          ))}
        </div>
      </ConfirmDialog>
    );
  }
  if (dialog.kind === 'activity') {
    const chosen = dialog.options?.find((o) => o.activityId === dialog.activityId);
    return (
      <ConfirmDialog {...common} confirm="Añadir" wide>
        <p>Las plazas se toman ya y el importe de la actividad, al precio de hoy, queda pendiente de pago en la reserva.</p>
        {dialog.options === null ? (
          <p role="status">Cargando las actividades…</p>
        ) : dialog.options.length === 0 ? (
          <p>Esta salida no tiene actividades opcionales.</p>
        ) : (
          <>
            <AdminField label="Actividad" error={fields['activityId']}>
              {(props) => (
                <select {...props} value={dialog.activityId} onChange={(e) => editExtra({ activityId: e.target.value })}>
                  <option value="">Elige una actividad</option>
                  {dialog.options?.map((o) => (
                    <option key={o.activityId} value={o.activityId} disabled={o.left === 0}>
                      {o.name}
                      {o.left === null ? '' : o.left === 0 ? ' (agotada)' : ` (quedan ${o.left})`}
                    </option>
                  ))}
                </select>
              )}
            </AdminField>
            <fieldset className="admin-checks" aria-describedby={fields['travellerIds'] ? 'actividad-viajeros-error' : undefined}>
              <legend>Para quién</legend>
              {detail.travellers.map((t) => {
                const has = chosen ? t.activities.some((a) => a.id === chosen.activityId) : false;
                return (
                  <label key={t.id}>
                    <input type="checkbox" checked={has || dialog.travellerIds.includes(t.id)} disabled={has} onChange={() => toggleActivityTraveller(t.id)} />{' '}
                    {`${t.name} ${t.surname}`.trim() || 'Sin nombre'}
                    {has ? ' (ya la tiene)' : ''}
                  </label>
                );
              })}
              {fields['travellerIds'] ? (
                <span className="admin-field__error" id="actividad-viajeros-error">
                  {fields['travellerIds']}
                </span>
              ) : null}
            </fieldset>
          </>
        )}
      </ConfirmDialog>
    );
  }
  if (dialog.kind === 'payment') return <RecordPaymentDialog dialog={dialog} common={common} />;
  if (dialog.kind === 'agency') return <AgencyDialog dialog={dialog} common={common} />;
  const holder = detail.booking.pointsHolder;
  const points = Number.parseInt(dialog.points, 10);
  return (
    <ConfirmDialog {...common} confirm="Abonar puntos">
      <p>
        Los puntos se abonan en la cuenta del viajero de esta reserva, que ahora tiene {holder?.points ?? 0}.
        {Number.isFinite(points) && points > 0 ? ` ${points} puntos valen ${formatEuros(computePointsValueCents(points))} de descuento.` : ''}
      </p>
      <AdminField label="Puntos" error={fields['points']}>
        {(props) => <input {...props} name="points" inputMode="numeric" value={dialog.points} onChange={(e) => editExtra({ points: e.target.value })} />}
      </AdminField>
      <AdminField label="Motivo" error={fields['reason']}>
        {(props) => <textarea {...props} name="reason" rows={3} value={dialog.reason} onChange={(e) => editExtra({ reason: e.target.value })} />}
      </AdminField>
    </ConfirmDialog>
  );
}

/** 'Registrar un pago': money that came another way than the card terminal, with its receipt to the lead. */
function RecordPaymentDialog({
  dialog,
  common,
}: {
  dialog: Extract<ExtraDialog, { kind: 'payment' }>;
  common: { title: string; error: string | null; sending: boolean; onConfirm: () => void; onClose: () => void };
}) {
  const { fields } = useStore($bookingExtras);
  const { detail } = useStore($bookingDesk);
  const left = detail ? Math.max(0, detail.booking.priceCents - detail.booking.paidCents) : 0;
  return (
    <ConfirmDialog {...common} confirm="Registrar pago" wide>
      <p>Quedan {formatEuros(left)} por pagar. El titular recibe el justificante por correo, como el de un pago con tarjeta.</p>
      <div className="admin-form-grid">
        <AdminField label="Cómo se ha pagado" error={fields['method']}>
          {(props) => (
            <select {...props} value={dialog.method} onChange={(e) => editExtra({ method: e.target.value as RecordedMethod })}>
              {RECORDED_METHODS.map((m) => (
                <option key={m} value={m}>
                  {RECORDED_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <AdminField label="Importe (€)" error={fields['amount']}>
          {(props) => <input {...props} name="amount" inputMode="decimal" value={dialog.amount} onChange={(e) => editExtra({ amount: e.target.value })} />}
        </AdminField>
        <AdminField label="Fecha del pago" error={fields['paidOn']}>
          {(props) => <input {...props} name="paidOn" type="date" value={dialog.paidOn} onChange={(e) => editExtra({ paidOn: e.target.value })} />}
        </AdminField>
        <AdminField label={dialog.method === 'transfer' || dialog.method === 'agency' ? 'Referencia' : 'Referencia (opcional)'} error={fields['reference']}>
          {(props) => <input {...props} name="reference" value={dialog.reference} onChange={(e) => editExtra({ reference: e.target.value })} />}
        </AdminField>
      </div>
      <AdminField label="Nota (opcional)" error={fields['note']}>
        {(props) => <textarea {...props} name="note" rows={2} value={dialog.note} onChange={(e) => editExtra({ note: e.target.value })} />}
      </AdminField>
    </ConfirmDialog>
  );
}

/** 'Agencia': the agency that sold the booking, or none, with its reference and commission. */
function AgencyDialog({
  dialog,
  common,
}: {
  dialog: Extract<ExtraDialog, { kind: 'agency' }>;
  common: { title: string; error: string | null; sending: boolean; onConfirm: () => void; onClose: () => void };
}) {
  const { fields } = useStore($bookingExtras);
  return (
    <ConfirmDialog {...common} confirm="Guardar">
      {dialog.retailers === null ? (
        <p role="status">Cargando las agencias…</p>
      ) : (
        <>
          <AdminField label="Agencia" error={fields['retailerId']}>
            {(props) => (
              <select {...props} value={dialog.retailerId} onChange={(e) => editExtra({ retailerId: e.target.value })}>
                <option value="">Ninguna (venta directa)</option>
                {dialog.retailers?.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
          {dialog.retailerId ? (
            <>
              <AdminField label="Referencia de la agencia (opcional)" error={fields['reference']}>
                {(props) => <input {...props} name="reference" value={dialog.reference} onChange={(e) => editExtra({ reference: e.target.value })} />}
              </AdminField>
              <AdminField label="Comisión (%)" error={fields['commissionPercent']}>
                {(props) => (
                  <input
                    {...props}
                    name="commissionPercent"
                    inputMode="decimal"
                    value={dialog.commissionPercent}
                    onChange={(e) => editExtra({ commissionPercent: e.target.value })}
                  />
                )}
              </AdminField>
            </>
          ) : null}
        </>
      )}
    </ConfirmDialog>
  );
}
