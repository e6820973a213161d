// The review link's page: someone without an account fixes the rows of one import.
export default {
  title: 'Review your import',
  widgetLabel: 'Rows to review',
  missingTitle: 'This review link is incomplete',
  missingText: 'Open the whole link you were sent, or ask its sender for a new one.',
};
