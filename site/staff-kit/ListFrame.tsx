/**
 * The frame of every staff list screen: the filter form (with what the screen adds beside it), the line
 * of what the last action did, the alert when the list could not be loaded, the count, the table or the
 * text for an empty list, and the pager. A desk gives its table and its words; the frame reads alike
 * everywhere, and screen readers hear the count and the outcome of actions as they change.
 */
import { FieldError } from './ConfirmDialog.tsx';
import { type FormEvent, type ReactNode, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { type ColumnDef, type RowData, useTable } from '@tanstack/react-table';
import { DataTable, Pager, type StaffTable, staffTable } from './DataTable.tsx';
import { counted } from './format.ts';
import type { ListScreen, ListScreenState } from './list-screen.ts';
import { Outcome } from './Outcome.tsx';

/** The screen's state, opened from the address once the island is on the page (or by the screen's own `open`). */
export function useListScreen<F extends string, A, S extends string, E extends object>(screen: ListScreen<F, S, A, E>, open?: () => Promise<void>) {
  const state = useStore(screen.$state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, from the address the page was opened with.
  useEffect(() => {
    void (open ? open() : screen.open(location.search));
  }, []);
  return state;
}

export function ListFrame({
  state,
  filters,
  toolbar,
  count,
  rows,
  empty,
  paging,
  children,
}: {
  /** The screen's state; `done` may be more than text (a link to what was made). */
  state: Pick<ListScreenState<string, string, unknown>, 'status' | 'message'> & { done: ReactNode };
  /** The filter form (`ListFilters`). */
  filters?: ReactNode;
  /** Beside the form: the screen's own buttons ('Nueva agencia'). */
  toolbar?: ReactNode;
  /** 'N reservas', once there is an answer. */
  count: string | null;
  /** How many rows the page has; null before the first answer. */
  rows: number | null;
  /** What an empty list says (which depends on whether it is filtered). */
  empty: ReactNode;
  paging?: { page: number; pages: number; label?: string; onPage: (page: number) => void } | null;
  /** The table. */
  children: ReactNode;
}) {
  return (
    <>
      {toolbar ? (
        <div className="admin-toolbar">
          {filters}
          {toolbar}
        </div>
      ) : (
        filters
      )}
      <Outcome done={state.done} message={state.message} />
      <p role="status" className="admin-count">
        {state.status === 'loading' ? 'Cargando…' : (count ?? '')}
      </p>
      {rows === null ? null : rows > 0 ? children : <p>{empty}</p>}
      {paging ? <Pager page={paging.page} pages={paging.pages} label={paging.label} onPage={paging.onPage} /> : null}
    </>
  );
}

/**
 * The filter form: its fields, 'Filtrar' (or `submit`), 'Quitar filtros' when `onClear` is given, and
 * anything the screen adds to its buttons (an export). `inline` for a search of one or two fields.
 */
export function ListFilters({
  label,
  onApply,
  onClear,
  clearLabel = 'Quitar filtros',
  submit = 'Filtrar',
  inline = false,
  actions,
  children,
}: {
  label: string;
  onApply: () => void;
  onClear?: (() => void) | null;
  clearLabel?: string;
  submit?: string;
  inline?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const send = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  const buttons = (
    <>
      <button type="submit" className="button">
        {submit}
      </button>
      {onClear ? (
        <button type="button" className="admin-button-secondary" onClick={onClear}>
          {clearLabel}
        </button>
      ) : null}
      {actions}
    </>
  );
  return (
    <search>
      <form className={inline ? 'admin-inline-form' : 'admin-filters'} onSubmit={send} aria-label={label} noValidate>
        {children}
        {inline ? buttons : <div className="admin-filters__actions">{buttons}</div>}
      </form>
    </search>
  );
}

/** A text, search or date filter: labelled, with its error under it tied to the field. */
export function FilterInput({
  name,
  label,
  value,
  error,
  onChange,
  type = 'text',
  placeholder,
  wide = false,
}: {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'search' | 'date';
  placeholder?: string;
  wide?: boolean;
}) {
  const errorId = `filtro-${name}-error`;
  return (
    <label className={wide ? 'admin-field admin-search-wide' : 'admin-field'}>
      <span>{label}</span>
      <input
        type={type}
        name={name}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <FieldError id={errorId} error={error} />
    </label>
  );
}

const NO_ROWS: never[] = [];

/**
 * A whole desk's list: the frame, the count in the desk's words, the table drawn from the screen's rows
 * (sortable headings when `sortOf` names the server's sort of a column) and the pager. A desk gives its
 * columns, its filters and its words.
 */
export function ListDesk<F extends string, S extends string, A, E extends object, TRow extends RowData>({
  screen,
  state,
  columns,
  rowsOf,
  noun,
  label,
  empty,
  filters,
  toolbar,
  sortOf,
  rowClassName,
  pagerLabel,
}: {
  screen: ListScreen<F, S, A, E>;
  state: Omit<ListScreenState<F, S, A>, 'done'> & { done: ReactNode };
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column definitions are typed per column value; the desk's list holds any.
  columns: ColumnDef<StaffTable, TRow, any>[];
  /** The rows and paging of an answer (the page, its number and how many there are in all). */
  rowsOf: (answer: A) => { rows: TRow[]; page?: number; total: number; pageSize?: number };
  /** The list's noun, one and many: 'reserva', 'reservas'. */
  noun: readonly [string, string];
  /** The table's name ('Lista de reservas'); its caption says the page. */
  label: string;
  empty: ReactNode;
  filters?: ReactNode;
  toolbar?: ReactNode;
  sortOf?: (columnId: string) => S | undefined;
  rowClassName?: (row: TRow) => string | undefined;
  pagerLabel?: string;
}) {
  const list = state.answer === null ? null : rowsOf(state.answer);
  const table = useTable({ features: staffTable, columns, data: list?.rows ?? (NO_ROWS as TRow[]) });
  const page = list?.page ?? 1;
  return (
    <ListFrame
      state={state}
      filters={filters}
      toolbar={toolbar}
      count={list ? counted(list.total, noun[0], noun[1]) : null}
      rows={list?.rows.length ?? null}
      empty={empty}
      paging={
        list?.pageSize ? { page, pages: Math.max(1, Math.ceil(list.total / list.pageSize)), label: pagerLabel, onPage: (n) => void screen.goToPage(n) } : null
      }
    >
      <DataTable
        table={table}
        label={label}
        caption={`${label.replace(/^Lista de /, '').replace(/^./, (c) => c.toUpperCase())}, página ${page}`}
        sort={sortOf ? { of: sortOf, current: state.sort, dir: state.dir, onSort: (sort) => void screen.sortBy(sort) } : undefined}
        rowClassName={rowClassName}
      />
    </ListFrame>
  );
}

/** The one-field search of a desk ('Buscar' and a search box), applied on 'Buscar'. */
export function SearchFilter<F extends string>({
  screen,
  state,
  field,
  label,
  fieldLabel = 'Buscar',
  placeholder,
  wide = true,
  children,
  onClear,
  clearLabel,
}: {
  screen: { setFilter: (field: F, value: string) => void; apply: () => Promise<void> };
  state: { form: Record<F, string>; errors: Record<string, string> };
  field: F;
  label: string;
  fieldLabel?: string;
  placeholder?: string;
  wide?: boolean;
  /** More fields beside the box. */
  children?: ReactNode;
  onClear?: (() => void) | null;
  clearLabel?: string;
}) {
  return (
    <ListFilters label={label} submit="Buscar" inline onApply={() => void screen.apply()} onClear={onClear} clearLabel={clearLabel}>
      <FilterInput
        name={field}
        label={fieldLabel}
        type="search"
        wide={wide}
        placeholder={placeholder}
        value={state.form[field]}
        error={state.errors[field]}
        onChange={(value) => screen.setFilter(field, value)}
      />
      {children}
    </ListFilters>
  );
}
