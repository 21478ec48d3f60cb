import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_FAILED, loginSchema } from '../../domain/auth.js';
import { isPathOfThisSite } from '../../domain/safe-path.js';
import { api } from '../../api/api.js';
import { clearToken, storeToken } from '../../api/auth-token.js';
import { ApiError } from '../../api/api-error.js';
import { useRecordForm } from '../../ui/use-record-form.js';

// Throttling explains itself; every other failure gets the one catalogue message.
const failureText = (error: unknown) => (error instanceof ApiError && error.status === 429 ? error.message : LOGIN_FAILED);

/** Visiting the login page ends any stored session (SPEC.md section 2). */
export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    clearToken();
    document.title = 'Log in · Back-office';
  }, []);
  const form = useRecordForm({
    initial: () => ({ email_address: '', password: '' }),
    schema: loginSchema,
    send: (body) => api.auth.login({ body }),
    onSaved: ({ token, must_change_password }) => {
      // A reset password is temporary: RequireLogin then leads to Choose your password first.
      storeToken(token, { mustChoosePassword: must_change_password });
      // Back to the page that sent staff here, unless that address leads off this app (a hostile
      // link such as //evil.example/): then the home screen.
      const from = (location.state as { from?: string } | null)?.from;
      void navigate(from && from !== '/login' && isPathOfThisSite(from) ? from : '/', { replace: true });
    },
    refusedMessage: (errors) => errors.email_address ?? errors.password,
    failedMessage: failureText,
    onFailed: (_error, setDraft) => setDraft((current) => ({ ...current, password: '' })),
    // Nothing typed here is worth a question on leaving.
    asksBeforeLeaving: false,
  });
  const { draft } = form;
  // One message for the form (SPEC.md section 2): the refusal of the last try, else what is missing.
  const message = form.failure ? failureText(form.failure) : (form.errorOf('email_address') ?? form.errorOf('password'));

  return (
    <div className="login-page">
      <form className="login-card" onSubmit={form.submit} noValidate>
        <h1>Back-office</h1>
        <label>
          E-mail address
          <input
            type="email"
            autoComplete="username"
            autoFocus
            value={draft.email_address}
            onChange={(event) => form.change('email_address', event.target.value)}
          />
        </label>
        <label>
          Password
          <input type="password" autoComplete="current-password" value={draft.password} onChange={(event) => form.change('password', event.target.value)} />
        </label>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <button type="submit" className="button primary" disabled={form.saving}>
          {form.saving ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </div>
  );
}
