// Generated from docs/openapi.json by `npm run openapi` (clients/typescript/generate.ts). Do not edit.
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
}
