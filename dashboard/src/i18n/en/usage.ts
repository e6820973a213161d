// The usage page.
export default {
  title: 'usage',
};
