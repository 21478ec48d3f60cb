import { ApiError, errorText } from '../api/api-error.js';

/**
 * What a refused save says that belongs to none of `fields` (their messages show beside them):
 * the last such item of the server's answer, or the error's text when it is no API answer.
 */
export function failureOutsideFields(error: unknown, fields: readonly string[]): string | undefined {
  if (!(error instanceof ApiError)) return errorText(error);
  return error.items.filter((item) => item.path === undefined || !fields.includes(item.path)).at(-1)?.msg;
}

/** A form's own message under its fields, announced when it appears; nothing when there is none. */
export function FormFailure({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
