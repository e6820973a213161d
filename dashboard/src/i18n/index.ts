// The dashboard's message catalog: every string a person reads, by area (one file per area under en/).
// Pages take their area's messages from here and never write text inline (test/dashboard-messages.test.ts
// checks the pages for literal text). Plain functions format numbers, dates and plurals in English;
// another language is another folder of the same shape.
import apiKeys from './en/apiKeys';
import auditLog from './en/auditLog';
import auth from './en/auth';
import branding from './en/branding';
import common from './en/common';
import embed from './en/embed';
import importFile from './en/importFile';
import imports from './en/imports';
import members from './en/members';
import overview from './en/overview';
import review from './en/review';
import shell from './en/shell';
import templates from './en/templates';
import usage from './en/usage';
import webhooks from './en/webhooks';

export const messages = { common, shell, auth, overview, templates, imports, importFile, webhooks, apiKeys, embed, branding, members, auditLog, usage, review };
