// The webhooks page.
export default {
  title: 'webhooks',
};
