/**
 * Beyond the spec: a full departure offers a waiting list. The visitor leaves a name and an e-mail and is
 * offered the seats by mail when some are released (an abandoned payment, a cancellation).
 */
import { useState } from 'react';
import { WaitingListSchema } from '#shared/schemas/tours.ts';
import { joinWaitingList } from '../../stores/booking.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import Field from './Field.tsx';

export default function WaitingListForm({ periodId, travellers, dateLabel }: { periodId: string; travellers: number; dateLabel: string }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [privacy, setPrivacy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  if (done) {
    return (
      <p className="funnel__notice" role="status">
        Te hemos apuntado a la lista de espera de la salida del {dateLabel}. Si se libera alguna plaza, te escribiremos a {email}.
      </p>
    );
  }
  return (
    <form
      className="funnel__panel"
      noValidate
      aria-labelledby={`espera-${periodId}`}
      onSubmit={async (event) => {
        event.preventDefault();
        const body = { name, email, travellers, privacy };
        const parsed = WaitingListSchema.safeParse(body);
        const local = parsed.success ? {} : issuesToFields(parsed.error.issues);
        setFields(local);
        if (Object.keys(local).length > 0) return setMessage('Revisa los datos marcados.');
        setBusy(true);
        const result = await joinWaitingList(periodId, { ...body, privacy: true });
        setBusy(false);
        if (result.ok) return setDone(true);
        setFields(result.fields);
        setMessage(result.message);
      }}
    >
      <h3 id={`espera-${periodId}`}>Lista de espera</h3>
      <p className="funnel__hint">
        Esta salida no tiene plazas para {travellers} {travellers === 1 ? 'viajero' : 'viajeros'}. Déjanos tus datos y te avisamos si se liberan.
      </p>
      <Field
        id={`espera-nombre-${periodId}`}
        label="Nombre"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fields['name']}
      />
      <Field
        id={`espera-email-${periodId}`}
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fields['email']}
      />
      <label className="funnel__check">
        <input type="checkbox" checked={privacy} onChange={(e) => setPrivacy(e.target.checked)} aria-invalid={fields['privacy'] ? true : undefined} />
        <span>
          He leído y acepto la <a href="/politica-privacidad">política de privacidad</a>.
        </span>
      </label>
      {fields['privacy'] && <p className="funnel__field-error">{fields['privacy']}</p>}
      <p className="funnel__error" role="alert">
        {message ?? ''}
      </p>
      <button type="submit" className="button button--secondary" disabled={busy}>
        {busy ? 'Enviando…' : 'Apuntarme a la lista de espera'}
      </button>
    </form>
  );
}
