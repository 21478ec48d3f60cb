import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/api.js';
import { authQueries } from '../../api/auth-queries.js';
import { clearToken } from '../../api/auth-token.js';
import { confirmLeavingUnsaved } from '../../ui/unsaved-changes.js';
import { PublishButton } from './publish-button.js';

/** Main nav on the left; Publish, server info and Logout on the right (UX.md). */
export function AppHeader({ nav }: { nav: ReactNode }) {
  const navigate = useNavigate();
  const serverInfo = useQuery(authQueries.serverInfo());
  const logout = async () => {
    // Asked before the session ends: a Cancel must leave the session, and the work, as they were.
    if (!(await confirmLeavingUnsaved())) return;
    // The session ends on the server too; the local token goes whatever the answer.
    await api.auth.logout().catch(() => undefined);
    clearToken();
    navigate('/login');
  };
  const info = serverInfo.data;
  return (
    <header className="app-header">
      <Link className="brand" to="/">
        Back-office
      </Link>
      {nav}
      <div className="header-actions">
        {info && (
          <span className="server-info" title={`Version ${info.version}`}>
            {info.environment}
            {info.environment !== 'production' && <span className="api-url"> · {info.api_url}</span>}
          </span>
        )}
        <PublishButton />
        <button type="button" className="button" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    </header>
  );
}
