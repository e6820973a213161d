// The auditLog page.
export default {
  title: 'auditLog',
};
