import { useEffect } from 'react';

/**
 * Frees a price model's workbook when its screen goes away. React's StrictMode unmounts and
 * remounts every effect once in development, so the disposal waits a tick and is dropped when
 * the same model was mounted again meanwhile.
 */
export function useModelDisposal(model: { destroy: () => void }) {
  useEffect(() => {
    live.set(model, (live.get(model) ?? 0) + 1);
    return () => {
      live.set(model, (live.get(model) ?? 1) - 1);
      setTimeout(() => {
        if ((live.get(model) ?? 0) === 0) model.destroy();
      }, 0);
    };
  }, [model]);
}

const live = new WeakMap<object, number>();
