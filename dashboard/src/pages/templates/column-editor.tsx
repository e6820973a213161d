// One column of the template builder: its key, name, type, required mark, how its dates or numbers are
// written, description, other names and rules, with Move up / Move down / Remove. Each input's id and error come from its API path (field-fault.ts).
import { Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../i18n';
import { inputId, type Fault } from './field-fault';
import {
  COLUMN_TYPES,
  DATE_ORDERS,
  INTEGER_RULES,
  newRule,
  NUMBER_FORMATS,
  NUMERIC_RULES,
  RULE_TYPES,
  type ColumnDraft,
  type ColumnType,
  type DateOrder,
  type NumberFormat,
  type RuleDraft,
  type RuleType,
} from './template-draft';

/** Code-like values in a monospace font (the input only: label, hint and error stay in the text font). */
const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const m = messages.templates;

export interface ColumnEditorProps {
  column: ColumnDraft;
  index: number;
  count: number;
  readOnly: boolean;
  fault: Fault | undefined;
  onChange(column: ColumnDraft): void;
  onMove(direction: 'up' | 'down'): void;
  onRemove(): void;
  /** Asks the builder to focus an input once it is drawn (after adding or removing a rule). */
  onFocus(id: string): void;
}

/** What a rule may be added as: not min/max on a non-number column, and each type once (regex may repeat). */
function addableRules(column: ColumnDraft): RuleType[] {
  const used = new Set(column.validations.map((rule) => rule.type));
  return RULE_TYPES.filter((type) => (type === 'regex' || !used.has(type)) && (column.type === 'number' || !NUMERIC_RULES.includes(type)));
}

export const columnLabel = (column: ColumnDraft, index: number) => m.column(index, column.name);

export function ColumnEditor({ column, index, count, readOnly, fault, onChange, onMove, onRemove, onFocus }: ColumnEditorProps) {
  const at = `columns[${index}]`;
  const label = columnLabel(column, index);
  const errorAt = (path: string) => (fault?.path === path ? fault.problem : undefined);
  const set = <K extends keyof ColumnDraft>(field: K, value: ColumnDraft[K]) => onChange({ ...column, [field]: value });
  const addable = addableRules(column);
  const [ruleToAdd, setRuleToAdd] = useState<RuleType | ''>('');
  const chosenRule = ruleToAdd && addable.includes(ruleToAdd) ? ruleToAdd : addable[0];
  const setRule = (ruleIndex: number, rule: RuleDraft) => set('validations', column.validations.map((r, i) => (i === ruleIndex ? rule : r)));
  const rulesError = errorAt(`${at}.validations`);
  return (
    <Fieldset legend={<Title order={3} size="h5">{label}</Title>} data-column={column.id}>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            id={inputId(`${at}.key`)}
            label={m.key}
            description={m.keyHint}
            value={column.key}
            onChange={(e) => set('key', e.currentTarget.value)}
            error={errorAt(`${at}.key`)}
            required
            readOnly={readOnly}
            styles={MONOSPACE}
            miw={180}
          />
          <TextInput
            id={inputId(`${at}.name`)}
            label={m.columnNameLabel}
            description={m.columnNameHint}
            value={column.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errorAt(`${at}.name`)}
            required
            readOnly={readOnly}
            miw={180}
          />
        </Group>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            id={inputId(`${at}.type`)}
            label={m.type}
            value={column.type}
            onChange={(e) => set('type', e.currentTarget.value as ColumnType)}
            data={COLUMN_TYPES.map((type) => ({ value: type, label: m.types[type] ?? type }))}
            error={errorAt(`${at}.type`)}
            disabled={readOnly}
            miw={200}
          />
          <Checkbox
            id={inputId(`${at}.required`)}
            label={m.required}
            description={m.requiredHint}
            checked={column.required}
            onChange={(e) => set('required', e.currentTarget.checked)}
            error={errorAt(`${at}.required`)}
            disabled={readOnly}
            mb={4}
          />
        </Group>
        {column.type === 'date' && (
          <Stack gap="sm">
            <NativeSelect
              id={inputId(`${at}.dateOrder`)}
              label={m.dateOrder}
              description={m.dateOrderHint}
              value={column.dateOrder}
              onChange={(e) => set('dateOrder', e.currentTarget.value as DateOrder | '')}
              data={['', ...DATE_ORDERS].map((order) => ({ value: order, label: m.dateOrders[order] ?? order }))}
              error={errorAt(`${at}.dateOrder`)}
              disabled={readOnly}
              maw={420}
            />
            <Checkbox
              id={inputId(`${at}.twoDigitYears`)}
              label={m.twoDigitYears}
              description={m.twoDigitYearsHint}
              checked={column.twoDigitYears}
              onChange={(e) => set('twoDigitYears', e.currentTarget.checked)}
              error={errorAt(`${at}.twoDigitYears`)}
              disabled={readOnly}
            />
          </Stack>
        )}
        {column.type === 'number' && (
          <Stack gap="sm">
            <NativeSelect
              id={inputId(`${at}.numberFormat`)}
              label={m.numberFormat}
              description={m.numberFormatHint}
              value={column.numberFormat}
              onChange={(e) => set('numberFormat', e.currentTarget.value as NumberFormat | '')}
              data={['', ...NUMBER_FORMATS].map((format) => ({ value: format, label: m.numberFormats[format] ?? format }))}
              error={errorAt(`${at}.numberFormat`)}
              disabled={readOnly}
              maw={420}
            />
            <Checkbox
              id={inputId(`${at}.currency`)}
              label={m.currency}
              description={m.currencyHint}
              checked={column.currency}
              onChange={(e) => set('currency', e.currentTarget.checked)}
              error={errorAt(`${at}.currency`)}
              disabled={readOnly}
            />
          </Stack>
        )}
        <TextInput
          id={inputId(`${at}.description`)}
          label={m.columnDescription}
          value={column.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errorAt(`${at}.description`)}
          readOnly={readOnly}
        />
        <TextInput
          id={inputId(`${at}.suggestedMappings`)}
          label={m.suggestedMappings}
          description={m.suggestedMappingsHint}
          value={column.suggestedMappings}
          onChange={(e) => set('suggestedMappings', e.currentTarget.value)}
          error={errorAt(`${at}.suggestedMappings`)}
          readOnly={readOnly}
        />
        <Stack gap="xs" role="group" aria-labelledby={`${inputId(`${at}.validations`)}-title`}>
          <Text fw={600} size="sm" id={`${inputId(`${at}.validations`)}-title`}>
            {m.rules}
            <VisuallyHidden>{` ${label}`}</VisuallyHidden>
          </Text>
          {rulesError && (
            <Text id={inputId(`${at}.validations`)} tabIndex={-1} c="red.8" size="sm">
              {rulesError}
            </Text>
          )}
          {column.validations.length === 0 && (
            <Text size="sm" c="dimmed">
              {m.noRules}
            </Text>
          )}
          {column.validations.map((rule, ruleIndex) => (
            <RuleEditor
              key={rule.id}
              rule={rule}
              otherTypes={addable.filter((type) => type !== rule.type)}
              path={`${at}.validations[${ruleIndex}]`}
              ruleIndex={ruleIndex}
              columnLabel={label}
              readOnly={readOnly}
              errorAt={errorAt}
              onChange={(next) => setRule(ruleIndex, next)}
              onRemove={() => {
                set('validations', column.validations.filter((_, i) => i !== ruleIndex));
                onFocus(`add-rule-${column.id}`);
              }}
            />
          ))}
          {!readOnly && addable.length > 0 && (
            <Group align="flex-end" gap="sm">
              <NativeSelect
                label={m.newRuleType}
                aria-label={m.newRuleTypeOf(label)}
                value={chosenRule}
                onChange={(e) => setRuleToAdd(e.currentTarget.value as RuleType)}
                data={addable.map((type) => ({ value: type, label: m.ruleTypes[type] ?? type }))}
                id={`rule-type-${column.id}`}
              />
              <Button
                id={`add-rule-${column.id}`}
                variant="default"
                onClick={() => {
                  const rule = newRule(chosenRule);
                  set('validations', [...column.validations, rule]);
                  onFocus(inputId(`${at}.validations[${column.validations.length}].${rule.type === 'unique' ? 'type' : 'value'}`));
                }}
              >
                {m.addRule}
                <VisuallyHidden>{` ${label}`}</VisuallyHidden>
              </Button>
            </Group>
          )}
        </Stack>
        {!readOnly && (
          <Group gap="xs" justify="flex-end">
            <Button id={`move-up-${column.id}`} variant="default" size="xs" disabled={index === 0} onClick={() => onMove('up')}>
              {m.moveUpText}
              <VisuallyHidden>{` ${label}`}</VisuallyHidden>
            </Button>
            <Button id={`move-down-${column.id}`} variant="default" size="xs" disabled={index === count - 1} onClick={() => onMove('down')}>
              {m.moveDownText}
              <VisuallyHidden>{` ${label}`}</VisuallyHidden>
            </Button>
            <Button variant="outline" color="red" size="xs" disabled={count === 1} onClick={onRemove}>
              {m.removeText}
              <VisuallyHidden>{` ${label}`}</VisuallyHidden>
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

interface RuleEditorProps {
  rule: RuleDraft;
  /** The types this rule may become (those the column may still take). */
  otherTypes: RuleType[];
  path: string;
  ruleIndex: number;
  columnLabel: string;
  readOnly: boolean;
  errorAt(path: string): string | undefined;
  onChange(rule: RuleDraft): void;
  onRemove(): void;
}

function RuleEditor({ rule, otherTypes, path, ruleIndex, columnLabel, readOnly, errorAt, onChange, onRemove }: RuleEditorProps) {
  const valueLabel = m.ruleValue[rule.type] ?? rule.type;
  const valueProps = {
    id: inputId(`${path}.value`),
    label: valueLabel,
    value: rule.value,
    error: errorAt(`${path}.value`),
    readOnly,
    required: true,
  };
  const setValue = (value: string) => onChange({ ...rule, value });
  return (
    <Fieldset variant="filled" p="sm" legend={<Text size="sm" fw={600}>{`${m.rule(ruleIndex)}: ${m.ruleTypes[rule.type] ?? rule.type}`}</Text>}>
      <Stack gap="xs">
        <NativeSelect
          id={inputId(`${path}.type`)}
          label={m.ruleType}
          value={rule.type}
          onChange={(e) => {
            const type = e.currentTarget.value as RuleType;
            onChange({ ...rule, type, value: type === 'unique' ? 'true' : rule.type === 'unique' ? '' : rule.value });
          }}
          data={[rule.type, ...otherTypes].map((type) => ({ value: type, label: m.ruleTypes[type] ?? type }))}
          error={errorAt(`${path}.type`)}
          disabled={readOnly}
        />
        {rule.type === 'unique' ? (
          <Text size="sm">{m.uniqueHint}</Text>
        ) : rule.type === 'enum' ? (
          <Textarea {...valueProps} description={m.enumHint} autosize minRows={2} maxRows={8} onChange={(e) => setValue(e.currentTarget.value)} />
        ) : (
          <TextInput
            {...valueProps}
            description={rule.type === 'regex' ? m.regexHint : NUMERIC_RULES.includes(rule.type) ? m.numbersOnly : undefined}
            inputMode={rule.type === 'regex' ? undefined : INTEGER_RULES.includes(rule.type) ? 'numeric' : 'decimal'}
            styles={rule.type === 'regex' ? MONOSPACE : undefined}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
        )}
        <TextInput
          id={inputId(`${path}.message`)}
          label={m.ruleMessage}
          description={m.ruleMessageHint}
          value={rule.message}
          onChange={(e) => onChange({ ...rule, message: e.currentTarget.value })}
          error={errorAt(`${path}.message`)}
          readOnly={readOnly}
        />
        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={m.removeRule(ruleIndex, columnLabel)}>
              {m.removeText}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
