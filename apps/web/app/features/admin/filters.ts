/** Turning the console's form strings into procedure inputs. */
import { AdminTexts } from '~/texts/admin';

/** A text filter: blank means no filter. */
export const textFilter = (value: string | undefined) => value?.trim() || undefined;

/** A filter value as a positive id, or undefined. */
export function idValue(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** 0 or 1 from a status select; blank means either. */
export const statusFilter = (value: string | undefined) =>
  value === '0' || value === '1' ? (Number(value) as 0 | 1) : undefined;

/** A whole number from a form field; blank or not a number is `fallback`. */
export function intValue(value: string | undefined, fallback = 0): number {
  const parsed = Number(value);
  return value?.trim() && Number.isSafeInteger(parsed) ? parsed : fallback;
}

export const statusValue = (value: string | undefined) => (value === '1' ? 1 : 0);

/** A yes/no select's value as a boolean; blank means either. */
export const booleanFilter = (value: string | undefined) =>
  value === undefined ? undefined : value === 'true';

/** The options of a yes/no select, with the words the screen uses for each. */
export const booleanOptions = (yes: string, no: string) => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

/** The options of a status select on screens whose items can be deleted and restored. */
export const DELETED_OPTIONS = [
  { value: '0', label: AdminTexts.common.normal },
  { value: '1', label: AdminTexts.common.deleted },
];
