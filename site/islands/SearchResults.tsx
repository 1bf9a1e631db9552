/**
 * /busqueda/{slug}: reads the query from the address, searches the static Pagefind index in the browser
 * and shows result cards. The count is announced; a corrected query says so.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { $search, readSearchAddress, runSearch, submitSearch } from '../stores/search.ts';

interface Props {
  /** Known words of the catalogue, for typo correction. */
  vocabulary: string[];
}

export default function SearchResults({ vocabulary }: Props) {
  const { typed, status, results, correctedTo } = useStore($search);
  const [draft, setDraft] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const fromAddress = () => {
      const query = readSearchAddress();
      setDraft(query);
      void runSearch({ typed: query, vocabulary });
    };
    fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, [vocabulary]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitSearch({ typed: draft, vocabulary });
    heading.current?.focus();
  };

  const count = results.length;
  return (
    <div className="search">
      <search aria-label="Nueva búsqueda">
        <form className="search__form" onSubmit={onSubmit}>
          <label htmlFor="busqueda-texto">Busca por destino, país o viaje</label>
          <div className="search__row">
            <input
              id="busqueda-texto"
              type="search"
              name="q"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              maxLength={80}
              autoComplete="off"
            />
            <button type="submit" className="button">
              Buscar
            </button>
          </div>
        </form>
      </search>
      <h2 className="search__heading" ref={heading} tabIndex={-1}>
        {typed ? `Resultados para «${typed}»` : 'Escribe qué viaje buscas'}
      </h2>
      <p className="search__status" role="status" aria-live="polite">
        {status === 'loading' && 'Buscando…'}
        {status === 'error' && 'No hemos podido buscar ahora mismo. Prueba de nuevo o mira todos nuestros viajes.'}
        {status === 'done' && count === 0 && `No encontramos viajes para «${typed}». Prueba con otro destino o país.`}
        {status === 'done' &&
          count > 0 &&
          (correctedTo
            ? `No encontramos «${typed}»; mostramos ${count} ${count === 1 ? 'viaje' : 'viajes'} para «${correctedTo}».`
            : `${count} ${count === 1 ? 'viaje encontrado' : 'viajes encontrados'}.`)}
      </p>
      {count > 0 && (
        <ul className="search__results">
          {results.map((result) => (
            <li key={result.url} className="result">
              {result.image && (
                <img
                  src={result.image}
                  alt=""
                  width={result.imageWidth ?? undefined}
                  height={result.imageHeight ?? undefined}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <div className="result__body">
                <h3 className="result__name">
                  <a href={result.url}>{result.title}</a>
                </h3>
                {result.destinations && <p className="result__where">{result.destinations}</p>}
                <p className="result__meta">
                  {result.duration && <span>{result.duration}</span>}
                  {result.price && <strong>{result.price}</strong>}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {status === 'done' && count === 0 && (
        <p>
          <a href="/viajes">Ver todos los viajes</a>
        </p>
      )}
    </div>
  );
}
