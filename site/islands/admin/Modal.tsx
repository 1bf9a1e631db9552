import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A confirmation or form as a modal dialog: the browser's own `<dialog>`, so focus stays inside, Escape
 * closes it and what is behind is inert. `onClose` runs when the browser closes it (Escape); a 'Volver'
 * button calls the same store action, which unmounts it.
 */
export function Modal({
  titleId,
  wide = false,
  onClose,
  children,
}: {
  /** The id of the heading inside that names the dialog. */
  titleId: string;
  wide?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog ref={ref} className={wide ? 'admin-dialog admin-dialog--wide' : 'admin-dialog'} aria-labelledby={titleId} onClose={onClose}>
      {children}
    </dialog>
  );
}
