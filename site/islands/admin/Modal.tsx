import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The back office's dialog: a native modal `<dialog>` (focus kept inside, Escape closes it, the page
 * behind is inert), opened as it mounts; when it goes, the keyboard is back on what opened it. `wide` for forms.
 */
export function Modal({ label, onClose, children, wide = false }: { label: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
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
    <dialog ref={ref} className={wide ? 'admin-dialog admin-dialog--wide' : 'admin-dialog'} aria-label={label} onClose={onClose}>
      {children}
    </dialog>
  );
}
