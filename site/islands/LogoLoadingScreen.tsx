/**
 * The full-screen logo loading screen ("Full-screen logo loading screen"): what an island shows while its
 * screen or the session loads. Presentational only, so islands render it as they like and
 * `LogoLoading.astro` renders it as static HTML. The pulse stops for visitors who ask for reduced motion.
 */
import './logo-loading.css';

export interface LogoLoadingScreenProps {
  /** What is loading, read out to screen readers. */
  label?: string;
}

export default function LogoLoadingScreen({ label = 'Cargando…' }: LogoLoadingScreenProps) {
  return (
    <div className="logo-loading" role="status" aria-live="polite">
      <svg className="logo-loading__mark" aria-hidden="true" width="72" height="72" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="8" fill="#c2410c" />
        <path d="M6 24l7-11 5 7 3-4 5 8z" fill="#fff" />
      </svg>
      <p className="logo-loading__label">{label}</p>
    </div>
  );
}
