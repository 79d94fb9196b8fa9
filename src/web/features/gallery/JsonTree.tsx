import { useState } from 'react';
import type { JsonValue } from '@/forms/types';

/** Arrays of plain values this short stay on one line (`required`, `enum`, a step's fields). */
const INLINE_LIMIT = 72;

function isContainer(value: JsonValue): value is JsonValue[] | { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null;
}

function inline(value: JsonValue): string | null {
  if (!isContainer(value)) return JSON.stringify(value);
  const entries = Array.isArray(value) ? value : Object.values(value);
  if (entries.length === 0) return Array.isArray(value) ? '[]' : '{}';
  if (!Array.isArray(value) || entries.some(isContainer)) return null;
  const text = JSON.stringify(value).replace(/,/g, ', ');
  return text.length <= INLINE_LIMIT ? text : null;
}

function Key({ name }: { name?: string }) {
  if (name === undefined) return null;
  return (
    <>
      <span className="json-tree__key">{JSON.stringify(name)}</span>
      <span className="json-tree__punct">: </span>
    </>
  );
}

function Scalar({ value }: { value: JsonValue }) {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return <span className={`json-tree__value json-tree__value--${type}`}>{inline(value)}</span>;
}

interface NodeProps {
  name?: string;
  value: JsonValue;
  depth: number;
  openDepth: number;
}

function JsonNode({ name, value, depth, openDepth }: NodeProps) {
  // Folded branches are drawn when first opened: a bundled schema has thousands of nodes.
  const [open, setOpen] = useState(depth < openDepth);
  if (!isContainer(value) || inline(value) !== null) {
    return (
      <div className="json-tree__leaf">
        <Key name={name} />
        <Scalar value={value} />
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string, JsonValue][] = isArray
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const count = `${entries.length} ${isArray ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  return (
    <details className="json-tree__node" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <Key name={name} />
        <span className="json-tree__punct">{isArray ? '[' : '{'}</span>
        <span className="json-tree__count">{count}</span>
      </summary>
      {open && (
        <div className="json-tree__children">
          {entries.map(([key, child]) => (
            <JsonNode
              key={key}
              name={isArray ? undefined : key}
              value={child}
              depth={depth + 1}
              openDepth={openDepth}
            />
          ))}
        </div>
      )}
      <span className="json-tree__punct">{isArray ? ']' : '}'}</span>
    </details>
  );
}

/** A JSON document as a tree whose objects and arrays fold; the first levels start open. */
export function JsonTree({ value, openDepth = 2 }: { value: JsonValue; openDepth?: number }) {
  return (
    <div className="json-tree">
      <JsonNode value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}
