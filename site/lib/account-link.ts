/**
 * The header's account link on the static pages: 'Iniciar sesión' in the HTML for everyone; a browser
 * where someone signed in (a hint the session store keeps, not a permission) turns it into 'Mi cuenta'
 * with the points balance, read from the API. The pages stay static and the same for everyone.
 */
export const ACCOUNT_HINT_KEY = 'dr-account';

export function showAccount() {
  let hint: string | null;
  try {
    hint = localStorage.getItem(ACCOUNT_HINT_KEY);
  } catch {
    return;
  }
  const link = document.querySelector<HTMLAnchorElement>('[data-account-link]');
  if (hint !== '1' || !link) return;
  link.href = '/perfil';
  link.textContent = 'Mi cuenta';
  void fetch('/api/me/badge', { credentials: 'same-origin' })
    .then((res) => (res.ok ? (res.json() as Promise<{ points: number }>) : null))
    .then((badge) => {
      if (badge && badge.points > 0) link.textContent = `Mi cuenta · ${badge.points.toLocaleString('es-ES')} puntos`;
    })
    .catch(() => {
      // Without the balance the link still leads to the account.
    });
}
