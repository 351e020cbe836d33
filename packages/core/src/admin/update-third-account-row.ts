import { Texts } from '@forum/contracts';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { ThirdAccount, type ThirdAccountDoc } from '../oauth/model';
import { authorize } from '../policies';
import { userOrRefuse, accountFields, accountTaken, logAccount } from './rules';
import { getThirdAccountRowForAdmin, type ThirdAccountRowInput } from './rows';

export async function updateThirdAccountRow(ctx: RequestContext, id: number, input: ThirdAccountRowInput) {
  authorize(ctx.actor, 'moderate');
  const current = await ThirdAccount.findById(id).lean<ThirdAccountDoc>();
  if (!current) throw new AppError('INVALID_INPUT', Texts.admin.entityNotFound);
  const fields = accountFields(input, current);
  await userOrRefuse(fields.userId);
  // FerretDB reports a unique violation on an update as a generic error: check first.
  const holder = await ThirdAccount.findOne(
    {
      $or: [
        { provider: fields.provider, providerUserId: fields.providerUserId },
        { userId: fields.userId, provider: fields.provider },
      ],
    },
    { _id: 1 },
  ).lean();
  if (holder && holder._id !== id) throw accountTaken();
  await ThirdAccount.updateOne({ _id: id }, { $set: { ...fields, updateTime: Date.now() } });
  await logAccount(ctx, 'update', id);
  return getThirdAccountRowForAdmin(ctx, id);
}
