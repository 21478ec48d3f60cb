import { REDIRECT_CODE_LABELS, REDIRECT_CODES, type RedirectCode } from '../../../domain/content/content-constants.js';

/** When to choose each code, in words staff can choose by. */
const WHEN_TO_USE: Record<RedirectCode, string> = {
  301: 'The page has a new address for good; search engines follow it. The usual choice.',
  302: 'A temporary move; search engines keep the old address.',
  303: 'Send the visitor to another page, such as the answer to a form.',
  304: 'The visitor’s cached copy is still current.',
  305: 'Obsolete; browsers ignore it.',
  307: 'A temporary move that keeps the request method.',
  308: 'A permanent move that keeps the request method.',
  404: 'The page does not exist; no new address.',
  410: 'The page was removed on purpose and will not come back.',
};

/** '301 Moved Permanently'; an unknown stored code shows as its number. */
export const redirectCodeLabel = (code: number) => (code in REDIRECT_CODE_LABELS ? `${code} ${REDIRECT_CODE_LABELS[code as RedirectCode]}` : String(code));

/** The legend beside the redirects list (SPEC.md section 2): every code and when to use it. */
export function RedirectCodeLegend() {
  return (
    <aside className="content-aside redirect-legend" aria-labelledby="redirect-legend-title">
      <h2 id="redirect-legend-title">HTTP codes</h2>
      <dl>
        {REDIRECT_CODES.map((code) => (
          <div key={code}>
            <dt>{redirectCodeLabel(code)}</dt>
            <dd>{WHEN_TO_USE[code]}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
