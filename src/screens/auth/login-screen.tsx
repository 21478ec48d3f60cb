import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_FAILED, LOGIN_FIELDS_REQUIRED } from '../../domain/auth.js';
import { api } from '../../api/api.js';
import { clearToken, storeToken } from '../../api/auth-token.js';
import { ApiError } from '../../api/api-error.js';
import { notifyError } from '../../ui/notify.js';

/** Visiting the login page ends any stored session (SPEC.md section 2). */
export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    clearToken();
    document.title = 'Log in · Back-office';
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMessage(LOGIN_FIELDS_REQUIRED);
      notifyError(LOGIN_FIELDS_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      const { token } = await api.auth.login({ body: { email_address: email, password } });
      storeToken(token);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch (error) {
      // Throttling explains itself; every other failure gets the one catalogue message.
      const text = error instanceof ApiError && error.status === 429 ? error.message : LOGIN_FAILED;
      setPassword('');
      setMessage(text);
      notifyError(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <form className="login-card" onSubmit={(event) => void submit(event)} noValidate>
        <h1>Back-office</h1>
        <label>
          E-mail address
          <input type="email" autoComplete="username" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Password
          <input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </div>
  );
}
