/**
 * The back office's confirmation dialog: modal (focus stays inside), closed by Escape or 'Volver' but not
 * while its press is on its way, a title, the form's fields, the server's message when a press was refused,
 * and the confirm button that says it is working meanwhile. Every staff action opens one.
 */
import { type FormEvent, type ReactNode, useId, useRef } from 'react';
import { Modal } from './Modal.tsx';

export function ConfirmDialog({
  title,
  children,
  error,
  sending,
  confirm = 'Confirmar',
  working = 'Un momento…',
  back = 'Volver',
  danger = false,
  wide = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  error: string | null;
  sending: boolean;
  confirm?: string;
  /** The button that closes it without doing anything ('Cancelar' on a form). */
  back?: string;
  /** What the confirm button says while the press is on its way. */
  working?: string;
  danger?: boolean;
  wide?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal titleId={titleId} wide={wide} busy={sending} onClose={onClose}>
      <form ref={form} onSubmit={submit} noValidate>
        <h2 id={titleId}>{title}</h2>
        {children}
        {error ? (
          <p role="alert" className="admin-alert">
            {error}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="admin-button-secondary" disabled={sending} onClick={() => form.current?.closest('dialog')?.close()}>
            {back}
          </button>
          <button type="submit" className={danger ? 'admin-button-danger' : 'button'} disabled={sending}>
            {sending ? working : confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A labelled form field with its error under it, tied to the control for screen readers. */
export function AdminField({ label, error, children }: { label: string; error?: string | null | undefined; children: (props: FieldProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's message, named by `id` for the field's aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <span className="admin-field__error" id={id}>
      {error}
    </span>
  ) : null;
}

export interface FieldProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A one-line text field of a staff form, labelled, with its error under it. */
export function TextField({
  label,
  value,
  error,
  onChange,
  inputMode,
  type = 'text',
}: {
  label: string;
  value: string;
  error?: string | null | undefined;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'decimal';
  type?: 'text' | 'date' | 'email' | 'tel' | 'number' | 'datetime-local';
}) {
  return (
    <AdminField label={label} error={error}>
      {(props) => (
        <input
          {...props}
          type={type}
          inputMode={inputMode ?? (type === 'number' ? 'numeric' : undefined)}
          min={type === 'number' ? 0 : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </AdminField>
  );
}

/** 'Quitar …', confirmed: the dialog every removal of the tour editor opens, with what it takes away. */
export function RemoveDialog({
  title,
  press,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  press: { error: string | null; sending: boolean };
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      title={title}
      error={press.error}
      sending={press.sending}
      confirm="Quitar"
      working="Quitando…"
      danger
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}

/** 'Editar' and 'Quitar' on one item of a list, each named with the item for screen readers. */
export function EditRemove({ what, onEdit, onRemove }: { what: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <>
      <button type="button" className="admin-button-secondary" onClick={onEdit} aria-label={`Editar ${what}`}>
        Editar
      </button>{' '}
      <button type="button" className="admin-button-secondary" onClick={onRemove} aria-label={`Quitar ${what}`}>
        Quitar
      </button>
    </>
  );
}
