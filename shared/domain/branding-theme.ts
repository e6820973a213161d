// The default theme, a neutral indigo that reads well on white: what a new organization's branding
// starts from (branding.ts) and what the widget falls back to for a value it cannot use
// (widget/src/styles.ts). No imports, so the widget's bundle takes it as it is.
export const DEFAULT_THEME = {
  primaryColor: '#4F46E5',
  secondaryColor: '#6366F1',
  accentColor: '#F59E0B',
  backgroundColor: '#FFFFFF',
  textColor: '#111827',
  borderColor: '#E5E7EB',
  errorColor: '#DC2626',
  successColor: '#16A34A',
  fontFamily: 'Inter, system-ui, sans-serif',
};
