import { Link } from 'react-router';
import type { TagItem } from '@forum/contracts';

/** Tag chips, each opening the tag's topics. */
export function TagChips({ tags }: { tags: TagItem[] }) {
  return (
    <ul className="flex flex-wrap gap-2.5 px-5 py-5" data-testid="tag-list">
      {tags.map((tag) => (
        <li key={tag.id}>
          <Link
            to={`/topics/tag/${tag.id}`}
            className="inline-block rounded-full border border-line bg-hover px-3 py-1 text-sm text-body hover:border-accent hover:text-accent"
          >
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
