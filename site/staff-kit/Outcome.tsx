import type { ReactNode } from 'react';

/**
 * What the last press did (a status line screen readers announce as it changes, kept on the page even
 * when empty so the first message is heard) and, when something failed, why (an alert).
 */
export function Outcome({ done, message }: { done?: ReactNode; message?: string | null | undefined }) {
  return (
    <>
      <p role="status" className="admin-done">
        {done ?? ''}
      </p>
      {message ? (
        <p role="alert" className="admin-alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
