import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';

/** One chip per node; the chosen one is highlighted. */
export function NodeSelect({ value, onChange }: { value: number; onChange: (nodeId: number) => void }) {
  const trpc = useTRPC();
  const nodes = useQuery(trpc.nodes.list.queryOptions()).data ?? [];
  return (
    <div
      className="flex flex-wrap gap-2"
      role="radiogroup"
      aria-label={EditorTexts.nodeSelect}
      data-testid="node-select"
    >
      {nodes.map((node) => (
        <button
          key={node.id}
          type="button"
          role="radio"
          aria-checked={node.id === value}
          className={`rounded-full border px-3 py-1 text-sm ${
            node.id === value
              ? 'border-accent bg-accent-fill text-white'
              : 'border-line text-muted hover:border-accent hover:text-accent'
          }`}
          onClick={() => onChange(node.id)}
        >
          {node.name}
        </button>
      ))}
    </div>
  );
}
