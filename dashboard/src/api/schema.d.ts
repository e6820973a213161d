// Generated from docs/openapi.json by `npm run openapi` (dashboard/schema.ts). Do not edit.
export interface paths {
    "/api/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List templates, newest first */
        get: operations["listTemplates"];
        put?: never;
        /** Create a template */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one template */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        /** Delete a template (its imports remain) */
        delete: operations["deleteTemplate"];
        options?: never;
        head?: never;
        /** Update a template (only the fields sent change) */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/api/v1/templates/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a template under the name "<name> (Copy)" */
        post: operations["duplicateTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/templates/{id}/hook-test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test batch to the template's validation hook
         * @description The rows (cell texts by column key) go through the template's own checks, then to the hook with mode "test", signed as every call, once (no retries) and not recorded. `validationHook` tests a setting before it is saved. Answers the HTTP status, latency, the answer as it came, and each row as the end user would see it. 409 VALIDATION_HOOK_NOT_CONFIGURED when the template has no hook and none is given.
         */
        post: operations["testValidationHook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List imports, newest first, optionally filtered by template, status and creation time
         * @description Filters combine; totals are exact. A templateId that matches nothing (a deleted template keeps its imports listed under its id) gives an empty list; a status other than PENDING, COMPLETED or FAILED is 400. from and to (both included, either may be left out) are days (yyyy-mm-dd: from the start of from, to the end of to, UTC) or date-times with a time zone; a malformed one, or to before from, is 400.
         */
        get: operations["listImports"];
        put?: never;
        /**
         * Start an import of a file from your server: answers where to PUT the file
         * @description The file is then sent with one PUT to upload.url, with upload.headers, within upload.expiresAt; its arrival starts processing, and the import ends as any other (import.completed or import.failed to the webhook; the rows route). fileSize is the exact byte count (it is signed into the URL). columnMapping (header -> column key) is the whole mapping: headers not in it are not mapped (kept as extra columns when the template allows them); a required column left unmapped fails the import with UNMAPPED_REQUIRED_COLUMN. Without it headers are mapped as the widget's review proposes (the template's remembered mappings, then exact and close names). review: true keeps rows in error for corrections: the import waits in AWAITING_CORRECTIONS and POST .../review-link opens them to a person. Counts against the write rate limit; the template need not be embed-enabled. 404 for an unknown template.
         */
        post: operations["createImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one import with its template snapshot, column mapping and error
         * @description Every field is present; fields without a value yet are null (completedAt, columnMapping, error and sheet while PENDING; webhookStatus until the import finishes; webhookDeliveredAt until delivered).
         */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through the valid rows of a COMPLETED import, in file order, typed
         * @description 409 IMPORT_NOT_FINISHED while PENDING; 409 IMPORT_FAILED for a FAILED import (it delivers no rows); 410 ROWS_EXPIRED once the retention period has passed; 400 when a page of very wide rows would exceed the 5 MB response limit (the message says which limit fits).
         */
        get: operations["listImportRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through the invalid rows of a finished import: row number and, per bad cell, column, value and message
         * @description 409 IMPORT_NOT_FINISHED while PENDING; 410 ROWS_EXPIRED once the retention period has passed.
         */
        get: operations["listImportErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every change the end user made in the widget's correction step, in order, with the original values
         * @description A cell: { row, column, from, to, at } (from: the value before this change; the file's for a first change). A removal or restore: { row, removed: true|false, at }. Rows are the file's row numbers. An import without a correction step lists none. The changes hold the end user's values: they are deleted with the import's rows (410 ROWS_EXPIRED after the retention period).
         */
        get: operations["listImportCorrections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/hook-calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The validation hook calls of an import, in the order they were made
         * @description One entry per HTTP attempt: when, mode (import: during processing; correction: a change in the correction step), batch, rows sent, attempt (1 to 3), the HTTP status (null when no complete answer came), ok, latency, the error (timeout, 5xx, malformed answer, ...) and how many parts of the answer were ignored (rows not sent, stale revisions, unknown columns). An import whose template has no hook lists none.
         */
        get: operations["listHookCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/webhook-attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook attempts of an import, by delivery and attempt
         * @description Each attempt: delivery (1, then +1 per resend), attempt number, start time, duration, the HTTP status or the kind of error (timeout, connection, dns, forbidden_address, invalid_url, not_configured) and at most 1 KB of the response body.
         */
        get: operations["listWebhookAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/review-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a review link: a page where someone without an account corrects the import's rows in error
         * @description For imports created here with review: true, while PENDING. The url opens the widget's correction step for this import alone, with the organization's branding; submitting there finishes the import (import.completed). The link is the credential: share it only with the person who should fix the rows. It works until expiresAt (expiresInSeconds, 60 to 604800, default 86400) or until a new link or DELETE closes it. 409 IMPORT_NOT_AWAITING_CORRECTIONS for an import created without review or already finished.
         */
        post: operations["createReviewLink"];
        /** Close the import's review link: it stops working at once */
        delete: operations["deleteReviewLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}/webhook/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver the import's event again, to the organization's current webhook URL
         * @description Starts a new delivery (new webhook-id, attempts from 1 on the same schedule) once the previous one ended (DELIVERED, FAILED or NOT_CONFIGURED). 400 while a delivery is in progress, while the import is PENDING, or when the organization has no webhook URL.
         */
        post: operations["resendWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/organization/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the branding settings of the widget
         * @description Every field of SPEC 2.6. Fields the current plan may not change show their defaults (stored values are kept and come back after an upgrade): on free, only primaryColor, secondaryColor and logoUrl.
         */
        get: operations["getBranding"];
        /**
         * Update branding settings (only the fields sent change)
         * @description Shape and values are checked first (400), then the plan (403 PLAN_UPGRADE_REQUIRED naming the fields and the lowest plan that allows them). Free may change primaryColor, secondaryColor and logoUrl; everything else (showPoweredBy, customCss included) needs starter or higher. All or nothing.
         */
        put: operations["updateBranding"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the widget needs to show a template: its columns and settings, and the organization's branding
         * @description No API key. Only templates with embedEnabled; any other id (unknown, malformed, not embed-enabled) is the same 404. The branding is the effective one for the organization's plan, as GET /api/v1/organization/branding shows it.
         */
        get: operations["getEmbedTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/templates/{id}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an import from the widget: a PENDING import, its status token and a presigned upload URL
         * @description Everything is checked before anything is created (fileSize within the upload limit, a known file type, the content type of that file type, metadata, mapping and sheet as for importctl). PUT the file to upload.url with upload.headers, exactly fileSize bytes, before upload.expiresAt (15 minutes): the URL is valid for this one object, this size and this content type only. Processing starts when the file lands; poll GET /embed/v1/imports/{importId} with `Authorization: Bearer <token>` (valid 24 hours). An import whose file never arrives is closed FAILED with UPLOAD_TIMEOUT (20 minutes after creation).
         */
        post: operations["createEmbedImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The status of an import started from the widget (needs its token)
         * @description `Authorization: Bearer <token>` from the create response. A missing, wrong, expired or other import's token is 401. columnMapping and error are null until the import finishes.
         */
        get: operations["getEmbedImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The template an import runs against (its snapshot) and the organization's branding, by the import's token
         * @description What a review link's page shows the correction step with: the template as the import was created with it, whether or not it is embed-enabled. Needs the import's token or its review link's.
         */
        get: operations["getEmbedImportTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The invalid rows of a finished import started from the widget: row number and, per bad cell, column, value and message
         * @description Needs the import's token. 409 IMPORT_NOT_FINISHED while PENDING; 410 ROWS_EXPIRED after the retention period.
         */
        get: operations["listEmbedImportErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The head of the file of an import started with review: each sheet's headers and first rows, with suggested matches
         * @description Needs the import's token. For CSV/TSV one sheet (name null); for XLSX/XLS every sheet (at most 50). Per header: suggestedMapping (a column key or null), confidence (0 to 1) and source (remembered: the mapping confirmed before for the same headers; exact; fuzzy; or null). 409 PREVIEW_NOT_READY until the file was read (and for an import started without review); the preview stays readable after the import finished.
         */
        get: operations["getEmbedImportPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}/mapping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the column mapping of an import waiting for it: processing starts with exactly that sheet and mapping
         * @description Needs the import's token. `mapping` names headers of the chosen sheet (default: the one of the import) with a column key or null; headers left out stay unmapped. 400 VALIDATION_ERROR names every problem (unknown headers or column keys, a column mapped from two headers, required columns unmapped); 409 IMPORT_NOT_AWAITING_MAPPING when the import is not in AWAITING_MAPPING (a second, different confirmation; a finished import). The same confirmation sent again is accepted. The mapping is remembered for the template and these headers.
         */
        post: operations["confirmEmbedImportMapping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The rows of an import in its correction step, as they are now: each mapped cell's text and the errors
         * @description Needs the import's token. filter: all (every row not removed), errors, valid, removed; column=KEY keeps the rows with an error in that column. Rows in file order; `row` is the file's row number (what PATCH, remove and restore name). counts: total (data rows of the file), valid, errors, removed, corrected. 409 IMPORT_NOT_VALIDATED before validation ended (and for an import that finished without a correction step); after the import finished it answers the final state, read-only, until its rows expire (410 ROWS_EXPIRED after the retention period).
         */
        get: operations["listEmbedImportRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Correct cells: each changed row is validated again with every rule of the template, unique across all rows
         * @description Needs the import's token. 1 to 1000 changes { row, values: { key: text or null } }. Answers the changed rows and every other row whose errors changed because of them (the other of two duplicates). A value another row already holds in a unique column is that rule's error for the row that took it last. 400 VALIDATION_ERROR names unknown rows and column keys; 409 IMPORT_NOT_AWAITING_CORRECTIONS outside the correction step. Sending the same changes again changes nothing.
         */
        patch: operations["correctEmbedImportRows"];
        trace?: never;
    };
    "/embed/v1/imports/{id}/rows/replace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find & replace in one column, over every row or the rows in error; every changed row validated again
         * @description Needs the import's token. match: cell (the whole cell equals find; an empty find matches empty cells) or contains (every occurrence); caseSensitive (default false); filter: all or errors. Removed rows are left as they are. `changes` lists each changed cell ({ row, from, to }) when there are at most 1,000: what one PATCH needs to undo it.
         */
        post: operations["replaceInEmbedImportRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}/rows/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove rows (by row number, or every row in error): removed rows are not delivered
         * @description Needs the import's token. { rows: [n, ...] } (at most 10,000) or { filter: "errors" }. Undone by restore.
         */
        post: operations["removeEmbedImportRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}/rows/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore removed rows; a restored row claims its unique values after every other row
         * @description Needs the import's token. { rows: [n, ...] } (at most 10,000).
         */
        post: operations["restoreEmbedImportRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/v1/imports/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit the corrected rows: the import finishes with every row neither removed nor in error
         * @description Needs the import's token. Rows still in error: with allowPartialImport they are dropped (errorRows); without it 409 ERRORS_REMAIN and nothing changes. Submitting again is 202 and changes nothing. 409 IMPORT_NOT_AWAITING_CORRECTIONS for an import that is not in its correction step.
         */
        post: operations["submitEmbedImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user and the organizations they belong to */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an organization (free plan) with the caller as its owner */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/invitations/{invitationId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation sent to the signed-in user's (verified) email address
         * @description An unknown, expired, used or someone else's invitation is 404; 409 ALREADY_MEMBER when already a member.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization (any member) */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename (owners, admins) or set the webhook URL (and developers); the first URL makes the signing secret, shown once */
        patch: operations["updateOrganization"];
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/webhook/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new webhook signing secret, shown once; the previous one keeps signing beside it for 24 hours */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/webhook/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed webhook.test event to the webhook URL now and return what the receiver did
         * @description One attempt, never queued or retried, at most 8 s. 409 WEBHOOK_NOT_CONFIGURED without a URL.
         */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List templates, newest first, each with embedEnabled */
        get: operations["dashboardListTemplates"];
        put?: never;
        /** Create a template */
        post: operations["dashboardCreateTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one template */
        get: operations["dashboardGetTemplate"];
        put?: never;
        post?: never;
        /** Delete a template (its imports remain) */
        delete: operations["dashboardDeleteTemplate"];
        options?: never;
        head?: never;
        /** Update a template (only the fields sent change) */
        patch: operations["dashboardUpdateTemplate"];
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/templates/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a template under the name "<name> (Copy)" */
        post: operations["dashboardDuplicateTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/templates/{id}/hook-test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test batch to the template's validation hook
         * @description The rows (cell texts by column key) go through the template's own checks, then to the hook with mode "test", signed as every call, once (no retries) and not recorded. `validationHook` tests a setting before it is saved. Answers the HTTP status, latency, the answer as it came, and each row as the end user would see it. 409 VALIDATION_HOOK_NOT_CONFIGURED when the template has no hook and none is given.
         */
        post: operations["dashboardTestValidationHook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/templates/{id}/embed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the embeddable widget is on for a template, its allowed origins and the snippet */
        get: operations["getTemplateEmbed"];
        /** Turn the embeddable widget on or off for a template, with its allowed origins; returns the snippet */
        put: operations["setTemplateEmbed"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List imports, newest first, optionally filtered by template, status and creation time
         * @description Filters combine; totals are exact. A templateId that matches nothing (a deleted template keeps its imports listed under its id) gives an empty list; a status other than PENDING, COMPLETED or FAILED is 400. from and to (both included, either may be left out) are days (yyyy-mm-dd: from the start of from, to the end of to, UTC) or date-times with a time zone; a malformed one, or to before from, is 400.
         */
        get: operations["dashboardListImports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one import with its template snapshot, column mapping and error
         * @description Every field is present; fields without a value yet are null (completedAt, columnMapping, error and sheet while PENDING; webhookStatus until the import finishes; webhookDeliveredAt until delivered).
         */
        get: operations["dashboardGetImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/imports/{id}/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through the valid rows of a COMPLETED import, in file order, typed
         * @description 409 IMPORT_NOT_FINISHED while PENDING; 409 IMPORT_FAILED for a FAILED import (it delivers no rows); 410 ROWS_EXPIRED once the retention period has passed; 400 when a page of very wide rows would exceed the 5 MB response limit (the message says which limit fits).
         */
        get: operations["dashboardListImportRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/imports/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through the invalid rows of a finished import: row number and, per bad cell, column, value and message
         * @description 409 IMPORT_NOT_FINISHED while PENDING; 410 ROWS_EXPIRED once the retention period has passed.
         */
        get: operations["dashboardListImportErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/imports/{id}/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every change the end user made in the widget's correction step, in order, with the original values
         * @description A cell: { row, column, from, to, at } (from: the value before this change; the file's for a first change). A removal or restore: { row, removed: true|false, at }. Rows are the file's row numbers. An import without a correction step lists none. The changes hold the end user's values: they are deleted with the import's rows (410 ROWS_EXPIRED after the retention period).
         */
        get: operations["dashboardListImportCorrections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/imports/{id}/hook-calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The validation hook calls of an import, in the order they were made
         * @description One entry per HTTP attempt: when, mode (import: during processing; correction: a change in the correction step), batch, rows sent, attempt (1 to 3), the HTTP status (null when no complete answer came), ok, latency, the error (timeout, 5xx, malformed answer, ...) and how many parts of the answer were ignored (rows not sent, stale revisions, unknown columns). An import whose template has no hook lists none.
         */
        get: operations["dashboardListHookCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/imports/{id}/webhook-attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook attempts of an import, by delivery and attempt
         * @description Each attempt: delivery (1, then +1 per resend), attempt number, start time, duration, the HTTP status or the kind of error (timeout, connection, dns, forbidden_address, invalid_url, not_configured) and at most 1 KB of the response body.
         */
        get: operations["dashboardListWebhookAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/imports/{id}/webhook/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver the import's event again, to the organization's current webhook URL
         * @description Starts a new delivery (new webhook-id, attempts from 1 on the same schedule) once the previous one ended (DELIVERED, FAILED or NOT_CONFIGURED). 400 while a delivery is in progress, while the import is PENDING, or when the organization has no webhook URL.
         */
        post: operations["dashboardResendWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/branding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the branding settings of the widget
         * @description Every field of SPEC 2.6. Fields the current plan may not change show their defaults (stored values are kept and come back after an upgrade): on free, only primaryColor, secondaryColor and logoUrl.
         */
        get: operations["dashboardGetBranding"];
        /**
         * Update branding settings (only the fields sent change)
         * @description Shape and values are checked first (400), then the plan (403 PLAN_UPGRADE_REQUIRED naming the fields and the lowest plan that allows them). Free may change primaryColor, secondaryColor and logoUrl; everything else (showPoweredBy, customCss included) needs starter or higher. All or nothing.
         */
        put: operations["dashboardUpdateBranding"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization's active API keys: name, prefix, creator and last use (never the key) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key for /api/v1: the key is in this answer only */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key: /api/v1 refuses it from the next request */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members and pending invitations */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite someone by email with a role (owners, admins; only owners invite owners) */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw a pending invitation (owners, admins; an owner invitation: owners) */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member (owners, admins; owners only by owners), or leave (yourself)
         * @description 409 LAST_OWNER: an organization never loses its last owner.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /** Change a member's role (owners, admins; only owners make or unmake owners) */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every change made through the dashboard API or importctl, newest first */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dashboard/v1/organizations/{orgId}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per UTC day: imports by outcome, their rows, webhook deliveries by outcome (default: the last 30 days) */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description API Gateway's own answer when its JWT authorizer refuses a request (no function ran) */
        GatewayError: {
            /** @enum {string} */
            message: "Unauthorized" | "Forbidden";
        };
        Error: {
            error: {
                /** @enum {string} */
                code: "BAD_REQUEST" | "VALIDATION_ERROR" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "PLAN_UPGRADE_REQUIRED" | "ORIGIN_NOT_ALLOWED" | "IMPORT_NOT_FINISHED" | "PREVIEW_NOT_READY" | "IMPORT_NOT_AWAITING_MAPPING" | "IMPORT_NOT_VALIDATED" | "IMPORT_NOT_AWAITING_CORRECTIONS" | "ERRORS_REMAIN" | "CORRECTIONS_CONFLICT" | "IMPORT_FAILED" | "ROWS_EXPIRED" | "LAST_OWNER" | "ALREADY_MEMBER" | "CONFLICT" | "WEBHOOK_NOT_CONFIGURED" | "VALIDATION_HOOK_FAILED" | "VALIDATION_HOOK_NOT_CONFIGURED" | "RATE_LIMIT_EXCEEDED" | "IDEMPOTENCY_KEY_REUSED" | "IDEMPOTENCY_KEY_IN_USE" | "INTERNAL_ERROR";
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Limit of the bucket this request counted against */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window */
        "X-RateLimit-Remaining": number;
        /** @description Unix epoch seconds at which the current window ends */
        "X-RateLimit-Reset": number;
        /** @description Seconds until the window resets */
        "Retry-After": number;
        /** @description Identifier of this request, for support */
        "X-Request-Id": string;
        /** @description true: this is the stored answer to an earlier request with the same Idempotency-Key */
        "Idempotent-Replayed": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listTemplates: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List templates, newest first */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string | null;
                            columns: {
                                key: string;
                                name: string;
                                /** @enum {string} */
                                type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                                required: boolean;
                                description: string | null;
                                validations: {
                                    /** @enum {string} */
                                    type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                    value: number | string | boolean | (string | number)[];
                                    message: string | null;
                                }[];
                                suggestedMappings: string[];
                                dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                                twoDigitYears?: boolean;
                                numberFormat?: ("point" | "comma") | null;
                                currency?: boolean;
                            }[];
                            allowExtraColumns: boolean;
                            skipHeaderRows: number;
                            headerRow: "auto" | null;
                            importCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, unique per intended write (a UUID). The same key with the same request within 24 hours answers the first answer again (same status and body, with Idempotent-Replayed: true) and does nothing more. Keys are per organization. An error answer is not remembered: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string | null;
                    columns: {
                        key: string;
                        name: string;
                        /** @enum {string} */
                        type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                        required?: boolean;
                        description?: string | null;
                        validations?: ({
                            /** @constant */
                            type: "minLength";
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "maxLength";
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "min";
                            /** @description 0, or at least 1e-100 in absolute value */
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "max";
                            /** @description 0, or at least 1e-100 in absolute value */
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "regex";
                            value: string;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "enum";
                            value: (string | number)[];
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "unique";
                            value: boolean;
                            message?: string | null;
                        })[];
                        suggestedMappings?: string[];
                        dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                        twoDigitYears?: boolean;
                        numberFormat?: ("point" | "comma") | null;
                        currency?: boolean;
                    }[];
                    allowExtraColumns?: boolean;
                    skipHeaderRows?: number;
                    headerRow?: "auto" | null;
                    allowPartialImport?: boolean;
                    validationHook?: {
                        url: string;
                        columns?: string[] | null;
                        batchSize?: number;
                        timeoutMs?: number;
                        /** @enum {string} */
                        onFailure?: "fail" | "accept";
                    } | null;
                };
            };
        };
        responses: {
            /** @description Create a template */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                            description: string | null;
                            validations: {
                                /** @enum {string} */
                                type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                value: number | string | boolean | (string | number)[];
                                message: string | null;
                            }[];
                            suggestedMappings: string[];
                            dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                            twoDigitYears?: boolean;
                            numberFormat?: ("point" | "comma") | null;
                            currency?: boolean;
                        }[];
                        allowExtraColumns: boolean;
                        skipHeaderRows: number;
                        headerRow: "auto" | null;
                        allowPartialImport: boolean;
                        embedEnabled: boolean;
                        validationHook: {
                            url: string;
                            columns: string[] | null;
                            batchSize: number;
                            timeoutMs: number;
                            /** @enum {string} */
                            onFailure: "fail" | "accept";
                        } | null;
                        validationHookStats: {
                            calls: number;
                            failedCalls: number;
                            p95LatencyMs: number;
                        } | null;
                        importCount: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        webhookSecret?: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after Retry-After) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used in the last 24 hours with another request (route or body) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get one template */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                            description: string | null;
                            validations: {
                                /** @enum {string} */
                                type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                value: number | string | boolean | (string | number)[];
                                message: string | null;
                            }[];
                            suggestedMappings: string[];
                            dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                            twoDigitYears?: boolean;
                            numberFormat?: ("point" | "comma") | null;
                            currency?: boolean;
                        }[];
                        allowExtraColumns: boolean;
                        skipHeaderRows: number;
                        headerRow: "auto" | null;
                        allowPartialImport: boolean;
                        embedEnabled: boolean;
                        validationHook: {
                            url: string;
                            columns: string[] | null;
                            batchSize: number;
                            timeoutMs: number;
                            /** @enum {string} */
                            onFailure: "fail" | "accept";
                        } | null;
                        validationHookStats: {
                            calls: number;
                            failedCalls: number;
                            p95LatencyMs: number;
                        } | null;
                        importCount: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a template (its imports remain) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    columns?: {
                        key: string;
                        name: string;
                        /** @enum {string} */
                        type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                        required?: boolean;
                        description?: string | null;
                        validations?: ({
                            /** @constant */
                            type: "minLength";
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "maxLength";
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "min";
                            /** @description 0, or at least 1e-100 in absolute value */
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "max";
                            /** @description 0, or at least 1e-100 in absolute value */
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "regex";
                            value: string;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "enum";
                            value: (string | number)[];
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "unique";
                            value: boolean;
                            message?: string | null;
                        })[];
                        suggestedMappings?: string[];
                        dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                        twoDigitYears?: boolean;
                        numberFormat?: ("point" | "comma") | null;
                        currency?: boolean;
                    }[];
                    allowExtraColumns?: boolean;
                    skipHeaderRows?: number;
                    headerRow?: "auto" | null;
                    allowPartialImport?: boolean;
                    validationHook?: {
                        url: string;
                        columns?: string[] | null;
                        batchSize?: number;
                        timeoutMs?: number;
                        /** @enum {string} */
                        onFailure?: "fail" | "accept";
                    } | null;
                };
            };
        };
        responses: {
            /** @description Update a template (only the fields sent change) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                            description: string | null;
                            validations: {
                                /** @enum {string} */
                                type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                value: number | string | boolean | (string | number)[];
                                message: string | null;
                            }[];
                            suggestedMappings: string[];
                            dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                            twoDigitYears?: boolean;
                            numberFormat?: ("point" | "comma") | null;
                            currency?: boolean;
                        }[];
                        allowExtraColumns: boolean;
                        skipHeaderRows: number;
                        headerRow: "auto" | null;
                        allowPartialImport: boolean;
                        embedEnabled: boolean;
                        validationHook: {
                            url: string;
                            columns: string[] | null;
                            batchSize: number;
                            timeoutMs: number;
                            /** @enum {string} */
                            onFailure: "fail" | "accept";
                        } | null;
                        validationHookStats: {
                            calls: number;
                            failedCalls: number;
                            p95LatencyMs: number;
                        } | null;
                        importCount: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        webhookSecret?: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    duplicateTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, unique per intended write (a UUID). The same key with the same request within 24 hours answers the first answer again (same status and body, with Idempotent-Replayed: true) and does nothing more. Keys are per organization. An error answer is not remembered: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Copy a template under the name "<name> (Copy)" */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                            description: string | null;
                            validations: {
                                /** @enum {string} */
                                type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                value: number | string | boolean | (string | number)[];
                                message: string | null;
                            }[];
                            suggestedMappings: string[];
                            dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                            twoDigitYears?: boolean;
                            numberFormat?: ("point" | "comma") | null;
                            currency?: boolean;
                        }[];
                        allowExtraColumns: boolean;
                        skipHeaderRows: number;
                        headerRow: "auto" | null;
                        allowPartialImport: boolean;
                        embedEnabled: boolean;
                        validationHook: {
                            url: string;
                            columns: string[] | null;
                            batchSize: number;
                            timeoutMs: number;
                            /** @enum {string} */
                            onFailure: "fail" | "accept";
                        } | null;
                        validationHookStats: {
                            calls: number;
                            failedCalls: number;
                            p95LatencyMs: number;
                        } | null;
                        importCount: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after Retry-After) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used in the last 24 hours with another request (route or body) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testValidationHook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, unique per intended write (a UUID). The same key with the same request within 24 hours answers the first answer again (same status and body, with Idempotent-Replayed: true) and does nothing more. Keys are per organization. An error answer is not remembered: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rows: {
                        values: {
                            [key: string]: string | null;
                        };
                    }[];
                    validationHook?: {
                        url: string;
                        columns?: string[] | null;
                        batchSize?: number;
                        timeoutMs?: number;
                        /** @enum {string} */
                        onFailure?: "fail" | "accept";
                    } | null;
                };
            };
        };
        responses: {
            /** @description Send a test batch to the template's validation hook */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        error: string | null;
                        status: number | null;
                        latencyMs: number;
                        answer: unknown;
                        rows: {
                            row: number;
                            values: {
                                [key: string]: string | null;
                            };
                            errors: {
                                column: string;
                                value: string | null;
                                message: string;
                                /** @constant */
                                level: "error";
                                code?: string;
                                suggestion?: string;
                            }[];
                            messages: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                            changed: {
                                [key: string]: string | null;
                            };
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after Retry-After); or the route's own 409 (see its description) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used in the last 24 hours with another request (route or body) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listImports: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                templateId?: string;
                status?: "PENDING" | "COMPLETED" | "FAILED";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List imports, newest first, optionally filtered by template, status and creation time */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            templateId: string;
                            templateName: string;
                            fileName: string;
                            /** @enum {string} */
                            fileType: "csv" | "tsv" | "xlsx" | "xls";
                            fileSize: number;
                            totalRows: number;
                            validRows: number;
                            errorRows: number;
                            /** @enum {string} */
                            status: "PENDING" | "COMPLETED" | "FAILED";
                            metadata: {
                                [key: string]: unknown;
                            };
                            webhookStatus: ("NOT_CONFIGURED" | "PENDING" | "RETRYING" | "DELIVERED" | "FAILED") | null;
                            /** Format: date-time */
                            createdAt: string;
                            completedAt: string | null;
                            /** @enum {string} */
                            source: "api" | "widget" | "dashboard" | "importctl";
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createImport: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, unique per intended write (a UUID). The same key with the same request within 24 hours answers the first answer again (same status and body, with Idempotent-Replayed: true) and does nothing more. Keys are per organization. An error answer is not remembered: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    templateId: string;
                    fileName: string;
                    fileSize: number;
                    contentType?: string | null;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                    externalUserId?: string | null;
                    user?: {
                        id?: string | null;
                        email?: string | null;
                        name?: string | null;
                    } | null;
                    columnMapping?: {
                        [key: string]: string;
                    } | null;
                    sheet?: number | null;
                    review?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Start an import of a file from your server: answers where to PUT the file */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        importId: string;
                        /** @enum {string} */
                        status: "PENDING" | "COMPLETED" | "FAILED";
                        /** @enum {string} */
                        phase: "AWAITING_UPLOAD" | "AWAITING_MAPPING" | "PROCESSING" | "AWAITING_CORRECTIONS" | "FINISHED";
                        upload: {
                            /** @constant */
                            method: "PUT";
                            url: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after Retry-After) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used in the last 24 hours with another request (route or body) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get one import with its template snapshot, column mapping and error */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        templateId: string;
                        fileName: string;
                        /** @enum {string} */
                        fileType: "csv" | "tsv" | "xlsx" | "xls";
                        fileSize: number;
                        totalRows: number;
                        validRows: number;
                        errorRows: number;
                        /** @enum {string} */
                        status: "PENDING" | "COMPLETED" | "FAILED";
                        metadata: {
                            [key: string]: unknown;
                        };
                        webhookStatus: ("NOT_CONFIGURED" | "PENDING" | "RETRYING" | "DELIVERED" | "FAILED") | null;
                        /** Format: date-time */
                        createdAt: string;
                        completedAt: string | null;
                        /** @enum {string} */
                        source: "api" | "widget" | "dashboard" | "importctl";
                        /** @enum {string} */
                        phase: "AWAITING_UPLOAD" | "AWAITING_MAPPING" | "PROCESSING" | "AWAITING_CORRECTIONS" | "FINISHED";
                        template: {
                            id: string;
                            name: string;
                            columns: {
                                [key: string]: unknown;
                            }[];
                        };
                        skippedRows: number;
                        correctedRows: number;
                        removedRows: number;
                        columnMapping: {
                            [key: string]: string;
                        } | null;
                        headerRow: number | null;
                        columnFormats: {
                            [key: string]: {
                                /** @enum {string} */
                                dateOrder?: "DMY" | "MDY" | "YMD";
                                /** @enum {string} */
                                numberFormat?: "point" | "comma";
                                /** @enum {string} */
                                decidedBy: "template" | "user" | "file";
                                /** @constant */
                                conflict?: true;
                            };
                        } | null;
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        externalUserId: string | null;
                        user: {
                            id: string | null;
                            email: string | null;
                            name: string | null;
                        } | null;
                        sheet: {
                            sheetName: string;
                            sheetIndex: number;
                            totalSheets: number;
                        } | null;
                        webhookAttempts: number;
                        webhookDeliveredAt: string | null;
                        hook: {
                            /** @enum {string} */
                            status: "ok" | "skipped" | "failed";
                            reason?: string;
                            calls: number;
                            failedCalls: number;
                            rows: number;
                            ms: number;
                        } | null;
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listImportRows: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page through the valid rows of a COMPLETED import, in file order, typed */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                        messages?: {
                            index: number;
                            row: number;
                            messages: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROWS_EXPIRED: the retention period has passed; the import record and its counts remain */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listImportErrors: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page through the invalid rows of a finished import: row number and, per bad cell, column, value and message */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            row: number;
                            errors: {
                                column: string;
                                value: string | null;
                                message: string;
                                /** @constant */
                                level: "error";
                                code?: string;
                                suggestion?: string;
                            }[];
                            messages?: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROWS_EXPIRED: the retention period has passed; the import record and its counts remain */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listImportCorrections: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every change the end user made in the widget's correction step, in order, with the original values */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            row: number;
                            column: string;
                            from: string | null;
                            to: string | null;
                            /** Format: date-time */
                            at: string;
                            /** @constant */
                            by?: "hook";
                        } | {
                            row: number;
                            removed: boolean;
                            /** Format: date-time */
                            at: string;
                        })[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROWS_EXPIRED: the retention period has passed; the import record and its counts remain */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listHookCalls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The validation hook calls of an import, in the order they were made */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            at: string;
                            /** @enum {string} */
                            mode: "import" | "correction" | "test";
                            batch: number;
                            rows: number;
                            attempt: number;
                            status: number | null;
                            ok: boolean;
                            latencyMs: number;
                            error: string | null;
                            ignored: number;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookAttempts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook attempts of an import, by delivery and attempt */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            delivery: number;
                            attempt: number;
                            /** Format: date-time */
                            startedAt: string;
                            durationMs: number;
                            status: number | null;
                            errorKind: ("timeout" | "connection" | "dns" | "forbidden_address" | "invalid_url" | "not_configured") | null;
                            responseExcerpt: string;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createReviewLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, unique per intended write (a UUID). The same key with the same request within 24 hours answers the first answer again (same status and body, with Idempotent-Replayed: true) and does nothing more. Keys are per organization. An error answer is not remembered: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expiresInSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Open a review link: a page where someone without an account corrects the import's rows in error */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after Retry-After); or the route's own 409 (see its description) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used in the last 24 hours with another request (route or body) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteReviewLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Close the import's review link: it stops working at once */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1 to 255 printable ASCII characters, unique per intended write (a UUID). The same key with the same request within 24 hours answers the first answer again (same status and body, with Idempotent-Replayed: true) and does nothing more. Keys are per organization. An error answer is not remembered: the key may be sent again. */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliver the import's event again, to the organization's current webhook URL */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        delivery: number;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown id, malformed id, or a resource of another organization */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after Retry-After) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used in the last 24 hours with another request (route or body) */
            422: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBranding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read the branding settings of the widget */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        primaryColor: string;
                        secondaryColor: string;
                        accentColor: string;
                        backgroundColor: string;
                        textColor: string;
                        borderColor: string;
                        errorColor: string;
                        successColor: string;
                        logoUrl: string | null;
                        faviconUrl: string | null;
                        showPoweredBy: boolean;
                        fontFamily: string;
                        headingFontFamily: string;
                        /** @enum {string} */
                        fontSize: "small" | "medium" | "large";
                        /** @enum {string} */
                        borderRadius: "none" | "small" | "medium" | "large" | "full";
                        /** @enum {string} */
                        buttonStyle: "filled" | "outline" | "ghost";
                        headerStyle: string;
                        customCss: string | null;
                        customWelcomeText: string | null;
                        customSuccessText: string | null;
                        customErrorText: string | null;
                        /** @enum {string} */
                        locale: "en" | "es" | "fr" | "de" | "pt" | "it" | "nl" | "ja" | "zh" | "ko";
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateBranding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    primaryColor?: string;
                    secondaryColor?: string;
                    accentColor?: string;
                    backgroundColor?: string;
                    textColor?: string;
                    borderColor?: string;
                    errorColor?: string;
                    successColor?: string;
                    logoUrl?: string | null;
                    showPoweredBy?: boolean;
                    fontFamily?: string;
                    /** @enum {string} */
                    fontSize?: "small" | "medium" | "large";
                    /** @enum {string} */
                    borderRadius?: "none" | "small" | "medium" | "large" | "full";
                    /** @enum {string} */
                    buttonStyle?: "filled" | "outline" | "ghost";
                    customCss?: string | null;
                    customWelcomeText?: string | null;
                    customSuccessText?: string | null;
                    /** @enum {string} */
                    locale?: "en" | "es" | "fr" | "de" | "pt" | "it" | "nl" | "ja" | "zh" | "ko";
                };
            };
        };
        responses: {
            /** @description Update branding settings (only the fields sent change) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, malformed, unknown or revoked API key */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PLAN_UPGRADE_REQUIRED: the organization plan does not allow this change */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the key used up its window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmbedTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the widget needs to show a template: its columns and settings, and the organization's branding */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        template: {
                            id: string;
                            name: string;
                            description: string | null;
                            columns: {
                                key: string;
                                name: string;
                                /** @enum {string} */
                                type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                                required: boolean;
                                description: string | null;
                                validations: {
                                    /** @enum {string} */
                                    type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                    value: number | string | boolean | (string | number)[];
                                    message: string | null;
                                }[];
                                suggestedMappings: string[];
                                dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                                twoDigitYears?: boolean;
                                numberFormat?: ("point" | "comma") | null;
                                currency?: boolean;
                            }[];
                            allowExtraColumns: boolean;
                            skipHeaderRows: number;
                            allowPartialImport: boolean;
                        };
                        branding: {
                            primaryColor: string;
                            secondaryColor: string;
                            accentColor: string;
                            backgroundColor: string;
                            textColor: string;
                            borderColor: string;
                            errorColor: string;
                            successColor: string;
                            logoUrl: string | null;
                            faviconUrl: string | null;
                            showPoweredBy: boolean;
                            fontFamily: string;
                            headingFontFamily: string;
                            /** @enum {string} */
                            fontSize: "small" | "medium" | "large";
                            /** @enum {string} */
                            borderRadius: "none" | "small" | "medium" | "large" | "full";
                            /** @enum {string} */
                            buttonStyle: "filled" | "outline" | "ghost";
                            headerStyle: string;
                            customCss: string | null;
                            customWelcomeText: string | null;
                            customSuccessText: string | null;
                            customErrorText: string | null;
                            /** @enum {string} */
                            locale: "en" | "es" | "fr" | "de" | "pt" | "it" | "nl" | "ja" | "zh" | "ko";
                        };
                    };
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createEmbedImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fileName: string;
                    fileSize: number;
                    metadata?: {
                        [key: string]: unknown;
                    } | null;
                    externalUserId?: string | null;
                    user?: {
                        id?: string | null;
                        email?: string | null;
                        name?: string | null;
                    } | null;
                    mapping?: {
                        [key: string]: string;
                    } | null;
                    review?: boolean | null;
                    sheet?: number | null;
                    contentType?: string | null;
                };
            };
        };
        responses: {
            /** @description Start an import from the widget: a PENDING import, its status token and a presigned upload URL */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        importId: string;
                        token: string;
                        /** Format: date-time */
                        expiresAt: string;
                        upload: {
                            /** @constant */
                            method: "PUT";
                            /** Format: uri */
                            url: string;
                            headers: {
                                [key: string]: string;
                            };
                            /** Format: date-time */
                            expiresAt: string;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmbedImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status of an import started from the widget (needs its token) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        status: "PENDING" | "COMPLETED" | "FAILED";
                        /** @enum {string} */
                        phase: "AWAITING_UPLOAD" | "AWAITING_MAPPING" | "PROCESSING" | "AWAITING_CORRECTIONS" | "FINISHED";
                        fileName: string;
                        /** @enum {string} */
                        fileType: "csv" | "tsv" | "xlsx" | "xls";
                        totalRows: number;
                        validRows: number;
                        errorRows: number;
                        skippedRows: number;
                        correctedRows: number;
                        removedRows: number;
                        columnMapping: {
                            [key: string]: string;
                        } | null;
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        /** Format: date-time */
                        createdAt: string;
                        completedAt: string | null;
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmbedImportTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template an import runs against (its snapshot) and the organization's branding, by the import's token */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        template: {
                            id: string;
                            name: string;
                            description: string | null;
                            columns: {
                                key: string;
                                name: string;
                                /** @enum {string} */
                                type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                                required: boolean;
                                description: string | null;
                                validations: {
                                    /** @enum {string} */
                                    type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                    value: number | string | boolean | (string | number)[];
                                    message: string | null;
                                }[];
                                suggestedMappings: string[];
                                dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                                twoDigitYears?: boolean;
                                numberFormat?: ("point" | "comma") | null;
                                currency?: boolean;
                            }[];
                            allowExtraColumns: boolean;
                            skipHeaderRows: number;
                            allowPartialImport: boolean;
                        };
                        branding: {
                            primaryColor: string;
                            secondaryColor: string;
                            accentColor: string;
                            backgroundColor: string;
                            textColor: string;
                            borderColor: string;
                            errorColor: string;
                            successColor: string;
                            logoUrl: string | null;
                            faviconUrl: string | null;
                            showPoweredBy: boolean;
                            fontFamily: string;
                            headingFontFamily: string;
                            /** @enum {string} */
                            fontSize: "small" | "medium" | "large";
                            /** @enum {string} */
                            borderRadius: "none" | "small" | "medium" | "large" | "full";
                            /** @enum {string} */
                            buttonStyle: "filled" | "outline" | "ghost";
                            headerStyle: string;
                            customCss: string | null;
                            customWelcomeText: string | null;
                            customSuccessText: string | null;
                            customErrorText: string | null;
                            /** @enum {string} */
                            locale: "en" | "es" | "fr" | "de" | "pt" | "it" | "nl" | "ja" | "zh" | "ko";
                        };
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEmbedImportErrors: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invalid rows of a finished import started from the widget: row number and, per bad cell, column, value and message */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            row: number;
                            errors: {
                                column: string;
                                value: string | null;
                                message: string;
                                /** @constant */
                                level: "error";
                                code?: string;
                                suggestion?: string;
                            }[];
                            messages?: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROWS_EXPIRED: the retention period has passed; the import record and its counts remain */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmbedImportPreview: {
        parameters: {
            query?: {
                sheet?: number;
                headerRow?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The head of the file of an import started with review: each sheet's headers and first rows, with suggested matches */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        phase: "AWAITING_UPLOAD" | "AWAITING_MAPPING" | "PROCESSING" | "AWAITING_CORRECTIONS" | "FINISHED";
                        sheetIndex: number;
                        sheets: {
                            index: number;
                            name: string | null;
                            headerRow: number;
                            proposedHeaderRow: number;
                            firstRows: ((string | number | boolean) | null)[][];
                            headers: string[];
                            sampleRows: ((string | number | boolean) | null)[][];
                            suggestedMapping: {
                                [key: string]: string | null;
                            };
                            confidence: {
                                [key: string]: number;
                            };
                            source: {
                                [key: string]: ("remembered" | "exact" | "fuzzy") | null;
                            };
                            valueFormats: {
                                [key: string]: {
                                    date?: {
                                        order: ("DMY" | "MDY") | null;
                                        conflict: boolean;
                                        example: string | null;
                                        readings: {
                                            DMY: string;
                                            MDY: string;
                                        } | null;
                                    };
                                    number?: {
                                        format: ("point" | "comma") | null;
                                        conflict: boolean;
                                        example: string | null;
                                        readings: {
                                            point: number;
                                            comma: number;
                                        } | null;
                                    };
                                };
                            };
                        }[];
                        columns: {
                            key: string;
                            name: string;
                            type: string;
                            required: boolean;
                            dateOrder: ("DMY" | "MDY" | "YMD") | null;
                            numberFormat: ("point" | "comma") | null;
                        }[];
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmEmbedImportMapping: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sheet?: number | null;
                    mapping: {
                        [key: string]: string | null;
                    };
                    headerRow?: number | null;
                    columnFormats?: {
                        [key: string]: {
                            /** @enum {string} */
                            dateOrder?: "DMY" | "MDY" | "YMD";
                            /** @enum {string} */
                            numberFormat?: "point" | "comma";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Confirm the column mapping of an import waiting for it: processing starts with exactly that sheet and mapping */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEmbedImportRows: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                filter?: "all" | "errors" | "valid" | "removed";
                column?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rows of an import in its correction step, as they are now: each mapped cell's text and the errors */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            row: number;
                            values: {
                                [key: string]: string | null;
                            };
                            errors: {
                                column: string;
                                message: string;
                                /** @constant */
                                level: "error";
                                code?: string;
                                suggestion?: string;
                            }[];
                            messages: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                        counts: {
                            total: number;
                            valid: number;
                            errors: number;
                            removed: number;
                            corrected: number;
                        };
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                        }[];
                        allowPartialImport: boolean;
                        /** @enum {string} */
                        phase: "AWAITING_UPLOAD" | "AWAITING_MAPPING" | "PROCESSING" | "AWAITING_CORRECTIONS" | "FINISHED";
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROWS_EXPIRED: the retention period has passed; the import record and its counts remain */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    correctEmbedImportRows: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    changes: {
                        row: number;
                        values: {
                            [key: string]: string | null;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Correct cells: each changed row is validated again with every rule of the template, unique across all rows */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            row: number;
                            values: {
                                [key: string]: string | null;
                            };
                            errors: {
                                column: string;
                                message: string;
                                /** @constant */
                                level: "error";
                                code?: string;
                                suggestion?: string;
                            }[];
                            messages: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                        }[];
                        counts: {
                            total: number;
                            valid: number;
                            errors: number;
                            removed: number;
                            corrected: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceInEmbedImportRows: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    column: string;
                    find: string;
                    replace: string;
                    /**
                     * @default cell
                     * @enum {string}
                     */
                    match?: "cell" | "contains";
                    /** @default false */
                    caseSensitive?: boolean;
                    /**
                     * @default all
                     * @enum {string}
                     */
                    filter?: "all" | "errors";
                };
            };
        };
        responses: {
            /** @description Find & replace in one column, over every row or the rows in error; every changed row validated again */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changedRows: number;
                        counts: {
                            total: number;
                            valid: number;
                            errors: number;
                            removed: number;
                            corrected: number;
                        };
                        changes?: {
                            row: number;
                            from: string | null;
                            to: string | null;
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeEmbedImportRows: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rows?: number[];
                    /** @enum {string} */
                    filter?: "errors";
                };
            };
        };
        responses: {
            /** @description Remove rows (by row number, or every row in error): removed rows are not delivered */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        removedRows: number;
                        counts: {
                            total: number;
                            valid: number;
                            errors: number;
                            removed: number;
                            corrected: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreEmbedImportRows: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rows: number[];
                };
            };
        };
        responses: {
            /** @description Restore removed rows; a restored row claims its unique values after every other row */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        restoredRows: number;
                        counts: {
                            total: number;
                            valid: number;
                            errors: number;
                            removed: number;
                            corrected: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    submitEmbedImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Submit the corrected rows: the import finishes with every row neither removed nor in error */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description UNAUTHORIZED: missing, wrong or expired import token, or the token of another import */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the template names its allowed origins and the request's Origin is not one of them */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed template id, or a template whose embedding is disabled (all answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: this client address used up the template's embed window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user and the organizations they belong to */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                        };
                        memberships: {
                            organizationId: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "developer" | "viewer";
                            /** @enum {string} */
                            plan: "free" | "starter" | "pro" | "enterprise";
                        }[];
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description Refused by the gateway: a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Create an organization (free plan) with the caller as its owner */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizationId: string;
                        name: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "developer" | "viewer";
                        /** @enum {string} */
                        plan: "free" | "starter" | "pro" | "enterprise";
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description Refused by the gateway: a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accept an invitation sent to the signed-in user's (verified) email address */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizationId: string;
                        name: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "developer" | "viewer";
                        /** @enum {string} */
                        plan: "free" | "starter" | "pro" | "enterprise";
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization (any member) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizationId: string;
                        name: string;
                        /** @enum {string} */
                        plan: "free" | "starter" | "pro" | "enterprise";
                        webhookUrl: string | null;
                        webhookSecretSet: boolean;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    webhookUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Rename (owners, admins) or set the webhook URL (and developers); the first URL makes the signing secret, shown once */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizationId: string;
                        name: string;
                        /** @enum {string} */
                        plan: "free" | "starter" | "pro" | "enterprise";
                        webhookUrl: string | null;
                        webhookSecretSet: boolean;
                        createdAt: string;
                        updatedAt: string;
                        webhookSecret?: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new webhook signing secret, shown once; the previous one keeps signing beside it for 24 hours */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhookSecret: string;
                        previousExpiresAt: string | null;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send a signed webhook.test event to the webhook URL now and return what the receiver did */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered: boolean;
                        statusCode: number | null;
                        errorKind: ("timeout" | "connection" | "dns" | "forbidden_address" | "invalid_url") | null;
                        error: string | null;
                        latencyMs: number;
                        responseExcerpt: string;
                        webhookId: string;
                        sentAt: string;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardListTemplates: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List templates, newest first, each with embedEnabled */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string | null;
                            columns: {
                                key: string;
                                name: string;
                                /** @enum {string} */
                                type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                                required: boolean;
                                description: string | null;
                                validations: {
                                    /** @enum {string} */
                                    type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                    value: number | string | boolean | (string | number)[];
                                    message: string | null;
                                }[];
                                suggestedMappings: string[];
                                dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                                twoDigitYears?: boolean;
                                numberFormat?: ("point" | "comma") | null;
                                currency?: boolean;
                            }[];
                            allowExtraColumns: boolean;
                            skipHeaderRows: number;
                            headerRow: "auto" | null;
                            importCount: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            embedEnabled: boolean;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardCreateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string | null;
                    columns: {
                        key: string;
                        name: string;
                        /** @enum {string} */
                        type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                        required?: boolean;
                        description?: string | null;
                        validations?: ({
                            /** @constant */
                            type: "minLength";
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "maxLength";
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "min";
                            /** @description 0, or at least 1e-100 in absolute value */
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "max";
                            /** @description 0, or at least 1e-100 in absolute value */
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "regex";
                            value: string;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "enum";
                            value: (string | number)[];
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "unique";
                            value: boolean;
                            message?: string | null;
                        })[];
                        suggestedMappings?: string[];
                        dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                        twoDigitYears?: boolean;
                        numberFormat?: ("point" | "comma") | null;
                        currency?: boolean;
                    }[];
                    allowExtraColumns?: boolean;
                    skipHeaderRows?: number;
                    headerRow?: "auto" | null;
                    allowPartialImport?: boolean;
                    validationHook?: {
                        url: string;
                        columns?: string[] | null;
                        batchSize?: number;
                        timeoutMs?: number;
                        /** @enum {string} */
                        onFailure?: "fail" | "accept";
                    } | null;
                };
            };
        };
        responses: {
            /** @description Create a template */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                            description: string | null;
                            validations: {
                                /** @enum {string} */
                                type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                value: number | string | boolean | (string | number)[];
                                message: string | null;
                            }[];
                            suggestedMappings: string[];
                            dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                            twoDigitYears?: boolean;
                            numberFormat?: ("point" | "comma") | null;
                            currency?: boolean;
                        }[];
                        allowExtraColumns: boolean;
                        skipHeaderRows: number;
                        headerRow: "auto" | null;
                        allowPartialImport: boolean;
                        embedEnabled: boolean;
                        validationHook: {
                            url: string;
                            columns: string[] | null;
                            batchSize: number;
                            timeoutMs: number;
                            /** @enum {string} */
                            onFailure: "fail" | "accept";
                        } | null;
                        validationHookStats: {
                            calls: number;
                            failedCalls: number;
                            p95LatencyMs: number;
                        } | null;
                        importCount: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        webhookSecret?: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardGetTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get one template */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                            description: string | null;
                            validations: {
                                /** @enum {string} */
                                type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                value: number | string | boolean | (string | number)[];
                                message: string | null;
                            }[];
                            suggestedMappings: string[];
                            dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                            twoDigitYears?: boolean;
                            numberFormat?: ("point" | "comma") | null;
                            currency?: boolean;
                        }[];
                        allowExtraColumns: boolean;
                        skipHeaderRows: number;
                        headerRow: "auto" | null;
                        allowPartialImport: boolean;
                        embedEnabled: boolean;
                        validationHook: {
                            url: string;
                            columns: string[] | null;
                            batchSize: number;
                            timeoutMs: number;
                            /** @enum {string} */
                            onFailure: "fail" | "accept";
                        } | null;
                        validationHookStats: {
                            calls: number;
                            failedCalls: number;
                            p95LatencyMs: number;
                        } | null;
                        importCount: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardDeleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a template (its imports remain) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardUpdateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    columns?: {
                        key: string;
                        name: string;
                        /** @enum {string} */
                        type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                        required?: boolean;
                        description?: string | null;
                        validations?: ({
                            /** @constant */
                            type: "minLength";
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "maxLength";
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "min";
                            /** @description 0, or at least 1e-100 in absolute value */
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "max";
                            /** @description 0, or at least 1e-100 in absolute value */
                            value: number;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "regex";
                            value: string;
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "enum";
                            value: (string | number)[];
                            message?: string | null;
                        } | {
                            /** @constant */
                            type: "unique";
                            value: boolean;
                            message?: string | null;
                        })[];
                        suggestedMappings?: string[];
                        dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                        twoDigitYears?: boolean;
                        numberFormat?: ("point" | "comma") | null;
                        currency?: boolean;
                    }[];
                    allowExtraColumns?: boolean;
                    skipHeaderRows?: number;
                    headerRow?: "auto" | null;
                    allowPartialImport?: boolean;
                    validationHook?: {
                        url: string;
                        columns?: string[] | null;
                        batchSize?: number;
                        timeoutMs?: number;
                        /** @enum {string} */
                        onFailure?: "fail" | "accept";
                    } | null;
                };
            };
        };
        responses: {
            /** @description Update a template (only the fields sent change) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                            description: string | null;
                            validations: {
                                /** @enum {string} */
                                type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                value: number | string | boolean | (string | number)[];
                                message: string | null;
                            }[];
                            suggestedMappings: string[];
                            dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                            twoDigitYears?: boolean;
                            numberFormat?: ("point" | "comma") | null;
                            currency?: boolean;
                        }[];
                        allowExtraColumns: boolean;
                        skipHeaderRows: number;
                        headerRow: "auto" | null;
                        allowPartialImport: boolean;
                        embedEnabled: boolean;
                        validationHook: {
                            url: string;
                            columns: string[] | null;
                            batchSize: number;
                            timeoutMs: number;
                            /** @enum {string} */
                            onFailure: "fail" | "accept";
                        } | null;
                        validationHookStats: {
                            calls: number;
                            failedCalls: number;
                            p95LatencyMs: number;
                        } | null;
                        importCount: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        webhookSecret?: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardDuplicateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Copy a template under the name "<name> (Copy)" */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string | null;
                        columns: {
                            key: string;
                            name: string;
                            /** @enum {string} */
                            type: "string" | "number" | "email" | "date" | "boolean" | "url" | "phone";
                            required: boolean;
                            description: string | null;
                            validations: {
                                /** @enum {string} */
                                type: "minLength" | "maxLength" | "min" | "max" | "regex" | "enum" | "unique";
                                value: number | string | boolean | (string | number)[];
                                message: string | null;
                            }[];
                            suggestedMappings: string[];
                            dateOrder?: ("DMY" | "MDY" | "YMD") | null;
                            twoDigitYears?: boolean;
                            numberFormat?: ("point" | "comma") | null;
                            currency?: boolean;
                        }[];
                        allowExtraColumns: boolean;
                        skipHeaderRows: number;
                        headerRow: "auto" | null;
                        allowPartialImport: boolean;
                        embedEnabled: boolean;
                        validationHook: {
                            url: string;
                            columns: string[] | null;
                            batchSize: number;
                            timeoutMs: number;
                            /** @enum {string} */
                            onFailure: "fail" | "accept";
                        } | null;
                        validationHookStats: {
                            calls: number;
                            failedCalls: number;
                            p95LatencyMs: number;
                        } | null;
                        importCount: number;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardTestValidationHook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rows: {
                        values: {
                            [key: string]: string | null;
                        };
                    }[];
                    validationHook?: {
                        url: string;
                        columns?: string[] | null;
                        batchSize?: number;
                        timeoutMs?: number;
                        /** @enum {string} */
                        onFailure?: "fail" | "accept";
                    } | null;
                };
            };
        };
        responses: {
            /** @description Send a test batch to the template's validation hook */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        error: string | null;
                        status: number | null;
                        latencyMs: number;
                        answer: unknown;
                        rows: {
                            row: number;
                            values: {
                                [key: string]: string | null;
                            };
                            errors: {
                                column: string;
                                value: string | null;
                                message: string;
                                /** @constant */
                                level: "error";
                                code?: string;
                                suggestion?: string;
                            }[];
                            messages: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                            changed: {
                                [key: string]: string | null;
                            };
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTemplateEmbed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the embeddable widget is on for a template, its allowed origins and the snippet */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        templateId: string;
                        enabled: boolean;
                        allowedOrigins: string[] | null;
                        snippet: string | null;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setTemplateEmbed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                    allowedOrigins?: string[];
                };
            };
        };
        responses: {
            /** @description Turn the embeddable widget on or off for a template, with its allowed origins; returns the snippet */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        templateId: string;
                        enabled: boolean;
                        allowedOrigins: string[] | null;
                        snippet: string | null;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardListImports: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                templateId?: string;
                status?: "PENDING" | "COMPLETED" | "FAILED";
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List imports, newest first, optionally filtered by template, status and creation time */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            templateId: string;
                            templateName: string;
                            fileName: string;
                            /** @enum {string} */
                            fileType: "csv" | "tsv" | "xlsx" | "xls";
                            fileSize: number;
                            totalRows: number;
                            validRows: number;
                            errorRows: number;
                            /** @enum {string} */
                            status: "PENDING" | "COMPLETED" | "FAILED";
                            metadata: {
                                [key: string]: unknown;
                            };
                            webhookStatus: ("NOT_CONFIGURED" | "PENDING" | "RETRYING" | "DELIVERED" | "FAILED") | null;
                            /** Format: date-time */
                            createdAt: string;
                            completedAt: string | null;
                            /** @enum {string} */
                            source: "api" | "widget" | "dashboard" | "importctl";
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardGetImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Get one import with its template snapshot, column mapping and error */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        templateId: string;
                        fileName: string;
                        /** @enum {string} */
                        fileType: "csv" | "tsv" | "xlsx" | "xls";
                        fileSize: number;
                        totalRows: number;
                        validRows: number;
                        errorRows: number;
                        /** @enum {string} */
                        status: "PENDING" | "COMPLETED" | "FAILED";
                        metadata: {
                            [key: string]: unknown;
                        };
                        webhookStatus: ("NOT_CONFIGURED" | "PENDING" | "RETRYING" | "DELIVERED" | "FAILED") | null;
                        /** Format: date-time */
                        createdAt: string;
                        completedAt: string | null;
                        /** @enum {string} */
                        source: "api" | "widget" | "dashboard" | "importctl";
                        /** @enum {string} */
                        phase: "AWAITING_UPLOAD" | "AWAITING_MAPPING" | "PROCESSING" | "AWAITING_CORRECTIONS" | "FINISHED";
                        template: {
                            id: string;
                            name: string;
                            columns: {
                                [key: string]: unknown;
                            }[];
                        };
                        skippedRows: number;
                        correctedRows: number;
                        removedRows: number;
                        columnMapping: {
                            [key: string]: string;
                        } | null;
                        headerRow: number | null;
                        columnFormats: {
                            [key: string]: {
                                /** @enum {string} */
                                dateOrder?: "DMY" | "MDY" | "YMD";
                                /** @enum {string} */
                                numberFormat?: "point" | "comma";
                                /** @enum {string} */
                                decidedBy: "template" | "user" | "file";
                                /** @constant */
                                conflict?: true;
                            };
                        } | null;
                        error: {
                            code: string;
                            message: string;
                        } | null;
                        externalUserId: string | null;
                        user: {
                            id: string | null;
                            email: string | null;
                            name: string | null;
                        } | null;
                        sheet: {
                            sheetName: string;
                            sheetIndex: number;
                            totalSheets: number;
                        } | null;
                        webhookAttempts: number;
                        webhookDeliveredAt: string | null;
                        hook: {
                            /** @enum {string} */
                            status: "ok" | "skipped" | "failed";
                            reason?: string;
                            calls: number;
                            failedCalls: number;
                            rows: number;
                            ms: number;
                        } | null;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardListImportRows: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page through the valid rows of a COMPLETED import, in file order, typed */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                        messages?: {
                            index: number;
                            row: number;
                            messages: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROWS_EXPIRED: the retention period has passed; the import record and its counts remain */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardListImportErrors: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page through the invalid rows of a finished import: row number and, per bad cell, column, value and message */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            row: number;
                            errors: {
                                column: string;
                                value: string | null;
                                message: string;
                                /** @constant */
                                level: "error";
                                code?: string;
                                suggestion?: string;
                            }[];
                            messages?: {
                                column: string;
                                /** @enum {string} */
                                level: "error" | "warning" | "info";
                                message: string;
                                code?: string;
                                suggestion?: string;
                            }[];
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROWS_EXPIRED: the retention period has passed; the import record and its counts remain */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardListImportCorrections: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every change the end user made in the widget's correction step, in order, with the original values */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            row: number;
                            column: string;
                            from: string | null;
                            to: string | null;
                            /** Format: date-time */
                            at: string;
                            /** @constant */
                            by?: "hook";
                        } | {
                            row: number;
                            removed: boolean;
                            /** Format: date-time */
                            at: string;
                        })[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROWS_EXPIRED: the retention period has passed; the import record and its counts remain */
            410: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardListHookCalls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The validation hook calls of an import, in the order they were made */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: date-time */
                            at: string;
                            /** @enum {string} */
                            mode: "import" | "correction" | "test";
                            batch: number;
                            rows: number;
                            attempt: number;
                            status: number | null;
                            ok: boolean;
                            latencyMs: number;
                            error: string | null;
                            ignored: number;
                        }[];
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardListWebhookAttempts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook attempts of an import, by delivery and attempt */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            delivery: number;
                            attempt: number;
                            /** Format: date-time */
                            startedAt: string;
                            durationMs: number;
                            status: number | null;
                            errorKind: ("timeout" | "connection" | "dns" | "forbidden_address" | "invalid_url" | "not_configured") | null;
                            responseExcerpt: string;
                        }[];
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardResendWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliver the import's event again, to the organization's current webhook URL */
            202: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        delivery: number;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardGetBranding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Read the branding settings of the widget */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        primaryColor: string;
                        secondaryColor: string;
                        accentColor: string;
                        backgroundColor: string;
                        textColor: string;
                        borderColor: string;
                        errorColor: string;
                        successColor: string;
                        logoUrl: string | null;
                        faviconUrl: string | null;
                        showPoweredBy: boolean;
                        fontFamily: string;
                        headingFontFamily: string;
                        /** @enum {string} */
                        fontSize: "small" | "medium" | "large";
                        /** @enum {string} */
                        borderRadius: "none" | "small" | "medium" | "large" | "full";
                        /** @enum {string} */
                        buttonStyle: "filled" | "outline" | "ghost";
                        headerStyle: string;
                        customCss: string | null;
                        customWelcomeText: string | null;
                        customSuccessText: string | null;
                        customErrorText: string | null;
                        /** @enum {string} */
                        locale: "en" | "es" | "fr" | "de" | "pt" | "it" | "nl" | "ja" | "zh" | "ko";
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dashboardUpdateBranding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    primaryColor?: string;
                    secondaryColor?: string;
                    accentColor?: string;
                    backgroundColor?: string;
                    textColor?: string;
                    borderColor?: string;
                    errorColor?: string;
                    successColor?: string;
                    logoUrl?: string | null;
                    showPoweredBy?: boolean;
                    fontFamily?: string;
                    /** @enum {string} */
                    fontSize?: "small" | "medium" | "large";
                    /** @enum {string} */
                    borderRadius?: "none" | "small" | "medium" | "large" | "full";
                    /** @enum {string} */
                    buttonStyle?: "filled" | "outline" | "ghost";
                    customCss?: string | null;
                    customWelcomeText?: string | null;
                    customSuccessText?: string | null;
                    /** @enum {string} */
                    locale?: "en" | "es" | "fr" | "de" | "pt" | "it" | "nl" | "ja" | "zh" | "ko";
                };
            };
        };
        responses: {
            /** @description Update branding settings (only the fields sent change) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's active API keys: name, prefix, creator and last use (never the key) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            keyId: string;
                            name: string;
                            prefix: string | null;
                            createdAt: string;
                            lastUsedAt: string | null;
                            createdBy: {
                                id: string;
                                email: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Create an API key for /api/v1: the key is in this answer only */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keyId: string;
                        name: string;
                        apiKey: string;
                        createdAt: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an API key: /api/v1 refuses it from the next request */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                        keyId: string;
                        revokedAt: string | null;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Members and pending invitations */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            userId: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "developer" | "viewer";
                            joinedAt: string;
                        }[];
                        invitations: {
                            invitationId: string;
                            email: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "developer" | "viewer";
                            invitedBy: {
                                id: string;
                                email: string | null;
                            };
                            createdAt: string;
                            expiresAt: string;
                        }[];
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    /** @enum {string} */
                    role: "owner" | "admin" | "developer" | "viewer";
                };
            };
        };
        responses: {
            /** @description Invite someone by email with a role (owners, admins; only owners invite owners) */
            201: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitationId: string;
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "developer" | "viewer";
                        invitedBy: {
                            id: string;
                            email: string | null;
                        };
                        createdAt: string;
                        expiresAt: string;
                        acceptUrl: string;
                        /** @enum {string} */
                        delivery: "emailed" | "outbox" | "not-sent";
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdraw a pending invitation (owners, admins; an owner invitation: owners) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Remove a member (owners, admins; owners only by owners), or leave (yourself) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message: string;
                    };
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "owner" | "admin" | "developer" | "viewer";
                };
            };
        };
        responses: {
            /** @description Change a member's role (owners, admins; only owners make or unmake owners) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        userId: string;
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "developer" | "viewer";
                        joinedAt: string;
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description IMPORT_NOT_FINISHED (the import is still PENDING) or IMPORT_FAILED (a FAILED import delivers no rows) */
            409: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every change made through the dashboard API or importctl, newest first */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            at: string;
                            actor: {
                                id: string;
                                email: string | null;
                            };
                            action: string;
                            target: {
                                type: string;
                                id: string;
                            };
                            details: {
                                [key: string]: unknown;
                            };
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Per UTC day: imports by outcome, their rows, webhook deliveries by outcome (default: the last 30 days) */
            200: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        data: {
                            date: string;
                            imports: {
                                completed: number;
                                failed: number;
                            };
                            rows: {
                                total: number;
                                valid: number;
                                error: number;
                            };
                            webhooks: {
                                delivered: number;
                                failed: number;
                                attempts: number;
                            };
                            hooks: {
                                calls: number;
                                rows: number;
                                ms: number;
                            };
                            cost: number;
                        }[];
                        cost: {
                            /** @constant */
                            currency: "USD";
                            imports: number;
                            deliveries: number;
                            hooks: number;
                            total: number;
                            perImport: number | null;
                            perMillionRows: number | null;
                            perMillionDeliveries: number | null;
                            perMillionHookRows: number | null;
                            basis: string;
                        };
                    };
                };
            };
            /** @description BAD_REQUEST (invalid query parameter, malformed JSON, wrong Content-Type, body over 256 KiB) or VALIDATION_ERROR (body failed validation: "Validation error: <path> <problem>") */
            400: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused by the gateway's JWT authorizer: missing, malformed, forged, expired, other-issuer or other-audience token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayError"];
                };
            };
            /** @description FORBIDDEN: the caller's role in the organization does not allow this (or PLAN_UPGRADE_REQUIRED on branding); or, from the gateway, a valid token without the openid scope (an ID token) */
            403: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] | components["schemas"]["GatewayError"];
                };
            };
            /** @description NOT_FOUND: unknown or malformed id, or an organization the caller is not a member of (answered alike) */
            404: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMIT_EXCEEDED: the signed-in person used up their window; see Retry-After */
            429: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL_ERROR: unexpected failure (the message never carries internals) */
            500: {
                headers: {
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
