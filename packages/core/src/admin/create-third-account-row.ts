import { insertNumbered } from '../db/insert-numbered';
import type { RequestContext } from '../request-context';
import { ThirdAccount, type ThirdAccountDoc } from '../oauth/model';
import { authorize } from '../policies';
import { userOrRefuse, accountFields, accountTaken, logAccount } from './rules';
import { getThirdAccountRowForAdmin, type ThirdAccountRowInput } from './rows';

export async function createThirdAccountRow(ctx: RequestContext, input: ThirdAccountRowInput) {
  authorize(ctx.actor, 'moderate');
  const fields = accountFields(input);
  await userOrRefuse(fields.userId);
  const now = Date.now();
  const { _id: id } = await insertNumbered<ThirdAccountDoc>(
    ThirdAccount,
    'third_account',
    { ...fields, createTime: now, updateTime: now },
    accountTaken,
  );
  await logAccount(ctx, 'create', id);
  return getThirdAccountRowForAdmin(ctx, id);
}
