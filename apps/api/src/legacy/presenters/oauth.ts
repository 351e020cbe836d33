/** The bbs-go wire shape of a third-party sign-in account: the raw `t_third_account` row. */
import type { ThirdAccountRow } from '@forum/core';

/** Keys as `t_third_account`'s json names; `thirdType` / `thirdId` are the provider and its user id. */
export function legacyThirdAccountRow(row: ThirdAccountRow) {
  return {
    id: row.id,
    // A Go sql.NullInt64, as bbs-go serialised the nullable column (§2.1).
    userId: { Int64: row.userId, Valid: row.userId > 0 },
    avatar: row.avatar,
    nickname: row.nickname,
    thirdType: row.provider,
    thirdId: row.providerUserId,
    extraData: row.extraData,
    createTime: row.createTime,
    updateTime: row.updateTime,
  };
}
