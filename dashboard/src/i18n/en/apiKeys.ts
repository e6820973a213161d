// The apiKeys page.
export default {
  title: 'apiKeys',
};
