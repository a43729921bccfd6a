// The expression as acorn reads it, and how a refusal names what it refused: the error key, the kind
// of construct, an excerpt of the source.
import { parseExpressionAt, type Node } from 'acorn';
import { ToolError } from '../../lib/errors';
import type { Limits } from './sandbox';

/** Error keys live in the date-playground namespace (this engine's only users are the date tools). */
export const NS = 'date-playground:errors.';

export type AnyNode = Node & Record<string, unknown>;

/** A short excerpt of the source a node came from, for error messages. */
export function snippet(state: { source: string }, node: Node): string {
  const text = state.source.slice(node.start, node.end).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export function notAllowed(state: { source: string }, node: Node, kind: string): ToolError {
  return new ToolError(`${NS}construct`, { part: snippet(state, node), kind });
}

/** The construct's kind for "not allowed" messages (translated as date-playground:kinds.<kind>). */
export function kindOfNode(node: AnyNode): string {
  switch (node.type) {
    case 'TemplateLiteral':
    case 'TaggedTemplateExpression':
      return 'template';
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
    case 'ClassExpression':
      return 'function';
    case 'AssignmentExpression':
    case 'UpdateExpression':
      return 'assignment';
    case 'BinaryExpression':
    case 'LogicalExpression':
    case 'UnaryExpression':
    case 'ConditionalExpression':
    case 'SequenceExpression':
      return 'operator';
    case 'NewExpression':
      return 'new';
    case 'SpreadElement':
      return 'spread';
    case 'ThisExpression':
    case 'MetaProperty':
    case 'Super':
      return 'this';
    case 'ImportExpression':
    case 'AwaitExpression':
    case 'YieldExpression':
      return 'import';
    case 'ChainExpression':
      return 'optional';
    default:
      return 'other';
  }
}

export function parse(source: string, limits: Limits): AnyNode {
  if (source.length > limits.maxLength) throw new ToolError(`${NS}tooLong`, { max: limits.maxLength });
  let node: AnyNode;
  try {
    node = parseExpressionAt(source, 0, { ecmaVersion: 2022, sourceType: 'script' }) as AnyNode;
  } catch (error) {
    const pos = (error as { pos?: number }).pos;
    throw new ToolError(`${NS}syntax`, { column: (typeof pos === 'number' ? pos : 0) + 1 });
  }
  // One expression, optionally followed by a semicolon, and nothing else.
  const rest = source.slice(node.end).replace(/^\s*;?\s*$/, '');
  if (rest) throw new ToolError(`${NS}oneExpression`, { part: rest.trim().slice(0, 40) });
  return node;
}

/** A thrown value's message as plain text, never running anything of the thrown object's but Error's own getter. */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error && typeof error.message === 'string' ? error.message : typeof error === 'string' ? error : 'error';
  return message.slice(0, 200);
}
