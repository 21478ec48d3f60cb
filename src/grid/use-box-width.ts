import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's width in CSS pixels, following resizes; 0 until measured, and where the browser
 * cannot observe sizes (jsdom).
 */
export function useBoxWidth(box: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return width;
}
