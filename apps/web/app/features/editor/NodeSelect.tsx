import { useQuery } from '@tanstack/react-query';
import { FieldError } from '~/components/FieldError';
import type { FieldErrors } from '~/lib/field-errors';
import { useTRPC } from '~/lib/trpc';
import { EditorTexts } from '~/texts/editor';

/** One chip per node; the chosen one is highlighted. Its error (none chosen) shows under it. */
export function NodeSelect({
  value,
  onChange,
  errors,
}: {
  value: number;
  onChange: (nodeId: number) => void;
  errors: FieldErrors<'nodeId'>;
}) {
  const trpc = useTRPC();
  const nodes = useQuery(trpc.nodes.list.queryOptions()).data ?? [];
  return (
    <div>
      <div
        className="flex flex-wrap gap-2 rounded-md outline-none aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-accent"
        role="radiogroup"
        aria-label={EditorTexts.nodeSelect}
        tabIndex={-1}
        {...errors.control('nodeId')}
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
            onClick={() => {
              errors.clear('nodeId');
              onChange(node.id);
            }}
          >
            {node.name}
          </button>
        ))}
      </div>
      <FieldError errors={errors} field="nodeId" />
    </div>
  );
}
