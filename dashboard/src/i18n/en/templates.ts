// The templates page.
export default {
  title: 'templates',
};
