// fast-check arbitraries for the values an OpenAPI operation takes, derived from its JSON schemas
// (what @fastify/swagger publishes at /api/docs/json), mixed with hostile values: control
// characters, huge and malformed numbers, wrong types, SQL and markup payloads, very long text.
import fc from 'fast-check';

/** The subset of JSON Schema (OpenAPI 3.0 flavour) the API's documents use. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** C0 controls and DEL: tab, newline and carriage return among them (single-line fields refuse them). */
export const CONTROLS = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];

/** Text no route should take as it is. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000@x.test',
  'ab\u0000cd',
  ...CONTROLS.map((c) => `x${c}y`),
  '\ud800',
  'a\udfffb',
  '\u202eevil',
  'a' + '\u0301'.repeat(50),
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '%',
  '\\',
  'ـ'.repeat(300),
  'ا'.repeat(5000),
  'x'.repeat(20_000),
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '2147483648',
  '-2147483649',
  '0x10',
  '1.5',
  'true',
  '[]',
  '{}',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  9e20,
  -9e20,
  1e308,
  Number.MIN_VALUE,
];

/** Any JSON value of the wrong kind: what a careless or hostile client sends instead. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [null], { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}')),
  fc.jsonValue({ maxDepth: 2 }),
);

export type ArbitraryOptions = {
  /** Real ids (courses, units, lessons, batches, students) so some calls reach rows that exist. */
  ids: readonly number[];
};

const pick = <T>(arbitraries: fc.Arbitrary<T>[]): fc.Arbitrary<T> =>
  arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);

function stringArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const maxLength = Math.min(schema.maxLength ?? 40, 60);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...options.ids.map(String)) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  );
}

function numberArbitrary(schema: JsonSchema, options: ArbitraryOptions, integer: boolean) {
  const min = schema.minimum ?? -1_000;
  const max = schema.maximum ?? 1_000_000;
  return fc.oneof(
    { weight: 3, arbitrary: integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }) },
    { weight: 2, arbitrary: fc.constantFrom(...options.ids) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  );
}

function objectArbitrary(schema: JsonSchema, options: ArbitraryOptions, depth: number) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(
    ([key, property]) => [key, valueArbitrary(property, options, depth + 1)] as const,
  );
  const known = fc.record(Object.fromEntries(entries), {
    requiredKeys: [...required].filter((key) => key in properties),
  });
  return fc.oneof(
    { weight: 6, arbitrary: known },
    // Unknown and prototype-polluting keys beside the known ones.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          known,
          fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', '\u0000'), hostileValue),
        )
        .map(([value, extra]) => ({ ...(value as object), ...extra })),
    },
  );
}

/** Values for one schema: mostly of its shape (so calls get past validation), sometimes hostile. */
export function valueArbitrary(
  schema: JsonSchema,
  options: ArbitraryOptions,
  depth = 0,
): fc.Arbitrary<unknown> {
  const shaped = shapedArbitrary(schema, options, depth);
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function shapedArbitrary(
  schema: JsonSchema,
  options: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) {
    const inner = pick(variants.map((variant) => shapedArbitrary(variant, options, depth)));
    return schema.nullable ? fc.option(inner, { nil: null }) : inner;
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type: string = (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? 'any';
  let arbitrary: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      arbitrary = stringArbitrary(schema, options);
      break;
    case 'integer':
      arbitrary = numberArbitrary(schema, options, true);
      break;
    case 'number':
      arbitrary = numberArbitrary(schema, options, false);
      break;
    case 'boolean':
      arbitrary = fc.boolean();
      break;
    case 'array':
      arbitrary =
        depth > 4
          ? fc.constant([])
          : fc.array(valueArbitrary(schema.items ?? {}, options, depth + 1), {
              minLength: Math.min(schema.minItems ?? 0, 3),
              maxLength: Math.min(schema.maxItems ?? 4, 4),
            });
      break;
    case 'object':
      arbitrary = depth > 4 ? fc.constant({}) : objectArbitrary(schema, options, depth);
      break;
    default:
      arbitrary = hostileValue;
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

/**
 * The same value with a control character put into one of its strings (chosen by `pick`, at
 * `position`), or the value unchanged when it holds no string.
 */
export function withControl(value: unknown, control: string, pick: number, position: number): unknown {
  const strings: string[][] = [];
  const collect = (node: unknown, path: string[]) => {
    if (typeof node === 'string') strings.push(path);
    else if (Array.isArray(node)) node.forEach((item, index) => collect(item, [...path, String(index)]));
    else if (typeof node === 'object' && node !== null)
      for (const [key, item] of Object.entries(node)) collect(item, [...path, key]);
  };
  collect(value, []);
  if (strings.length === 0) return value;
  const target = strings[pick % strings.length]!;
  const replace = (node: unknown, depth: number): unknown => {
    if (depth === target.length) {
      const text = node as string;
      const at = position % (text.length + 1);
      return text.slice(0, at) + control + text.slice(at);
    }
    const key = target[depth]!;
    if (Array.isArray(node))
      return node.map((item, index) => (String(index) === key ? replace(item, depth + 1) : item));
    const copy = { ...(node as Record<string, unknown>) };
    copy[key] = replace(copy[key], depth + 1);
    return copy;
  };
  return replace(value, 0);
}
