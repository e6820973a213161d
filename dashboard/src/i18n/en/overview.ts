// The overview page.
export default {
  title: 'overview',
};
