import { useEffect } from 'react';

/** The browser tab names the record on screen (UX.md: the page title names the record). */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · Back-office`;
  }, [title]);
}
