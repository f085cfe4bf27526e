import type { Located } from '../contracts/sources.js';
import type { OperationSite } from '../contracts/walk.js';
import type { ChangeGroup } from './change.js';
import type { ChangeLog, Scope } from './change-log.js';
import { code, phrase } from './inline-code.js';
import { parametersOf, requestBodyOf, responsesOf, type BodyPart } from './operation-parts.js';
import type { Direction, SchemaComparer } from './schemas.js';
import type { Side } from './side.js';

const REQUEST: ReadonlySet<Direction> = new Set(['request']);
const RESPONSE: ReadonlySet<Direction> = new Set(['response']);

interface Pair {
  log: ChangeLog;
  before: Side;
  after: Side;
  schemas: SchemaComparer;
}

/** Operations matched by method and path: added, removed, and for the others everything they take and give. */
export function compareOperations(pair: Pair): void {
  const { before, after, log } = pair;
  for (const key of [...new Set([...before.operations.keys(), ...after.operations.keys()])]) {
    const o = before.operations.get(key);
    const n = after.operations.get(key);
    const shown = (n ?? o) as OperationSite;
    const group: ChangeGroup = {
      kind: 'operation',
      method: shown.method,
      path: shown.pathItem.key,
      operationId: operationId(n) ?? operationId(o),
    };
    if (o && !n) {
      // Removed: reported where the path was (or, when the whole path went, in `paths`), since that is where a note can stand.
      const holder =
        [...after.operations.values()].find((s) => s.pathItem.key === o.pathItem.key)?.pathItem.item ??
        after.child(after.root, 'paths') ??
        after.root;
      const scope = { group, root: holder };
      log.add(scope, {
        kind: 'operation-removed',
        breaking: true,
        subject: 'the operation',
        message: 'removed',
        reason: 'integrators that call it get an error',
        at: holder,
        was: o.operation,
      });
    } else if (!o && n) {
      log.add(
        { group, root: n.operation },
        { kind: 'operation-added', breaking: false, subject: 'the operation', message: 'added', at: n.operation },
      );
    } else if (o && n) {
      compareOperation(pair, { group, root: n.operation }, o, n);
    }
  }
}

function operationId(site: OperationSite | undefined): string | undefined {
  const id = site?.operation.value.operationId;
  return typeof id === 'string' ? id : undefined;
}

function compareOperation(pair: Pair, scope: Scope, o: OperationSite, n: OperationSite): void {
  const { log, before, after } = pair;
  const op = n.operation;
  const oldId = operationId(o);
  const newId = operationId(n);
  if (oldId !== newId && oldId !== undefined) {
    log.add(scope, {
      kind: 'operation-id-changed',
      breaking: true,
      subject: 'the operation',
      message: newId
        ? phrase`operationId changed from ${code(oldId)} to ${code(newId)}`
        : phrase`operationId ${code(oldId)} removed`,
      reason: "generated clients and the types' `operations` map use it as the name",
      at: after.raw(op, 'operationId') ?? op,
      was: before.raw(o.operation, 'operationId'),
    });
  } else if (oldId === undefined && newId !== undefined) {
    log.add(scope, {
      kind: 'operation-id-changed',
      breaking: false,
      subject: 'the operation',
      message: phrase`operationId ${code(newId)} added`,
      at: after.raw(op, 'operationId') ?? op,
    });
  }
  if (o.operation.value.deprecated !== true && op.value.deprecated === true)
    log.add(scope, {
      kind: 'deprecated',
      breaking: false,
      subject: 'the operation',
      message: 'deprecated',
      at: after.raw(op, 'deprecated') ?? op,
      was: o.operation,
    });
  if (o.operation.value.deprecated === true && op.value.deprecated !== true)
    log.add(scope, {
      kind: 'undeprecated',
      breaking: false,
      subject: 'the operation',
      message: 'no longer deprecated',
      at: op,
      was: o.operation,
    });
  compareSecurity(pair, scope, o, n);
  compareParameters(pair, scope, o, n);
  compareRequestBody(pair, scope, o, n);
  compareResponses(pair, scope, o, n);
}

/** Each alternative of the security requirements is one way to be let in; losing one locks its users out. */
function compareSecurity({ log, before, after }: Pair, scope: Scope, o: OperationSite, n: OperationSite): void {
  const a = before.security(o.operation);
  const b = after.security(n.operation);
  const anonymous = b.alternatives.length === 0 || b.alternatives.includes('anonymous');
  const at = after.raw(b.node, 'security') ?? n.operation;
  const was = before.raw(a.node, 'security');
  const oldAlternatives = a.alternatives.length === 0 ? ['anonymous'] : a.alternatives;
  const newAlternatives = b.alternatives.length === 0 ? ['anonymous'] : b.alternatives;
  for (const alt of oldAlternatives.filter((x) => !newAlternatives.includes(x))) {
    log.add(scope, {
      kind: 'security-removed',
      breaking: !anonymous,
      subject: 'security',
      message: alt === 'anonymous' ? 'no longer callable without credentials' : `no longer accepts ${alt}`,
      reason:
        alt === 'anonymous'
          ? 'callers without credentials are refused'
          : 'integrators that authenticate that way are refused',
      at,
      was,
    });
  }
  for (const alt of newAlternatives.filter((x) => !oldAlternatives.includes(x))) {
    log.add(scope, {
      kind: 'security-added',
      breaking: false,
      subject: 'security',
      message: alt === 'anonymous' ? 'now callable without credentials' : `now accepts ${alt}`,
      at,
      was,
    });
  }
}

function compareParameters(pair: Pair, scope: Scope, o: OperationSite, n: OperationSite): void {
  const { log, before, after, schemas } = pair;
  const a = parametersOf(before, o);
  const b = parametersOf(after, n);
  for (const [key, p] of b) {
    const q = a.get(key);
    if (!q) {
      log.add(scope, {
        kind: 'parameter-added',
        breaking: p.required,
        subject: p.label,
        message: p.required ? 'added as required' : 'added as optional',
        reason: 'requests without it are refused',
        at: p.node,
      });
      continue;
    }
    if (!q.required && p.required)
      log.add(scope, {
        kind: 'required-added',
        breaking: true,
        subject: p.label,
        message: 'became required',
        reason: 'requests without it are refused',
        at: after.raw(p.node, 'required') ?? p.node,
        was: q.node,
      });
    if (q.required && !p.required)
      log.add(scope, {
        kind: 'required-removed',
        breaking: false,
        subject: p.label,
        message: 'became optional',
        at: p.node,
        was: q.node,
      });
    if (q.node.value.deprecated !== true && p.node.value.deprecated === true)
      log.add(scope, {
        kind: 'deprecated',
        breaking: false,
        subject: p.label,
        message: 'deprecated',
        at: after.raw(p.node, 'deprecated') ?? p.node,
        was: q.node,
      });
    if (q.schema && p.schema) {
      const place = {
        scope,
        directions: REQUEST,
        path: '',
        subject: (path: string) => (path ? phrase`${p.label} field ${code(path)}` : p.label),
      };
      // A Swagger 2.0 parameter is its own schema: already followed, not a `$ref`.
      if (after.swagger2 && before.swagger2) schemas.compareResolved(q.node, p.node, place);
      else schemas.compare(q.schema, p.schema, place);
    }
  }
  for (const [key, q] of a) {
    if (!b.has(key))
      log.add(scope, {
        kind: 'parameter-removed',
        breaking: true,
        subject: q.label,
        message: 'removed',
        reason: 'integrators that send it are no longer understood',
        at: after.raw(n.operation, 'parameters') ?? n.operation,
        was: q.node,
      });
  }
}

function compareRequestBody(pair: Pair, scope: Scope, o: OperationSite, n: OperationSite): void {
  const { log, before, after } = pair;
  const a = requestBodyOf(before, o);
  const b = requestBodyOf(after, n);
  if (!a && b) {
    log.add(scope, {
      kind: 'request-body-added',
      breaking: b.required,
      subject: 'the request body',
      message: b.required ? 'added as required' : 'added as optional',
      reason: 'requests without a body are refused',
      at: b.node,
    });
    return;
  }
  if (a && !b) {
    log.add(scope, {
      kind: 'request-body-removed',
      breaking: true,
      subject: 'the request body',
      message: 'removed',
      reason: 'integrators that send it are no longer understood',
      at: n.operation,
      was: a.node,
    });
    return;
  }
  if (!a || !b) return;
  if (!a.required && b.required)
    log.add(scope, {
      kind: 'required-added',
      breaking: true,
      subject: 'the request body',
      message: 'became required',
      reason: 'requests without a body are refused',
      at: after.raw(b.node, 'required') ?? b.node,
      was: a.node,
    });
  if (a.required && !b.required)
    log.add(scope, {
      kind: 'required-removed',
      breaking: false,
      subject: 'the request body',
      message: 'became optional',
      at: b.node,
      was: a.node,
    });
  compareMedia(pair, scope, a, b, REQUEST, (media) => `the request body (${media})`);
}

/** A response an integrator relied on can go only when it was an error; a success response going is breaking. */
function compareResponses(pair: Pair, scope: Scope, o: OperationSite, n: OperationSite): void {
  const { log, before, after } = pair;
  const a = responsesOf(before, o);
  const b = responsesOf(after, n);
  const responses = after.child(n.operation, 'responses') ?? n.operation;
  for (const [status, q] of a) {
    const p = b.get(status);
    const label = `response ${status}`;
    if (!p) {
      const success = /^2/.test(status);
      log.add(scope, {
        kind: 'response-removed',
        breaking: success,
        subject: label,
        message: 'removed',
        reason: 'integrators that handle it no longer get it',
        at: responses,
        was: q.node,
      });
      continue;
    }
    compareMedia(pair, scope, q, p, RESPONSE, (media) => `${label} (${media})`);
  }
  for (const [status, p] of b) {
    if (!a.has(status))
      log.add(scope, {
        kind: 'response-added',
        breaking: false,
        subject: `response ${status}`,
        message: 'added',
        at: p.node,
      });
  }
}

/**
 * A request loses a media type → integrators sending it are refused; a response loses one →
 * integrators reading it get something else. Gaining one breaks neither.
 */
function compareMedia(
  pair: Pair,
  scope: Scope,
  a: BodyPart,
  b: BodyPart,
  directions: ReadonlySet<Direction>,
  label: (media: string) => string,
): void {
  const { log, after, schemas } = pair;
  const content = after.raw(b.node, 'content') ?? b.node;
  for (const [media, schema] of b.media) {
    if (!a.media.has(media)) {
      log.add(scope, {
        kind: 'media-type-added',
        breaking: false,
        subject: label(media),
        message: 'added',
        at: mediaNode(after, content, media),
      });
      continue;
    }
    const old = a.media.get(media);
    if (old && schema)
      schemas.compare(old, schema, {
        scope,
        directions,
        path: '',
        subject: (path) => (path ? phrase`${label(media)} field ${code(path)}` : label(media)),
      });
  }
  for (const media of a.media.keys()) {
    if (!b.media.has(media))
      log.add(scope, {
        kind: 'media-type-removed',
        breaking: true,
        subject: label(media),
        message: 'removed',
        reason: directions.has('request')
          ? 'integrators that send it are refused'
          : 'integrators that read it get something else',
        at: content,
        was: a.node,
      });
  }
}

function mediaNode(side: Side, content: Located, media: string): Located {
  return side.raw(content, media) ?? content;
}
