// How the generic reference form draws each field and the list its columns. Pure data, so the
// registry that holds it can live in domain beside the schemas it describes.

export type OptionValue = string | number | null;
export type SelectOption = { value: OptionValue; label: string };

/** Lists a form can pick from; the app maps each to its API call. */
export type ListSource = 'regions' | 'currencies' | 'models' | 'seasons' | 'tours' | 'destinations' | 'hotels' | 'restaurants' | 'categories' | 'operators';

type Base = { name: string; label: string; hint?: string };

export type FormField =
  | (Base & { kind: 'text' | 'textarea' | 'rich-text' })
  /** A slug that follows the name while creating, until staff edit it. */
  | (Base & { kind: 'slug'; from: string })
  | (Base & { kind: 'number'; min?: number; max?: number; step?: number; nullable?: boolean })
  | (Base & { kind: 'select'; options: readonly SelectOption[] })
  /** One row of another list, or none. */
  | (Base & { kind: 'reference'; source: ListSource })
  /** Several rows of another list. */
  | (Base & { kind: 'reference-list'; source: ListSource })
  /** An image of the media library, or none (its id). */
  | (Base & { kind: 'image' })
  /** A gallery, or none (its id). */
  | (Base & { kind: 'gallery' });

export type ListColumn = { name: string; label: string; options?: readonly SelectOption[]; numeric?: boolean };
