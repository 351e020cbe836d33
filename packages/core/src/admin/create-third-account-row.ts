import { nextId } from '../db/counters';
import { isDuplicateKeyError } from '../events/jobs';
import type { RequestContext } from '../request-context';
import { ThirdAccount } from '../oauth/model';
import { authorize } from '../policies';
import { userOrRefuse, accountFields, accountTaken, logAccount } from './rules';
import { getThirdAccountRow, type ThirdAccountRowInput } from './rows';

export async function createThirdAccountRow(ctx: RequestContext, input: ThirdAccountRowInput) {
  const user = authorize(ctx.actor, 'moderate');
  const fields = accountFields(input);
  await userOrRefuse(fields.userId);
  const now = Date.now();
  const id = await nextId('third_account');
  try {
    await ThirdAccount.create({ _id: id, ...fields, createTime: now, updateTime: now });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw accountTaken();
    throw error;
  }
  await logAccount(user, 'create', id, ctx);
  return getThirdAccountRow(user, id);
}
