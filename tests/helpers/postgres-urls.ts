export const TEMPLATE_DATABASE = 'backoffice_test_template';

/** The maintenance database of the same server, for CREATE/DROP DATABASE. */
export function adminUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
