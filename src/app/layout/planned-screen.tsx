import { useEffect } from 'react';

/**
 * Stands in for a screen of SPEC.md whose issue has not landed yet, so every route resolves and
 * says plainly what is missing instead of showing a blank page.
 */
export function PlannedScreen({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Back-office`;
  }, [title]);
  return (
    <section className="page">
      <h1>{title}</h1>
      <p className="muted">This screen is planned and not available in this version yet.</p>
    </section>
  );
}
