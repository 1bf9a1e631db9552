/**
 * The banner and the rich-text block of a page in edit mode (cms-and-backoffice.md §2.6, §2.7, §5). Each
 * opens from view mode with its button and closes with 'Cancelar' (nothing saved) or 'Guardar' (spinner,
 * button disabled while saving). The rich text is edited with Tiptap: headings, bold, italic, lists,
 * links and images uploaded into the landing's folder; the server sanitises what it stores.
 */
import { useStore } from '@nanostores/react';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { MOBILE_BANNER_BREAKPOINT_PX } from '#shared/constants.ts';
import { INFO_TOKEN_LABELS } from '#shared/info-markers.ts';
import {
  $landingEditor,
  type BannerImageKind,
  cancelEditor,
  loadLanding,
  openEditor,
  removeBannerImage,
  saveEditor,
  setBannerField,
  setHtml,
  uploadLandingImage,
} from '../stores/cms-landing.ts';
import { FieldError } from './RollEditor.tsx';

let loading: string | null = null;
/** Both editors of a page share one landing: the first to mount loads it. */
function useLanding(slug: string) {
  useEffect(() => {
    if (loading === slug) return;
    loading = slug;
    void loadLanding(slug);
  }, [slug]);
  return useStore($landingEditor);
}

function SaveButtons() {
  const { saving, uploading } = useStore($landingEditor);
  return (
    <div className="cms-actions">
      <button type="submit" className="cms-button cms-button--primary" disabled={saving || uploading.length > 0}>
        {saving && <span className="cms-spinner" aria-hidden="true" />}
        {saving ? 'Guardando…' : 'Guardar'}
      </button>
      <button type="button" className="cms-button" onClick={cancelEditor} disabled={saving}>
        Cancelar
      </button>
    </div>
  );
}

const IMAGE_LABELS: Record<BannerImageKind, string> = {
  desktop: 'Imagen de escritorio',
  mobile: `Imagen para móvil (pantallas de ${MOBILE_BANNER_BREAKPOINT_PX} px o menos)`,
};

/** An image of a banner: its preview (a signed link), the file input that uploads it, and 'Quitar'. */
export function ImageField({
  id,
  label,
  preview,
  uploading,
  error,
  onFile,
  onRemove,
}: {
  id: string;
  label: string;
  preview: string | null;
  uploading: boolean;
  error: string | undefined;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  return (
    <div className="cms-field cms-image-field">
      <label htmlFor={id}>{label}</label>
      {preview ? (
        <img className="cms-image-field__preview" src={preview} alt={`Vista previa: ${label.toLowerCase()}`} />
      ) : (
        <p className="cms-muted">Sin imagen.</p>
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      {uploading && (
        <p className="cms-muted" role="status">
          <span className="cms-spinner" aria-hidden="true" /> Subiendo imagen…
        </p>
      )}
      {preview && (
        <button type="button" className="cms-link" onClick={onRemove}>
          Quitar: {label.toLowerCase()}
        </button>
      )}
      <FieldError id={`${id}-error`} message={error || undefined} />
    </div>
  );
}

function BannerImageField({ kind }: { kind: BannerImageKind }) {
  const { banner, uploading, errors } = useStore($landingEditor);
  return (
    <ImageField
      id={`cms-banner-${kind}`}
      label={IMAGE_LABELS[kind]}
      preview={kind === 'desktop' ? banner.desktopPreview : banner.mobilePreview}
      uploading={uploading.includes(kind)}
      error={errors[`${kind}Image`]}
      onFile={(file) => void uploadLandingImage(kind, file)}
      onRemove={() => removeBannerImage(kind)}
    />
  );
}

export function BannerEditor({ slug }: { slug: string }) {
  const { landing, editing, banner, message, messageFor, errors } = useLanding(slug);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await saveEditor();
  };
  return (
    <section className="cms-panel" aria-labelledby="cms-banner">
      <div className="cms-panel__head">
        <h2 id="cms-banner">Banner · edición</h2>
        {editing !== 'banner' && (
          <button type="button" className="cms-button cms-button--primary" onClick={() => openEditor('banner')} disabled={!landing || editing !== null}>
            Editar banner
          </button>
        )}
      </div>
      <p className="cms-message" role="status" aria-live="polite">
        {messageFor === 'banner' ? (message ?? '') : ''}
      </p>
      {editing === 'banner' && (
        <form className="cms-form" onSubmit={onSubmit} noValidate aria-label="Editar banner">
          <div className="cms-fields">
            <div className="cms-field">
              <label htmlFor="cms-banner-title">Título</label>
              <input id="cms-banner-title" value={banner.title} maxLength={200} onChange={(e) => setBannerField('title', e.target.value)} />
              <FieldError id="cms-banner-title-error" message={errors.title} />
            </div>
            <div className="cms-field">
              <label htmlFor="cms-banner-subtitle">Subtítulo</label>
              <input id="cms-banner-subtitle" value={banner.subtitle} maxLength={400} onChange={(e) => setBannerField('subtitle', e.target.value)} />
            </div>
          </div>
          <div className="cms-fields">
            <BannerImageField kind="desktop" />
            <BannerImageField kind="mobile" />
          </div>
          <SaveButtons />
        </form>
      )}
    </section>
  );
}

function Toolbar({ editor, onImage }: { editor: NonNullable<ReturnType<typeof useEditor>>; onImage: (file: File) => Promise<string | null> }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileId = useId();
  const button = (label: string, pressed: boolean, run: () => void) => (
    <button type="button" className="cms-tool" aria-pressed={pressed} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="cms-toolbar" role="toolbar" aria-label="Formato del texto">
      {button('Título', state.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
      {button('Subtítulo', state.h3, () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
      {button('Negrita', state.bold, () => editor.chain().focus().toggleBold().run())}
      {button('Cursiva', state.italic, () => editor.chain().focus().toggleItalic().run())}
      {button('Lista', state.bullet, () => editor.chain().focus().toggleBulletList().run())}
      {button('Lista numerada', state.ordered, () => editor.chain().focus().toggleOrderedList().run())}
      {button('Enlace', state.link, () => {
        setHref(editor.getAttributes('link').href ?? '');
        setLinking((open) => !open);
      })}
      {button('Tabla', state.table, () => editor.chain().focus().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run())}
      {state.table && (
        <>
          {button('Añadir fila', false, () => editor.chain().focus().addRowAfter().run())}
          {button('Quitar fila', false, () => editor.chain().focus().deleteRow().run())}
          {button('Quitar tabla', false, () => editor.chain().focus().deleteTable().run())}
        </>
      )}
      <label className="cms-tool" htmlFor={fileId}>
        {uploading ? 'Subiendo…' : 'Imagen'}
      </label>
      <input
        id={fileId}
        className="cms-visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setUploading(true);
          const src = await onImage(file);
          setUploading(false);
          if (src) editor.chain().focus().setImage({ src, alt: '' }).run();
        }}
      />
      {linking && (
        <span className="cms-toolbar__link">
          <label htmlFor={`${fileId}-href`}>Dirección del enlace</label>
          <input id={`${fileId}-href`} type="url" value={href} placeholder="https://" onChange={(e) => setHref(e.target.value)} />
          <button
            type="button"
            className="cms-button"
            onClick={() => {
              const chain = editor.chain().focus().extendMarkRange('link');
              if (href.trim() === '') chain.unsetLink().run();
              else chain.setLink({ href: href.trim() }).run();
              setLinking(false);
            }}
          >
            Aplicar
          </button>
        </span>
      )}
    </div>
  );
}

/** A Tiptap rich-text field; images are uploaded by `onImage`, which answers the address to embed. */
export function RichTextField({
  initial,
  label,
  onChange,
  onImage,
}: {
  initial: string;
  label: string;
  onChange: (html: string) => void;
  onImage: (file: File) => Promise<string | null>;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false, link: { openOnClick: false } }),
      Image,
      // The legal texts and the points programme carry tables; without this the editor would drop them.
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: initial,
    immediatelyRender: true,
    editorProps: { attributes: { class: 'cms-richtext__area rich-text', 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  return (
    <div className="cms-richtext">
      {editor && <Toolbar editor={editor} onImage={onImage} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function RichTextForm({ initial }: { initial: string }) {
  const { errors } = useStore($landingEditor);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await saveEditor();
  };
  return (
    <form className="cms-form" onSubmit={onSubmit} noValidate aria-label="Editar texto">
      <RichTextField
        initial={initial}
        label="Texto de la página"
        onChange={setHtml}
        onImage={async (file) => (await uploadLandingImage('content', file))?.mediaUrl ?? null}
      />
      <FieldError id="cms-texto-image-error" message={errors.contentImage || undefined} />
      <SaveButtons />
    </form>
  );
}

/** A text page's markers and what each becomes, so staff keep them where a figure goes. */
function MarkersHint() {
  return (
    <details className="cms-markers">
      <summary>Datos que se rellenan solos</summary>
      <p className="cms-muted">
        Escribe el marcador tal cual (con las llaves) donde quieras que aparezca el dato; la página lo muestra con el valor de cada momento. Si cambia el
        teléfono o una regla de la tienda, no hay que editar el texto.
      </p>
      <dl>
        {Object.entries(INFO_TOKEN_LABELS).map(([name, label]) => (
          <div key={name}>
            <dt>
              <code>{`{{${name}}}`}</code>
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function RichTextEditor({ slug, markers = false }: { slug: string; markers?: boolean }) {
  const { landing, editing, message, messageFor } = useLanding(slug);
  return (
    <section className="cms-panel" aria-labelledby="cms-texto">
      <div className="cms-panel__head">
        <h2 id="cms-texto">Texto de la página · edición</h2>
        {editing !== 'text' && (
          <button type="button" className="cms-button cms-button--primary" onClick={() => openEditor('text')} disabled={!landing || editing !== null}>
            Editar texto
          </button>
        )}
      </div>
      <p className="cms-message" role="status" aria-live="polite">
        {messageFor === 'text' ? (message ?? '') : ''}
      </p>
      {editing === 'text' && markers && <MarkersHint />}
      {editing === 'text' && landing && <RichTextForm initial={landing.html} />}
    </section>
  );
}
