import { i18n } from '#i18n';
import { useEffect, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** While the action runs: the confirm button is disabled and says so. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal `<dialog>` for destructive actions. Opening moves focus to Cancel (the safe choice);
 * Escape cancels; closing returns focus to whatever had it before (the button that opened it).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, busy = false, onConfirm, onCancel } = props;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      className="sp-dialog"
      aria-labelledby="sp-dialog-title"
      aria-describedby={children ? 'sp-dialog-body' : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onKeyDown={(event) => {
        // Escape cancels; handled here too for runtimes without the dialog's own cancel event.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id="sp-dialog-title">{title}</h2>
      {children && (
        <div id="sp-dialog-body" className="stack">
          {children}
        </div>
      )}
      <div className="row sp-dialog-actions">
        <button ref={cancelRef} type="button" onClick={onCancel} disabled={busy}>
          {i18n.t('panel.dialog.cancel')}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {busy ? i18n.t('panel.dialog.working') : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
