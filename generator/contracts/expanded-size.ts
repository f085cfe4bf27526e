import { isRecord } from '../sources/pointer.js';
import type { SourceFile } from '../sources/source-file.js';
import type { ContractSources } from './sources.js';

interface Frame {
  value: object;
  file: SourceFile;
  children: [unknown, SourceFile][] | undefined;
  next: number;
  sum: number;
}

/**
 * Whether the contract, with every `$ref` replaced by what it points at (as a dereferencing library
 * does, loops left as `$ref`s), would have more than `budget` objects and arrays when walked as a
 * tree. `$ref`s that fan out level after level make that number grow exponentially while the files
 * stay small. Each object is sized once (memoized, without recursion), so this costs one walk.
 */
export function expandsBeyond(sources: ContractSources, budget: number): boolean {
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  const root = sources.root.data;
  if (root === null || typeof root !== 'object') return false;
  const stack: Frame[] = [{ value: root, file: sources.root, children: undefined, next: 0, sum: 1 }];
  let last = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (!frame.children) {
      open.add(frame.value);
      frame.children = childrenOf(sources, frame.value, frame.file);
    } else {
      frame.sum = Math.min(budget + 1, frame.sum + last);
    }
    const child = frame.children[frame.next++];
    if (child === undefined) {
      stack.pop();
      open.delete(frame.value);
      sizes.set(frame.value, frame.sum);
      last = frame.sum;
      if (frame.sum > budget) return true;
      continue;
    }
    const [value, file] = child;
    const known = value !== null && typeof value === 'object' ? sizes.get(value) : 0;
    if (known !== undefined || open.has(value as object)) {
      last = known ?? 1;
      continue;
    }
    stack.push({ value: value as object, file, children: undefined, next: 0, sum: 1 });
    last = 0;
  }
  return false;
}

function childrenOf(sources: ContractSources, value: object, file: SourceFile): [unknown, SourceFile][] {
  if (isRecord(value) && typeof value.$ref === 'string') {
    const target = sources.resolve(file, value.$ref);
    return target.ok && target.target.value !== null && typeof target.target.value === 'object'
      ? [[target.target.value, target.target.file]]
      : [];
  }
  const out: [unknown, SourceFile][] = [];
  for (const child of Array.isArray(value) ? value : Object.values(value))
    if (child !== null && typeof child === 'object') out.push([child, file]);
  return out;
}
