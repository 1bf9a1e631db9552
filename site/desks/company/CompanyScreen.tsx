/**
 * /admin/empresa (issue 33): the company's name, phone, e-mail, opening hours and offer validity, as every
 * page's footer, the mails and the documents show them; changed in one dialog on the staff kit.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { COMPANY_LIMITS } from '#shared/schemas/company.ts';
import { guarded } from '../../islands/SessionGuard.tsx';
import { AdminField, ConfirmDialog, TextField } from '../../staff-kit/ConfirmDialog.tsx';
import { moment } from '../../staff-kit/format.ts';
import { Outcome } from '../../staff-kit/Outcome.tsx';
import { $company, closeCompany, editCompany, openCompany, reloadCompany, saveCompany, setCompanyField } from './store.ts';
import '../../islands/admin/admin.css';

export default guarded('admin', CompanyScreen);

const EMPTY = 'Sin indicar';

function CompanyScreen() {
  const { status, company, editor, message, done } = useStore($company);
  useEffect(() => void openCompany(), []);
  if (status === 'loading') return <p role="status">Cargando los datos de la empresa…</p>;
  if (!company) return <Outcome done={null} message={message} />;
  return (
    <>
      <p>
        Lo que ven los viajeros en el pie de cada página, en los correos y en los documentos de su reserva. Al guardar se publican de nuevo todas las páginas.
      </p>
      <Outcome done={done} message={message} />
      <section className="admin-block" aria-labelledby="empresa-datos">
        <h2 id="empresa-datos">Datos de contacto</h2>
        <dl className="admin-facts">
          <dt>Nombre comercial</dt>
          <dd>{company.name || EMPTY}</dd>
          <dt>Teléfono de atención</dt>
          <dd>{company.phone ?? EMPTY}</dd>
          <dt>Correo de atención</dt>
          <dd>{company.email ?? EMPTY}</dd>
          <dt>Horario de atención</dt>
          <dd>{company.schedules ?? EMPTY}</dd>
          <dt>Validez de las ofertas</dt>
          <dd>{company.offerValidity ?? EMPTY}</dd>
        </dl>
        {company.updatedAt ? <p className="admin-muted">Última modificación {moment(company.updatedAt)}.</p> : null}
        <button type="button" className="button" onClick={editCompany}>
          Cambiar los datos
        </button>
      </section>
      {editor ? (
        <ConfirmDialog
          title="Datos de la empresa"
          error={editor.stale ? null : editor.error}
          sending={editor.sending}
          confirm="Guardar"
          back="Cancelar"
          working="Guardando…"
          onConfirm={() => void saveCompany()}
          onClose={closeCompany}
        >
          <TextField label="Nombre comercial" value={editor.form.name} error={editor.fields.name} onChange={(v) => setCompanyField('name', v)} />
          <TextField
            label="Teléfono de atención"
            type="tel"
            value={editor.form.phone}
            error={editor.fields.phone}
            onChange={(v) => setCompanyField('phone', v)}
          />
          <TextField
            label="Correo de atención (recibe las consultas)"
            type="email"
            value={editor.form.email}
            error={editor.fields.email}
            onChange={(v) => setCompanyField('email', v)}
          />
          <TextField
            label="Horario de atención"
            value={editor.form.schedules}
            error={editor.fields.schedules}
            onChange={(v) => setCompanyField('schedules', v)}
          />
          <AdminField label="Validez de las ofertas" error={editor.fields.offerValidity}>
            {(props) => (
              <textarea
                {...props}
                rows={3}
                maxLength={COMPANY_LIMITS.offerValidity}
                value={editor.form.offerValidity}
                onChange={(e) => setCompanyField('offerValidity', e.target.value)}
              />
            )}
          </AdminField>
          {editor.stale ? (
            <p role="alert" className="admin-alert">
              {editor.error}{' '}
              <button type="button" className="admin-button-secondary" onClick={() => void reloadCompany()}>
                Cargar sus cambios
              </button>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
