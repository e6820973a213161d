// Which input an API validation error is about. The API names a path of the body it was sent
// ("columns[2].validations[0].value", "name", "columns[1].validations"); the builder's inputs carry the
// same paths, so the error goes to the input with the longest path the error's path starts with.
import { FORMAT_FIELDS, type TemplateDraft } from './template-draft';

export interface Fault {
  /** The input's path the error is shown at. */
  path: string;
  problem: string;
}

/** The DOM id of the input (or the section) for an API path. */
export const inputId = (path: string) => `field-${path.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

/** Every path the builder has an input or a section for, and where the others go. */
function targets(draft: TemplateDraft): { known: Set<string>; alias: Map<string, string> } {
  const known = new Set(['name', 'description', 'allowExtraColumns', 'skipHeaderRows', 'headerRow', 'allowPartialImport', 'columns']);
  const alias = new Map<string, string>();
  // The validation hook: its own fields; a chosen column's problem ("validationHook.columns[1]") at the list of columns.
  for (const field of ['url', 'columns', 'batchSize', 'timeoutMs', 'onFailure']) known.add(`validationHook.${field}`);
  alias.set('validationHook', 'validationHook.url');
  draft.columns.forEach((column, i) => {
    const at = `columns[${i}]`;
    for (const field of ['key', 'name', 'type', 'required', 'description', 'suggestedMappings', 'validations']) known.add(`${at}.${field}`);
    alias.set(at, `${at}.key`);
    // A value format has its input on columns of its own type; on another ("applies only to date columns") the type is at fault.
    for (const [field, type] of Object.entries(FORMAT_FIELDS)) {
      if (column.type === type) known.add(`${at}.${field}`);
      else alias.set(`${at}.${field}`, `${at}.type`);
    }
    column.validations.forEach((rule, j) => {
      const ruleAt = `${at}.validations[${j}]`;
      for (const field of ['type', 'message']) known.add(`${ruleAt}.${field}`);
      // "unique" has no value to type: its errors are shown at its rule.
      const value = rule.type === 'unique' ? `${ruleAt}.type` : `${ruleAt}.value`;
      known.add(value);
      alias.set(`${ruleAt}.value`, value);
      alias.set(ruleAt, value);
    });
  });
  return { known, alias };
}

/** The input an error path is about, or undefined when the form has none (the summary alone says it). */
export function faultAt(draft: TemplateDraft, field: string, problem: string): Fault | undefined {
  const { known, alias } = targets(draft);
  for (let path = field; path; ) {
    const target = alias.get(path) ?? path;
    if (known.has(target)) return { path: target, problem };
    const shorter = path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
    if (shorter === path) break;
    path = shorter;
  }
  return undefined;
}
