// The syntax tree. Every node carries its source span so the checker and the evaluator can point at
// the exact spot of a problem.

export type BinaryOperator = '+' | '-' | '*' | '/' | '^' | '&' | '=' | '<>' | '<' | '<=' | '>' | '>=';

interface NodeSpan {
  start: number;
  end: number;
}

export type FormulaNode =
  | ({ kind: 'number'; value: number } & NodeSpan)
  | ({ kind: 'string'; value: string } & NodeSpan)
  | ({ kind: 'boolean'; value: boolean } & NodeSpan)
  /** `{name}`, or `{name.column}` for a table column (column is then set). */
  | ({ kind: 'field'; name: string; column: string | null } & NodeSpan)
  | ({ kind: 'unary'; operator: '-' | '+'; operand: FormulaNode } & NodeSpan)
  | ({ kind: 'percent'; operand: FormulaNode } & NodeSpan)
  | ({ kind: 'binary'; operator: BinaryOperator; left: FormulaNode; right: FormulaNode } & NodeSpan)
  /** name is upper-cased; the name itself spans start..start + name.length. */
  | ({ kind: 'call'; name: string; args: FormulaNode[] } & NodeSpan);

export type FieldNode = Extract<FormulaNode, { kind: 'field' }>;
export type CallNode = Extract<FormulaNode, { kind: 'call' }>;

/** The reference string of a field node: 'price' or 'items.price'. */
export function referenceOf(node: FieldNode): string {
  return node.column === null ? node.name : `${node.name}.${node.column}`;
}

export function childrenOf(node: FormulaNode): readonly FormulaNode[] {
  switch (node.kind) {
    case 'unary':
    case 'percent':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'call':
      return node.args;
    default:
      return [];
  }
}

/** Field nodes in source order, walked without recursion so a deep tree cannot overflow. */
export function fieldNodes(root: FormulaNode): FieldNode[] {
  const found: FieldNode[] = [];
  const stack: FormulaNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as FormulaNode;
    if (node.kind === 'field') found.push(node);
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i] as FormulaNode);
  }
  return found;
}
