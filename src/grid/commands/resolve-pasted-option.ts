import { readPercentText } from '../../domain/normalise-number-text';
import type { ChoiceOption } from './grid-column';

export type ResolvedOption = { ok: true; value: number | null } | { ok: false; message: string };

// The percentage an option's label starts with: commission labels are '20%' or '20% (rate 22)'.
const LABEL_PERCENT = /^(-?\d+(?:\.\d+)?)%/;

/**
 * The option a pasted text names in a choice column. A sheet holds labels ('Double', '20%'),
 * never ids, so a pasted text is read as a label (case and spaces aside), and a number, with or
 * without '%', as the option whose label is that percentage: the season model's rate with that
 * commission. When two rates share the percentage, the row's current rate is kept if it is one
 * of them; otherwise the clerk must pick, because the rates differ in markup. A text that names
 * no option is refused: it is never stored as an id (a pasted '1' once became rate id 1).
 */
export function resolvePastedOption(options: readonly ChoiceOption[], text: string, current: unknown): ResolvedOption {
  const normal = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');
  const byLabel = options.find((option) => normal(option.label) === normal(text));
  if (byLabel) return { ok: true, value: byLabel.value };

  const wanted = readPercentText(text);
  const percentOptions = options.filter((option) => LABEL_PERCENT.test(option.label));
  if (wanted === undefined || percentOptions.length === 0) return { ok: false, message: `'${text.trim()}' is not one of the choices` };

  const matches = percentOptions.filter((option) => Number(LABEL_PERCENT.exec(option.label)?.[1]) === wanted);
  if (matches.length === 1) return { ok: true, value: matches[0].value };
  if (matches.length === 0) return { ok: false, message: `no rate of ${wanted}% in the season's model` };
  const kept = matches.find((option) => option.value === current);
  if (kept) return { ok: true, value: kept.value };
  return { ok: false, message: `${wanted}% is more than one rate (${matches.map((option) => option.label).join(', ')}): pick one in the cell` };
}
