// The local identity provider's pages: sign-in, sign-up, sign-out and errors, as plain HTML forms that
// work without JavaScript. Every field has a label and an autocomplete hint; an error is shown next to
// its field, tied to it with aria-describedby, and the first one is announced (role="alert").

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** No script runs on these pages; forms post only to this origin. */
export const PAGE_SECURITY_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Cache-Control': 'no-store',
  // Not no-referrer: with it, browsers send `Origin: null` on the forms' own POSTs, and the sign-up
  // page's same-origin check (identity-provider.ts) would refuse every real browser.
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f6f8; color: #1b1f24; }
  main { max-width: 24rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px #0003; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .field { margin-bottom: 1rem; }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; border: 1px solid #6b7280; border-radius: 4px; }
  input[aria-invalid="true"] { border: 2px solid #b42318; }
  .hint { color: #4b5563; font-size: .875rem; margin: .25rem 0 0; }
  .error { color: #b42318; font-size: .875rem; margin: .25rem 0 0; font-weight: 600; }
  .error::before { content: "\\26A0\\FE0E  "; }
  button { font: inherit; padding: .5rem 1rem; border: 0; border-radius: 4px; background: #1d4ed8; color: #fff; cursor: pointer; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .note { color: #4b5563; font-size: .875rem; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Import Service (local)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export type FieldErrors = Partial<Record<'email' | 'password' | 'form', string>>;

interface FieldOptions {
  name: 'email' | 'password';
  label: string;
  type: 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  error?: string;
  /** The first field in error takes the focus. */
  autofocus?: boolean;
}

function field(options: FieldOptions): string {
  const id = options.name;
  const describedBy = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field">
  <label for="${id}">${escapeHtml(options.label)}</label>
  <input id="${id}" name="${options.name}" type="${options.type}" autocomplete="${options.autocomplete}" required${
    options.type === 'email' ? ' inputmode="email" spellcheck="false" autocapitalize="none"' : ''
  }${options.value ? ` value="${escapeHtml(options.value)}"` : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${
    options.error ? ' aria-invalid="true"' : ''
  }${options.autofocus ? ' autofocus' : ''}>
  ${options.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}
  ${options.error ? `<p class="error" id="${id}-error">${escapeHtml(options.error)}</p>` : ''}
</div>`;
}

function formError(errors: FieldErrors): string {
  return errors.form ? `<p class="error" role="alert">${escapeHtml(errors.form)}</p>` : '';
}

function summary(errors: FieldErrors): string {
  const count = (errors.email ? 1 : 0) + (errors.password ? 1 : 0);
  return count > 0 ? `<p class="error" role="alert">${count === 1 ? 'One field needs' : 'Two fields need'} your attention.</p>` : '';
}

export interface FormPageInput {
  action: string;
  /** The other page's address (sign-up from sign-in, and back); none on the sign-up page of no sign-in. */
  otherHref?: string;
  clientName: string;
  email?: string;
  errors?: FieldErrors;
}

export function signInPage(input: FormPageInput): string {
  const errors = input.errors ?? {};
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="note">to ${escapeHtml(input.clientName)}</p>
${formError(errors)}${summary(errors)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'email', label: 'Email address', type: 'email', autocomplete: 'username', value: input.email, error: errors.email, autofocus: !errors.password || Boolean(errors.email) })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: errors.password, autofocus: Boolean(errors.password) && !errors.email })}
<button type="submit">Sign in</button>
</form>
${input.otherHref ? `<p>No account yet? <a href="${escapeHtml(input.otherHref)}">Create an account</a></p>` : ''}`,
  );
}

export function signUpPage(input: FormPageInput & { minPasswordLength: number }): string {
  const errors = input.errors ?? {};
  return page(
    'Create an account',
    `<h1>Create an account</h1>
<p class="note">for ${escapeHtml(input.clientName)}. Locally no mail is sent: the address counts as verified.</p>
${formError(errors)}${summary(errors)}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field({ name: 'email', label: 'Email address', type: 'email', autocomplete: 'email', value: input.email, error: errors.email, autofocus: !errors.password || Boolean(errors.email) })}
${field({
  name: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  hint: `At least ${input.minPasswordLength} characters.`,
  error: errors.password,
  autofocus: Boolean(errors.password) && !errors.email,
})}
<button type="submit">Create account</button>
</form>
${input.otherHref ? `<p>Already have an account? <a href="${escapeHtml(input.otherHref)}">Sign in</a></p>` : ''}`,
  );
}

/** RP-initiated logout asks first; `form` is the provider's own hidden form (with its xsrf value). */
export function signOutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Sign out</h1>
<p>Do you want to sign out of the Import Service on this browser?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

/** After the sign-up page that no application opened: what to do with the new account. */
export function accountCreatedPage(email: string): string {
  return page(
    'Account created',
    `<h1>Account created</h1>
<p role="status">The account ${escapeHtml(email)} is ready. Sign in to it from the dashboard, or get an access token for it
in a terminal: <code>npx importctl user token --email ${escapeHtml(email)}</code></p>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out', '<h1>Signed out</h1>\n<p>You are signed out.</p>');
}

export function errorPage(error: string, description?: string): string {
  return page(
    'Sign-in error',
    `<h1>Something went wrong</h1>
<p role="alert">${escapeHtml(description ?? 'The request could not be completed.')}</p>
<p class="note">Error code: <code>${escapeHtml(error)}</code>. Start signing in again from the application.</p>`,
  );
}
