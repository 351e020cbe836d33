import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/features/toast';
import { useDraft } from './use-draft';

/**
 * The state of a topic or article form: its fields (kept as a draft under `draft` while they are not
 * empty), `set` for one field, and `done` for a successful submit, which drops the draft, toasts the
 * message and opens what was written.
 */
export function useEditorForm<F extends object>({
  draft,
  initial,
  isEmpty,
  detailPath,
}: {
  draft: string;
  initial: () => F;
  isEmpty: (fields: F) => boolean;
  detailPath: (id: number) => string;
}) {
  const navigate = useNavigate();
  const [fields, setFields] = useState<F>(initial);
  const set = <K extends keyof F>(key: K, value: F[K]) => setFields((old) => ({ ...old, [key]: value }));
  const clearDraft = useDraft(draft, fields, isEmpty(fields), setFields);
  const done = (id: number, message: string) => {
    clearDraft();
    toast.success(message);
    void navigate(detailPath(id));
  };
  return { fields, set, done };
}
