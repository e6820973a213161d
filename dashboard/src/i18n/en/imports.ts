// The imports page.
export default {
  title: 'imports',
};
