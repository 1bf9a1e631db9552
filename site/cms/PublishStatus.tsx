/** The edit-mode bar: says the page is in edit mode and where the last change is ('Publicando…', 'Publicado a las 10:42'). */
import { useStore } from '@nanostores/react';
import { $publish, describePublish } from '../stores/cms-publish.ts';

export default function PublishStatus() {
  const publish = useStore($publish);
  const text = describePublish(publish);
  return (
    <div className="cms-bar" data-state={publish.state}>
      <strong>Modo edición</strong>
      <span role="status" aria-live="polite" data-testid="cms-publish-status">
        {publish.state === 'publishing' && <span className="cms-spinner" aria-hidden="true" />}
        {text}
      </span>
    </div>
  );
}
