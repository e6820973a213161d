// The audit log page.
export default {
  title: 'Audit log',
  description: 'Every change made through the dashboard or importctl, newest first. Reading is not logged.',
  caption: 'Audit log entries',
  when: 'When',
  actor: 'Actor',
  action: 'Action',
  target: 'Target',
  details: 'Details',
  importctl: 'importctl',
  target_: (type: string, id: string) => `${type} ${id}`,
  noDetails: '—',
  empty: 'Nothing has changed yet.',
  paging: 'Audit log pages',
};
