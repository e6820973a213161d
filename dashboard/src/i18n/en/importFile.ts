// The importFile page.
export default {
  title: 'importFile',
};
