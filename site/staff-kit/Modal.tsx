import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The back office's dialog: the browser's own modal `<dialog>` (focus kept inside, Escape closes it, the
 * page behind is inert), opened as it mounts; when it goes, the keyboard is back on what opened it. Named
 * by `label`, or by the heading inside whose id is `titleId`. `wide` for forms. `onClose` runs when the
 * browser closes it (Escape); a 'Volver' button calls the same store action, which unmounts it. While `busy`
 * (a press on its way) it stays open: its answer is for this dialog, not for one opened after it.
 */
export function Modal({
  label,
  titleId,
  wide = false,
  busy = false,
  onClose,
  children,
}: {
  label?: string;
  titleId?: string;
  wide?: boolean;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    // Where the keyboard was when it opened (the button that opened it), to go back there when it goes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (ref.current && !ref.current.open) ref.current.showModal();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'admin-dialog admin-dialog--wide' : 'admin-dialog'}
      aria-label={label}
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
    >
      {children}
    </dialog>
  );
}
