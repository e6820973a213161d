// Signing in and out, the first organization, invitations.
export default {
  welcomeTitle: 'Import Service',
  welcomeText: 'Build import templates, follow every import and its webhook, and manage your team.',
  signIn: 'Sign in or create an account',
  signingIn: 'Signing you in…',
  signInFailed: 'Signing in did not complete',
  signInAgain: 'Sign in again',
  noSignInStarted: 'no sign-in was started in this tab',
  createTitle: 'Create your organization',
  createText: 'An organization holds your templates, imports, API keys and team. You will be its owner.',
  organizationName: 'Organization name',
  organizationNameHint: 'Your company or product, as your team knows it.',
  create: 'Create organization',
  invitationTitle: 'Join an organization',
  invitationText: 'You were invited to join an organization. Accept with the account you are signed in with.',
  accept: 'Accept invitation',
  accepted: (name: string) => `You joined ${name}.`,
};
