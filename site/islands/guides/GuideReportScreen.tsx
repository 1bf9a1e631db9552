/**
 * /admin/guias/{periodId}/calificar/{guideId}: the guide rates the travellers' experience of a departure
 * (1 to 5 each) and writes the report, from the departure's first day until some weeks after its return;
 * staff read it here and on the departure. Another guide's report answers 404.
 */
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { matchRoute, pathTo } from '#shared/routes.ts';
import { formatDateRange, formatSpanishDate } from '#shared/rules/dates.ts';
import { REPORT_COMMENT_MAX_LENGTH, REPORT_MAX_LENGTH, REPORT_RATINGS, type ReportRatingKey } from '#shared/schemas/guide-tools.ts';
import { $guideReport, openGuideReport, type ReportForm, saveGuideReport, setReportField } from '../../stores/guide-tools.ts';
import { moment } from '../../staff-kit/format.ts';
import { guarded } from '../SessionGuard.tsx';
import '../admin/admin.css';
import './guides.css';

export default guarded('staff', Screen);

function Rating({
  field,
  label,
  value,
  error,
  disabled,
}: {
  field: ReportRatingKey;
  label: string;
  value: string;
  error?: string | undefined;
  disabled: boolean;
}) {
  return (
    <fieldset className="guide-rating" aria-describedby={error ? `${field}-error` : undefined}>
      <legend>{label}</legend>
      <div className="guide-rating__options">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name={field}
              value={n}
              checked={value === String(n)}
              disabled={disabled}
              onChange={() => setReportField(field, String(n))}
              aria-invalid={error ? true : undefined}
            />
            {n}
          </label>
        ))}
      </div>
      {error ? (
        <span className="guide-field-error" id={`${field}-error`}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

function Text({
  field,
  label,
  value,
  max,
  error,
  disabled,
}: {
  field: keyof ReportForm;
  label: string;
  value: string;
  max: number;
  error?: string | undefined;
  disabled: boolean;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={`report-${field}`}>{label}</label>
      <textarea
        id={`report-${field}`}
        value={value}
        maxLength={max}
        disabled={disabled}
        onChange={(e) => setReportField(field, e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `report-${field}-error` : undefined}
      />
      {error ? (
        <span className="guide-field-error" id={`report-${field}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function Screen() {
  const state = useStore($guideReport);
  useEffect(() => {
    const params = matchRoute(location.pathname)?.params ?? {};
    void openGuideReport(params.periodId ?? '', params.guideId ?? '');
  }, []);
  const { screen, form, fields } = state;
  if (state.status === 'loading') return <p role="status">Cargando la salida…</p>;
  if (!screen)
    return (
      <p role="alert" className="admin-alert">
        {state.message}
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveGuideReport();
  };
  const disabled = !screen.editable || state.saving;
  return (
    <div className="guide">
      <div className="guide-head">
        <h2>{screen.period.tourName}</h2>
        <p className="guide-head__dates">{formatDateRange({ from: screen.period.dayOne, to: screen.period.returnDate })}</p>
        <p>
          Guía: {screen.guide.name} · <a href={pathTo('admin-guide-period', { periodId: screen.period.id })}>Volver a la salida</a>
        </p>
      </div>
      {screen.editable ? (
        <p className="guide-muted">Puedes corregir tu calificación hasta el {formatSpanishDate({ date: screen.closesOn })}.</p>
      ) : (
        <p className="guide-muted">
          {screen.report
            ? `Informe guardado el ${moment(screen.report.updatedAt)}.`
            : `Todavía no hay informe. El guía puede escribirlo del ${formatSpanishDate({ date: screen.opensOn })} al ${formatSpanishDate({ date: screen.closesOn })}.`}
        </p>
      )}
      <form className="guide-form" onSubmit={submit} noValidate aria-label="Calificar la salida">
        <h2>¿Cómo lo han vivido los viajeros?</h2>
        {REPORT_RATINGS.map(({ key, label }) => (
          <Rating key={key} field={key} label={label} value={form[key]} error={fields[key]} disabled={disabled} />
        ))}
        <Text
          field="comment"
          label="Comentario sobre los viajeros (opcional)"
          value={form.comment}
          max={REPORT_COMMENT_MAX_LENGTH}
          error={fields.comment}
          disabled={disabled}
        />
        <Text field="report" label="Informe del guía" value={form.report} max={REPORT_MAX_LENGTH} error={fields.report} disabled={disabled} />
        {state.message ? (
          <p role="alert" className="admin-alert">
            {state.message}
          </p>
        ) : null}
        <p role="status" className="admin-done">
          {state.done ?? ''}
        </p>
        {screen.editable ? (
          <button type="submit" className="button" disabled={state.saving}>
            {state.saving ? 'Guardando…' : 'Guardar'}
          </button>
        ) : null}
      </form>
    </div>
  );
}
