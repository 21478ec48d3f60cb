import { PAGE_SECTIONS, type PageSection } from '../../../domain/content/content-constants.js';

const LABELS: Record<PageSection, string> = { inspiration: 'Inspiration', explore: 'Explore' };

/** 'Inspiration', 'Explore', or 'Top level' for a page with no section. */
export const sectionLabel = (section: PageSection | null) => (section ? LABELS[section] : 'Top level');

export const SECTION_OPTIONS: { value: PageSection | ''; label: string }[] = [
  { value: '', label: sectionLabel(null) },
  ...PAGE_SECTIONS.map((section) => ({ value: section, label: sectionLabel(section) })),
];
