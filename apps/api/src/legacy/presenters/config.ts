/** The bbs-go wire shape of a stored setting: the raw `t_sys_config` row of the admin API. */
import type { SysConfigRowItem } from '@forum/core';

/** `t_sys_config`'s json keys, built on core's row (the mail password already left out). */
export function legacySysConfigRow(row: SysConfigRowItem) {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    name: row.name,
    description: row.description,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}
