import { useLocation, useNavigate } from 'react-router-dom';
import { setMustChoosePassword } from '../../api/auth-token.js';
import { isPathOfThisSite } from '../../domain/safe-path.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { ChangePasswordForm } from '../global/change-password-form.js';

/**
 * After a colleague reset this account's password (issue 30): the password they were given is a
 * temporary one, and nothing else opens until its owner has chosen their own. The colleague who
 * reset it never learns the password in use.
 */
export function ChoosePasswordScreen() {
  usePageTitle('Choose your password');
  const navigate = useNavigate();
  const location = useLocation();
  const chosen = () => {
    setMustChoosePassword(false);
    const from = (location.state as { from?: string } | null)?.from;
    void navigate(from && isPathOfThisSite(from) ? from : '/', { replace: true });
  };
  return (
    <div className="login-page">
      <div className="login-card choose-password">
        <p>Your password was reset by a colleague. Choose your own before going on; the one you were given stops working.</p>
        <ChangePasswordForm heading="Choose your password" currentLabel="Password you were given" onChanged={chosen} />
      </div>
    </div>
  );
}
