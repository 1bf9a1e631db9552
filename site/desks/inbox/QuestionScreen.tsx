/**
 * /admin/consultas/{id} (issue 33): one customer's question, its thread of replies with who sent each and
 * whether its mail has gone, the reply form, the assignment and closing.
 */
import { formatSpanishDate } from '#shared/rules/dates.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { matchRoute } from '#shared/routes.ts';
import { INBOX_STATUS_LABELS } from '#shared/schemas/inbox.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { FieldError } from '../../staff-kit/ConfirmDialog.tsx';
import { moment } from '../../staff-kit/format.ts';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import { $question, assignTo, openQuestion, sendReply, setReply, setStatus } from './question.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', Screen);

const MAIL_STATUS = { PENDING: 'correo en cola', SENT: 'correo enviado', FAILED: 'el correo no se pudo enviar' } as const;
const BACK = <a href="/admin/consultas">Volver a las consultas</a>;

function Screen() {
  const { status, detail, reply, change, message, done } = useStore($question);
  useEffect(() => {
    const id = matchRoute(location.pathname)?.params.id;
    if (id) void openQuestion(id);
  }, []);
  if (status === 'loading' && !detail) return <p role="status">Cargando la consulta…</p>;
  if (!detail) {
    return (
      <p role="alert">
        {message} {BACK}
      </p>
    );
  }
  return (
    <>
      <header className="admin-retailer__head">
        <h2>
          {detail.name}
          {detail.tourName ? ` · ${detail.tourName}` : ''}
        </h2>
        {detail.dayOne ? <p>Sobre la salida del {formatSpanishDate({ date: detail.dayOne })}</p> : null}
        <p>
          {INBOX_STATUS_LABELS[detail.status]} · recibida {moment(detail.createdAt)} · {detail.email}
          {detail.phone ? ` · ${detail.phone}` : ''} · {BACK}
        </p>
      </header>
      <Outcome done={done} message={message ?? change.error} />
      <section className="admin-block" aria-labelledby="conversacion">
        <h2 id="conversacion">Conversación</h2>
        <ol className="admin-plain-list">
          <li>
            <strong>{detail.name}</strong> <small>{moment(detail.createdAt)}</small>
            <p style={{ whiteSpace: 'pre-wrap' }}>{detail.question}</p>
          </li>
          {detail.messages.map((m) => (
            <li key={`${m.createdAt}-${m.authorEmail}`}>
              <strong>{m.author === 'STAFF' ? `Respuesta de ${m.authorEmail}` : detail.name}</strong>{' '}
              <small>
                {moment(m.createdAt)}
                {m.mailStatus ? ` · ${MAIL_STATUS[m.mailStatus]}` : ''}
              </small>
              <p style={{ whiteSpace: 'pre-wrap' }}>{m.body}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="admin-block" aria-labelledby="responder">
        <h2 id="responder">Responder</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void sendReply();
          }}
        >
          <div className="admin-field">
            <label htmlFor="respuesta">Respuesta (se envía por correo a {detail.email})</label>
            <textarea
              id="respuesta"
              rows={6}
              value={reply.body}
              aria-invalid={reply.fields['body'] ? true : undefined}
              aria-describedby={reply.fields['body'] ? 'respuesta-error' : undefined}
              onChange={(e) => setReply(e.target.value)}
            />
            <FieldError id="respuesta-error" error={reply.fields['body']} />
          </div>
          {reply.error ? (
            <p role="alert" className="admin-alert">
              {reply.error}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={reply.sending}>
            {reply.sending ? 'Enviando…' : 'Enviar respuesta'}
          </button>
        </form>
      </section>
      <section className="admin-block admin-actions" aria-label="Gestión de la consulta">
        <div className="admin-field">
          <label htmlFor="asignada">Asignada a</label>
          <select id="asignada" value={detail.assignedTo ?? ''} disabled={change.sending} onChange={(e) => void assignTo(e.target.value)}>
            <option value="">Nadie</option>
            {detail.staff.map((s) => (
              <option key={s.email} value={s.email}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        {detail.status === 'CLOSED' ? (
          <button type="button" className="admin-button-secondary" disabled={change.sending} onClick={() => void setStatus('NEW')}>
            Abrir de nuevo
          </button>
        ) : (
          <button type="button" className="admin-button-secondary" disabled={change.sending} onClick={() => void setStatus('CLOSED')}>
            Cerrar la consulta
          </button>
        )}
      </section>
    </>
  );
}
