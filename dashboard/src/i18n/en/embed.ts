// The embed page.
export default {
  title: 'embed',
};
