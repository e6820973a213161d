// The members page.
export default {
  title: 'members',
};
