// The branding page.
export default {
  title: 'branding',
};
