// A small evaluator of CloudWatch metric math, enough for the expressions the stack writes (numbers, ids,
// + - * /, comparisons, parentheses, FILL and IF), and readers of the synthesized dashboard body and
// alarm metrics. Values are one period's: a number, or undefined for "no data point". Like CloudWatch,
// arithmetic with a missing value is missing, x/0 is missing, FILL(x, v) is x or v.

/** What an expression may reference: a metric's value or another expression's, by id. */
export type Resolve = (id: string) => number | undefined;

type Token = { kind: 'number'; value: number } | { kind: 'id' | 'fn' | 'op'; value: string };

/** The id grammar CloudWatch accepts: a lowercase letter, then letters, digits and underscores. */
export const METRIC_ID = /^[a-z][a-zA-Z0-9_]*$/;

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\d+(?:\.\d+)?)(?![\w.])|([a-z][a-zA-Z0-9_]*)|([A-Z][A-Z_]*)(?=\s*\()|(>=|<=|==|!=|[-+*/(),<>]))/y;
  let index = 0;
  while (index < expression.length) {
    if (/^\s*$/.test(expression.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(expression);
    if (!match) throw new Error(`Metric math: cannot read "${expression.slice(index, index + 20)}" in ${expression}`);
    index = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: Number(match[1]) });
    else if (match[2] !== undefined) tokens.push({ kind: 'id', value: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'fn', value: match[3] });
    else tokens.push({ kind: 'op', value: match[4] });
  }
  return tokens;
}

const arithmetic = (a: number | undefined, b: number | undefined, f: (x: number, y: number) => number | undefined) =>
  a === undefined || b === undefined ? undefined : f(a, b);

/** The ids an expression references (function names are not ids). */
export function referencedIds(expression: string): string[] {
  return [...new Set(tokenize(expression).filter((t) => t.kind === 'id').map((t) => t.value as string))];
}

/** Evaluates one expression; an id the resolver does not know throws (it would be invalid in CloudWatch). */
export function evaluate(expression: string, resolve: Resolve): number | undefined {
  const tokens = tokenize(expression);
  let position = 0;
  const peek = () => tokens[position];
  const take = (value?: string) => {
    const token = tokens[position++];
    if (!token || (value !== undefined && token.value !== value)) throw new Error(`Metric math: expected ${value ?? 'a token'} in ${expression}`);
    return token;
  };

  function comparison(): number | undefined {
    const left = additive();
    const op = peek();
    if (op?.kind === 'op' && ['>=', '<=', '>', '<', '==', '!='].includes(op.value)) {
      position++;
      const right = additive();
      return arithmetic(left, right, (a, b) =>
        Number({ '>=': a >= b, '<=': a <= b, '>': a > b, '<': a < b, '==': a === b, '!=': a !== b }[op.value as '>=']),
      );
    }
    return left;
  }
  function additive(): number | undefined {
    let value = term();
    while (peek()?.kind === 'op' && (peek().value === '+' || peek().value === '-')) {
      const op = take().value;
      const right = term();
      value = arithmetic(value, right, (a, b) => (op === '+' ? a + b : a - b));
    }
    return value;
  }
  function term(): number | undefined {
    let value = unary();
    while (peek()?.kind === 'op' && (peek().value === '*' || peek().value === '/')) {
      const op = take().value;
      const right = unary();
      value = arithmetic(value, right, (a, b) => (op === '*' ? a * b : b === 0 ? undefined : a / b));
    }
    return value;
  }
  function unary(): number | undefined {
    if (peek()?.kind === 'op' && peek().value === '-') {
      take();
      const value = unary();
      return value === undefined ? undefined : -value;
    }
    return primary();
  }
  function primary(): number | undefined {
    const token = take();
    if (token.kind === 'number') return token.value;
    if (token.kind === 'id') return resolve(token.value);
    if (token.kind === 'op' && token.value === '(') {
      const value = comparison();
      take(')');
      return value;
    }
    if (token.kind === 'fn') {
      take('(');
      const args: (number | undefined)[] = [comparison()];
      while (peek()?.value === ',') {
        take(',');
        args.push(comparison());
      }
      take(')');
      if (token.value === 'FILL' && args.length === 2) return args[0] ?? args[1];
      if (token.value === 'IF' && args.length === 3) return args[0] === undefined ? undefined : args[0] !== 0 ? args[1] : args[2];
      throw new Error(`Metric math: ${token.value} with ${args.length} arguments is not supported here`);
    }
    throw new Error(`Metric math: unexpected ${token.value} in ${expression}`);
  }

  const value = comparison();
  if (position !== tokens.length) throw new Error(`Metric math: trailing input in ${expression}`);
  return value;
}

/** A metric as a dashboard or an alarm names it: namespace, name, dimensions (sorted), statistic. */
export interface MetricRef {
  namespace: string;
  name: string;
  dimensions: Record<string, string>;
  stat?: string;
}

/** One entry of a graph's metrics or an alarm's Metrics: a metric or an expression, with its id and label. */
export type MetricEntry =
  | { id?: string; label?: string; visible: boolean; metric: MetricRef; expression?: undefined }
  | { id?: string; label?: string; visible: boolean; expression: string; metric?: undefined };

export const metricKey = (m: MetricRef) =>
  [m.namespace, m.name, ...Object.entries(m.dimensions).sort(([a], [b]) => a.localeCompare(b)).flat()].join('|');

/**
 * Evaluates every entry of one graph or alarm: metrics through `valueOf`, expressions by their ids
 * within the same entries (an id of another graph is unknown, as in CloudWatch).
 */
export function evaluateEntries(entries: readonly MetricEntry[], valueOf: (metric: MetricRef) => number | undefined) {
  const byId = new Map(entries.filter((e) => e.id !== undefined).map((e) => [e.id!, e]));
  const cache = new Map<string, number | undefined>();
  const resolving = new Set<string>();
  const resolve: Resolve = (id) => {
    if (cache.has(id)) return cache.get(id);
    const entry = byId.get(id);
    if (!entry) throw new Error(`Metric math: unknown id ${id}`);
    if (resolving.has(id)) throw new Error(`Metric math: ${id} references itself`);
    resolving.add(id);
    const value = entry.expression !== undefined ? evaluate(entry.expression, resolve) : valueOf(entry.metric);
    resolving.delete(id);
    cache.set(id, value);
    return value;
  };
  return {
    value: (entry: MetricEntry) =>
      entry.id !== undefined ? resolve(entry.id) : entry.expression !== undefined ? evaluate(entry.expression, resolve) : valueOf(entry.metric),
    resolve,
  };
}

/** A CloudFormation value with tokens ({ Ref }, { Fn::GetAtt }) as plain placeholders: `{{Ref:Id}}`. */
export const tokenText = (part: unknown): string => {
  if (typeof part === 'string') return part;
  const token = part as { Ref?: string; 'Fn::GetAtt'?: string[] };
  if (token.Ref) return `{{Ref:${token.Ref}}}`;
  if (token['Fn::GetAtt']) return `{{GetAtt:${token['Fn::GetAtt'].join('.')}}}`;
  throw new Error(`Unexpected token ${JSON.stringify(part)}`);
};

export interface DashboardWidget {
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  properties: { title?: string; metrics?: unknown[][]; [key: string]: unknown };
}

/** The dashboard body of a synthesized AWS::CloudWatch::Dashboard, tokens as placeholders. */
export function dashboardBody(resource: { Properties: { DashboardBody: unknown } }): { widgets: DashboardWidget[]; [key: string]: unknown } {
  const body = resource.Properties.DashboardBody as string | { 'Fn::Join': [string, unknown[]] };
  const text = typeof body === 'string' ? body : body['Fn::Join'][1].map(tokenText).join(body['Fn::Join'][0]);
  return JSON.parse(text);
}

/** A graph's metrics array as entries. */
export function graphEntries(widget: DashboardWidget): MetricEntry[] {
  return (widget.properties.metrics ?? []).map((row) => {
    const last = row[row.length - 1];
    const options = (typeof last === 'object' && last !== null ? last : {}) as { id?: string; label?: string; visible?: boolean; expression?: string; stat?: string };
    const visible = options.visible !== false;
    if (options.expression !== undefined) return { id: options.id, label: options.label, visible, expression: options.expression };
    const parts = (typeof last === 'object' ? row.slice(0, -1) : row) as string[];
    const [namespace, name, ...dims] = parts;
    const dimensions: Record<string, string> = {};
    for (let i = 0; i < dims.length; i += 2) dimensions[dims[i]] = dims[i + 1];
    return { id: options.id, label: options.label, visible, metric: { namespace, name, dimensions, stat: options.stat } };
  });
}

/** An alarm's Metrics (metric math alarm) as entries, the returned one visible. */
export function alarmEntries(properties: { Metrics: any[] }): MetricEntry[] {
  return properties.Metrics.map((m) => {
    const visible = m.ReturnData !== false;
    if (m.Expression !== undefined) return { id: m.Id, label: m.Label, visible, expression: m.Expression };
    const metric = m.MetricStat.Metric;
    const dimensions: Record<string, string> = {};
    for (const d of metric.Dimensions ?? []) dimensions[d.Name] = tokenText(d.Value);
    return { id: m.Id, label: m.Label, visible, metric: { namespace: metric.Namespace, name: metric.MetricName, dimensions, stat: m.MetricStat.Stat } };
  });
}
