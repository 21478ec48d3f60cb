import { useEffect, useRef, useState } from 'react';
import { PUBLISH_CONFIRM, PUBLISH_FAILED, PUBLISHED_STATE_MS, publishedMessage } from '../../domain/publish.js';
import { api } from '../../api/api.js';

type PublishState = 'idle' | 'publishing' | 'published';

/**
 * SPEC.md section 4: ignored while publishing or just published; after confirmation the server
 * starts the remote build; 'publishing', then 'published' for 2 s, then an alert asks to wait.
 */
export function PublishButton() {
  const [state, setState] = useState<PublishState>('idle');
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current) window.clearTimeout(timer.current);
    },
    [],
  );

  const publish = async () => {
    if (state !== 'idle') return;
    if (!window.confirm(PUBLISH_CONFIRM)) return;
    setState('publishing');
    try {
      const result = await api.publish.publish();
      setState('published');
      timer.current = window.setTimeout(() => {
        setState('idle');
        window.alert(publishedMessage(result.site_host));
      }, PUBLISHED_STATE_MS);
    } catch (error) {
      console.error('Publish failed', error);
      setState('idle');
      window.alert(PUBLISH_FAILED);
    }
  };

  const label = state === 'publishing' ? 'Publishing…' : state === 'published' ? 'Published' : 'Publish';
  return (
    <button type="button" className="button primary" onClick={() => void publish()} aria-busy={state === 'publishing'}>
      {label}
    </button>
  );
}
