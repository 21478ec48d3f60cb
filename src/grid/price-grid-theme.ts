import { themeQuartz } from 'ag-grid-community';

/** Spreadsheet density: at 1440x900 the pricing tab shows 20 and more price rows (issue 17). */
export const PRICE_GRID_ROW_HEIGHT = 28;
export const PRICE_GRID_HEADER_HEIGHT = 32;

/** AG Grid's Quartz theme tuned to the app's look (UX.md): neutral greys, one accent, 14 px, 8 px grid. */
export const priceGridTheme = themeQuartz.withParams({
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontSize: 14,
  headerFontSize: 13,
  headerFontWeight: 600,
  accentColor: '#1f6feb',
  foregroundColor: '#1f2328',
  borderColor: '#d9dde3',
  headerBackgroundColor: '#f1f3f5',
  spacing: 6,
  rowHeight: PRICE_GRID_ROW_HEIGHT,
  headerHeight: PRICE_GRID_HEADER_HEIGHT,
  wrapperBorderRadius: 8,
  cellHorizontalPadding: 10,
  oddRowBackgroundColor: '#ffffff',
  rowHoverColor: '#f6f9ff',
});

/** The same look one size down, for grids whose columns do not fit their box (narrow windows). */
export const compactPriceGridTheme = priceGridTheme.withParams({
  fontSize: 13,
  headerFontSize: 12,
  cellHorizontalPadding: 6,
});
