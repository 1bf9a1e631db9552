/**
 * /admin/guia/soporte: the office's phone, e-mail and hours, and the urgent-help form, which mails the
 * office at once (and says so). The guide may say which of their departures it is about.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { HELP_MESSAGE_MAX } from '#shared/schemas/guide-tools.ts';
import { $guideSupport, openGuideSupport, sendGuideHelp, setHelpField } from '../../stores/guide-tools.ts';
import { shortDay } from '../../staff-kit/format.ts';
import { guarded } from '../SessionGuard.tsx';
import '../admin/admin.css';
import './guides.css';

export default guarded('staff', Screen);

function Screen() {
  const state = useStore($guideSupport);
  useEffect(() => {
    void openGuideSupport();
  }, []);
  const { view, fields } = state;
  if (state.status === 'loading') return <p role="status">Cargando…</p>;
  if (!view)
    return (
      <p role="alert" className="admin-alert">
        {state.message}
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void sendGuideHelp();
  };
  const { office } = view;
  return (
    <div className="guide">
      <section aria-labelledby="oficina" className="guide-section">
        <h2 id="oficina">La oficina</h2>
        <div className="guide-contacts">
          {office.phone ? (
            <p>
              Teléfono: <a href={`tel:${office.phone.replace(/\s+/g, '')}`}>{office.phone}</a>
            </p>
          ) : null}
          {office.email ? (
            <p>
              Correo: <a href={`mailto:${office.email}`}>{office.email}</a>
            </p>
          ) : null}
          {office.schedules ? <p className="guide-muted">Horario: {office.schedules}</p> : null}
        </div>
      </section>
      <section aria-labelledby="ayuda" className="guide-section">
        <h2 id="ayuda">Ayuda urgente</h2>
        <p>Escribe qué pasa: la oficina lo recibe al momento por correo.</p>
        <form className="guide-form" onSubmit={submit} noValidate>
          {view.departures.length > 0 ? (
            <div className="admin-field">
              <label htmlFor="help-period">Salida</label>
              <select
                id="help-period"
                value={state.periodId}
                onChange={(e) => setHelpField('periodId', e.target.value)}
                aria-invalid={fields.periodId ? true : undefined}
                aria-describedby={fields.periodId ? 'help-period-error' : undefined}
              >
                <option value="">Ninguna en concreto</option>
                {view.departures.map((d) => (
                  <option key={d.periodId} value={d.periodId}>
                    {d.tourName} · {shortDay(d.dayOne)}
                  </option>
                ))}
              </select>
              {fields.periodId ? (
                <span className="guide-field-error" id="help-period-error">
                  {fields.periodId}
                </span>
              ) : null}
            </div>
          ) : null}
          <div className="admin-field">
            <label htmlFor="help-message">¿Qué ha pasado?</label>
            <textarea
              id="help-message"
              value={state.text}
              maxLength={HELP_MESSAGE_MAX}
              onChange={(e) => setHelpField('text', e.target.value)}
              aria-invalid={fields.message ? true : undefined}
              aria-describedby={fields.message ? 'help-message-error' : undefined}
            />
            {fields.message ? (
              <span className="guide-field-error" id="help-message-error">
                {fields.message}
              </span>
            ) : null}
          </div>
          {state.message ? (
            <p role="alert" className="admin-alert">
              {state.message}
            </p>
          ) : null}
          <p role="status" className="admin-done">
            {state.done ?? ''}
          </p>
          <button type="submit" className="button" disabled={state.sending}>
            {state.sending ? 'Enviando…' : 'Pedir ayuda'}
          </button>
        </form>
      </section>
    </div>
  );
}
